#!/usr/bin/env bash
# Builds libsatcd the way the README says, installs it, and uses it the way an
# outside project would: find_package (shared, static, both, build tree,
# moved prefix, absolute libdir), pkg-config (plain and --static), C and C++,
# the collision core alone and the drawing library (satcd::draw,
# satcd_draw.pc) on top of it, the README's commands and minimal program,
# the Debian packages (metadata, file lists, copyright, lintian, dpkg -i,
# consumers, dpkg -r) and the TGZ archive. Checks the exported symbols,
# that the core holds no drawing code, and the SONAMEs.
#
# usage: check_package.sh <source dir> <work dir>
#   The work dir is emptied first. Needs root for dpkg -i; the packages are
#   purged again at the end, also on failure (purged rather than removed, so
#   that nothing stays in dpkg's database).
set -euo pipefail

src=$(cd "$1" && pwd)
mkdir -p "$2"
work=$(cd "$2" && pwd)
rm -rf "${work:?}"/*
export CMAKE_BUILD_PARALLEL_LEVEL=${CMAKE_BUILD_PARALLEL_LEVEL:-2}
export CMAKE_GENERATOR=Ninja
unset PKG_CONFIG_PATH PKG_CONFIG_LIBDIR CMAKE_PREFIX_PATH

consumer_src=$src/tests/consumer
checks=0
say() { echo "--- $*"; }
pass() { checks=$((checks + 1)); echo "ok: $*"; }
fail() { echo "FAIL: $*" >&2; exit 1; }
# matches <extended regex> <text>: a line of text matches. (Not "cmd | grep -q":
# grep stops reading early, cmd may die of SIGPIPE, and pipefail reports it.)
matches() { grep -Eq -- "$1" <<<"$2"; }

# run_logged <log> <command...>: quiet on success, the log's tail on failure.
run_logged() {
    local log=$1; shift
    if ! "$@" >"$log" 2>&1; then
        tail -n 60 "$log" >&2
        fail "$* (log: $log)"
    fi
}

multiarch=$(gcc -print-multiarch)
deb_arch=$(dpkg --print-architecture)

# --- build exactly as the README says, in a copy of the source ----------------
say "README: cmake --workflow --preset deb-static && cmake --workflow --preset deb"
copy=$work/src
mkdir -p "$copy"
(cd "$src" && tar --exclude=./build --exclude='./build-*' --exclude=./.git -cf - .) | tar -xf - -C "$copy"
(cd "$copy" && run_logged "$work/deb-static.log" cmake --workflow --preset deb-static)
(cd "$copy" && run_logged "$work/deb.log" cmake --workflow --preset deb)
b_shared=$copy/build/deb
b_static=$copy/build/deb-static
(cd "$b_shared" && run_logged "$work/tgz.log" cpack -G TGZ)

version=$(sed -n 's/^#define SATCD_VERSION_STRING "\(.*\)"$/\1/p' "$b_shared/include/satcd/version.h")
major=${version%%.*}
[ -n "$version" ] || fail "no SATCD_VERSION_STRING in the generated version.h"
runtime_pkg=libsatcd$major
pass "built satcd $version (runtime package $runtime_pkg)"

# --- exported symbols and SONAME -------------------------------------------------
# declared <header...>: the functions the headers declare SATCD_API.
declared() {
    perl -0777 -ne 's{/\*.*?\*/}{}gs; while (/\bSATCD_API\b[^;{#]*?\b(satcd_\w+)\s*\(/g) { print "$1\n" }' "$@" \
        | sort -u
}
# check_shared_library <name> <declared list>: SONAME lib<name>.so.N, and it
# exports exactly the declared satcd_* functions.
check_shared_library() {
    local name=$1 want=$2 so soname
    so=$(ls "$b_shared"/lib"$name".so.*.*.*)
    soname=$(objdump -p "$so" | awk '$1 == "SONAME" {print $2}')
    [ "$soname" = "lib$name.so.$major" ] || fail "SONAME is '$soname', want lib$name.so.$major"
    nm -D --defined-only "$so" | awk '{print $NF}' | sort -u >"$work/exported-$name.txt"
    if grep -v '^satcd_' "$work/exported-$name.txt" >"$work/unexpected.txt"; then
        cat "$work/unexpected.txt" >&2
        fail "nm -D lib$name.so: symbols exported besides satcd_*"
    fi
    [ -s "$want" ] || fail "found no SATCD_API declarations for lib$name"
    if ! diff "$want" "$work/exported-$name.txt" >"$work/symbols.diff"; then
        cat "$work/symbols.diff" >&2
        fail "lib$name.so: exported symbols (>) differ from SATCD_API declarations (<)"
    fi
    pass "lib$name.so: SONAME $soname, exactly the $(wc -l <"$want") declared satcd_* functions exported"
}
say "shared libraries: SONAME and exported symbols"
core_headers=()
for h in "$src"/include/satcd/*.h "$b_shared"/include/satcd/*.h; do
    [ "$(basename "$h")" = draw.h ] || core_headers+=("$h")
done
declared "${core_headers[@]}" >"$work/declared-satcd.txt"
declared "$src/include/satcd/draw.h" >"$work/declared-satcd_draw.txt"
check_shared_library satcd "$work/declared-satcd.txt"
check_shared_library satcd_draw "$work/declared-satcd_draw.txt"

say "the collision core holds no drawing code"
# Every global symbol the drawing library defines (its API and its internal
# helpers), then none of them, nor any satcd_draw* name, in the core.
nm -g --defined-only "$b_static/libsatcd_draw.a" | awk 'NF == 3 {print $3}' | sort -u >"$work/draw-symbols.txt"
[ -s "$work/draw-symbols.txt" ] || fail "nm: libsatcd_draw.a defines no symbols"
for core in "$b_static/libsatcd.a" "$b_shared/libsatcd.so.$version"; do
    nm --defined-only "$core" | awk 'NF == 3 {print $3}' | sort -u >"$work/core-symbols.txt"
    if comm -12 "$work/draw-symbols.txt" "$work/core-symbols.txt" | grep . >"$work/core-draw.txt" \
        || grep -i 'draw' "$work/core-symbols.txt" >"$work/core-draw.txt"; then
        cat "$work/core-draw.txt" >&2
        fail "nm $(basename "$core"): the core library defines drawing symbols"
    fi
done
if nm -u "$b_shared/libsatcd.so.$version" | grep -q 'satcd_draw'; then fail "libsatcd.so refers to satcd_draw"; fi
pass "nm: libsatcd.a and libsatcd.so define none of the $(wc -l <"$work/draw-symbols.txt") symbols of libsatcd_draw"
matches "NEEDED.*\[libsatcd\.so\.$major\]" "$(readelf -d "$b_shared/libsatcd_draw.so.$version")" \
    || fail "libsatcd_draw.so does not link libsatcd.so.$major"
pass "libsatcd_draw.so.$major links libsatcd.so.$major"

# --- install prefixes ----------------------------------------------------------------
say "cmake --install into shared, static and combined prefixes"
run_logged "$work/install.log" cmake --install "$b_shared" --prefix "$work/p-shared"
run_logged "$work/install.log" cmake --install "$b_static" --prefix "$work/p-static"
run_logged "$work/install.log" cmake --install "$b_static" --prefix "$work/p-both"
run_logged "$work/install.log" cmake --install "$b_shared" --prefix "$work/p-both"
for f in include/satcd/satcd.h include/satcd/config.h include/satcd/version.h include/satcd/export.h \
         include/satcd/draw.h "lib/$multiarch/libsatcd.so.$major" "lib/$multiarch/libsatcd.so" \
         "lib/$multiarch/libsatcd_draw.so.$major" "lib/$multiarch/libsatcd_draw.so" \
         "lib/$multiarch/cmake/satcd/satcdConfig.cmake" "lib/$multiarch/cmake/satcd/satcdConfigVersion.cmake" \
         "lib/$multiarch/cmake/satcd/satcdTargets-shared.cmake" \
         "lib/$multiarch/cmake/satcd/satcdDrawTargets-shared.cmake" \
         "lib/$multiarch/pkgconfig/satcd.pc" "lib/$multiarch/pkgconfig/satcd_draw.pc"; do
    [ -e "$work/p-shared/$f" ] || fail "shared install lacks $f"
done
for f in libsatcd.a libsatcd_draw.a cmake/satcd/satcdTargets-static.cmake cmake/satcd/satcdDrawTargets-static.cmake; do
    [ -e "$work/p-static/lib/$multiarch/$f" ] || fail "static install lacks $f"
done
! ls "$work/p-static/lib/$multiarch/"libsatcd.so* >/dev/null 2>&1 || fail "static install has a shared library"
! [ -e "$work/p-shared/lib/$multiarch/libsatcd.a" ] || fail "shared install has a static library"
grep -q "^prefix=$work/p-shared\$" "$work/p-shared/lib/$multiarch/pkgconfig/satcd.pc" \
    || fail "satcd.pc prefix is not the --prefix given at install time"
grep -q '^libdir=${prefix}/lib/'"$multiarch"'$' "$work/p-shared/lib/$multiarch/pkgconfig/satcd.pc" \
    || fail "satcd.pc libdir is not prefix-relative"
# satcd.h's inline helpers call libm in the user's own code: -lm is public.
grep -q '^Libs: -L${libdir} -lsatcd -lm$' "$work/p-shared/lib/$multiarch/pkgconfig/satcd.pc" \
    || fail "satcd.pc: $(grep '^Libs:' "$work/p-shared/lib/$multiarch/pkgconfig/satcd.pc"), want -lsatcd -lm"
grep -q "^Requires: satcd = $version\$" "$work/p-shared/lib/$multiarch/pkgconfig/satcd_draw.pc" \
    || fail "satcd_draw.pc does not require satcd $version"
pass "install trees hold what they should; satcd.pc is prefix-relative"

# --- consumers ---------------------------------------------------------------------
# check_linkage <exe> <SHARED|STATIC> [library]: the program links
# lib<library>.so.N (default satcd) or not.
check_linkage() {
    local exe=$1 want=$2 lib=${3:-satcd}
    if matches "NEEDED.*\[lib$lib\.so\.$major\]" "$(readelf -d "$exe")"; then
        [ "$want" = SHARED ] || fail "$exe links lib$lib.so.$major but should be static"
    else
        [ "$want" = STATIC ] || fail "$exe does not link lib$lib.so.$major"
    fi
}
# check_draw_free <exe>: a program of the core alone neither links nor holds the renderer.
check_draw_free() {
    ! matches 'NEEDED.*\[libsatcd_draw\.' "$(readelf -d "$1")" || fail "$1 links libsatcd_draw"
    ! nm "$1" | grep -q 'satcd_draw' || fail "$1 holds drawing code"
}

# consumer_cmake <name> <SHARED|STATIC> <cmake args...>: configure, build, run.
consumer_cmake() {
    local name=$1 want=$2; shift 2
    local dir=$work/consumer-$name
    run_logged "$dir.log" cmake -S "$consumer_src" -B "$dir" -DCMAKE_BUILD_TYPE=Release \
        -DCONSUMER_EXPECT="$want" -DCONSUMER_HOW="$name" "$@"
    run_logged "$dir.build.log" cmake --build "$dir"
    local p
    for p in consumer_c consumer_cpp draw_consumer_c draw_consumer_cpp; do
        "$dir/$p"
        check_linkage "$dir/$p" "$want"
    done
    check_linkage "$dir/draw_consumer_c" "$want" satcd_draw
    check_linkage "$dir/draw_consumer_cpp" "$want" satcd_draw
    check_draw_free "$dir/consumer_c"
    pass "find_package consumer '$name' ($want): satcd::satcd alone, and satcd::draw"
}

# consumer_must_fail <name> <cmake args...>: find_package must refuse.
consumer_must_fail() {
    local name=$1; shift
    if cmake -S "$consumer_src" -B "$work/consumer-$name" "$@" >"$work/consumer-$name.log" 2>&1; then
        fail "find_package consumer '$name' configured but should have failed"
    fi
    pass "find_package consumer '$name' is refused: $(grep -o 'satcd: .*' "$work/consumer-$name.log" | head -n 1)"
}

# consumer_pc <name> <SHARED|STATIC> <pkg-config args...>: cc/c++ with the
# flags of pkg-config satcd (the core programs) and satcd_draw (the drawing ones).
# The C program calls the inline math of vec2.h itself: the -lm it needs
# must come from pkg-config alone.
consumer_pc() {
    local name=$1 want=$2; shift 2
    local dir=$work/consumer-$name libdir module prog
    mkdir -p "$dir"
    libdir=$(pkg-config "$@" --variable=libdir satcd)
    for module in satcd satcd_draw; do
        local cflags libs prefix=
        cflags=$(pkg-config "$@" --cflags $module)
        libs=$(pkg-config "$@" --libs $module)
        [ "$module" = satcd ] || prefix=draw_
        echo "pkg-config $* $module: $cflags $libs" >>"$dir/flags.txt"
        # shellcheck disable=SC2086
        run_logged "$dir/${prefix}cc.log" cc -std=c11 -O2 -Wall -Wextra -Wpedantic -Werror \
            -DCONSUMER_HOW="\"$name\"" $cflags "$consumer_src/${prefix}consumer.c" -o "$dir/${prefix}consumer_c" $libs
        # shellcheck disable=SC2086
        run_logged "$dir/${prefix}cxx.log" c++ -std=c++11 -O2 -Wall -Wextra -Wpedantic -Werror \
            -DCONSUMER_HOW="\"$name\"" $cflags "$consumer_src/${prefix}consumer.cpp" -o "$dir/${prefix}consumer_cpp" $libs
    done
    for prog in consumer_c consumer_cpp draw_consumer_c draw_consumer_cpp; do
        LD_LIBRARY_PATH=$libdir "$dir/$prog"
        check_linkage "$dir/$prog" "$want"
    done
    check_linkage "$dir/draw_consumer_c" "$want" satcd_draw
    check_draw_free "$dir/consumer_c"
    pass "pkg-config consumer '$name' ($want): $(tr '\n' ';' <"$dir/flags.txt")"
}

say "find_package(satcd CONFIG REQUIRED) against the installed prefixes"
consumer_cmake cmake-shared SHARED -DCMAKE_PREFIX_PATH="$work/p-shared"
consumer_cmake cmake-static STATIC -DCMAKE_PREFIX_PATH="$work/p-static"
consumer_cmake cmake-both-default SHARED -DCMAKE_PREFIX_PATH="$work/p-both"
consumer_cmake cmake-both-component-static STATIC -DCMAKE_PREFIX_PATH="$work/p-both" -DCONSUMER_COMPONENTS=static
consumer_cmake cmake-both-component-shared SHARED -DCMAKE_PREFIX_PATH="$work/p-both" -DCONSUMER_COMPONENTS=shared
consumer_cmake cmake-both-use-static STATIC -DCMAKE_PREFIX_PATH="$work/p-both" -Dsatcd_USE_STATIC=ON
consumer_cmake cmake-build-tree SHARED -Dsatcd_DIR="$b_shared"
consumer_cmake cmake-clang STATIC -DCMAKE_PREFIX_PATH="$work/p-both" -Dsatcd_USE_STATIC=ON \
    -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++
grep -q '^CMAKE_C_COMPILER:[A-Z]*=.*clang' "$work/consumer-cmake-clang/CMakeCache.txt" \
    || fail "the clang consumer was not built with clang"
consumer_must_fail cmake-static-asks-shared -DCMAKE_PREFIX_PATH="$work/p-static" -DCONSUMER_COMPONENTS=shared
consumer_must_fail cmake-both-components -DCMAKE_PREFIX_PATH="$work/p-both" "-DCONSUMER_COMPONENTS=shared;static"

say "pkg-config against the installed prefixes"
PKG_CONFIG_PATH=$work/p-shared/lib/$multiarch/pkgconfig consumer_pc pc-shared SHARED
PKG_CONFIG_PATH=$work/p-static/lib/$multiarch/pkgconfig consumer_pc pc-static STATIC --static

say "README: its install, CMake and pkg-config commands (/opt/satcd -> $work/opt-satcd)"
opt=$work/opt-satcd
# readme_block <n>: the n-th fenced block of the README's install section.
readme_block() {
    sed -n '/<!-- install:begin -->/,/<!-- install:end -->/p' "$src/README.md" \
        | awk -v want="$1" '/^```/ { if (inside) { inside = 0 } else { n++; inside = 1 }; next }
                             inside && n == want { print }' \
        | sed "s|/opt/satcd|$opt|g"
}
# (Its apt-get lines are skipped: this script runs after the packages are
# installed; .ci/steps/25-fresh-debian.sh runs them in a fresh root.)
readme_block 1 | grep -v '^apt-get ' >"$work/readme-install.sh"
readme_block 3 >"$work/readme-cmake.sh"
readme_block 4 | awk '/^cc app\.c/ { sub(/^cc app\.c/, "cc app/consumer.c -o readme-pc-" ++n) } { print }' \
    >"$work/readme-pc.sh"
grep -q -- '--install build/shared' "$work/readme-install.sh" || fail "README: no install block"
grep -q -- '-S app -B app/build' "$work/readme-cmake.sh" || fail "README: no CMake block"
[ "$(grep -c '^cc app/consumer.c' "$work/readme-pc.sh")" = 2 ] || fail "README: no pkg-config block"
(cd "$copy" && run_logged "$work/readme-install.log" bash -euo pipefail "$work/readme-install.sh")
mkdir -p "$work/readme/app"
cp "$consumer_src"/CMakeLists.txt "$consumer_src"/*.h "$consumer_src"/*consumer.c "$consumer_src"/*consumer.cpp "$work/readme/app/"
(cd "$work/readme" && run_logged "$work/readme-cmake.log" bash -euo pipefail "$work/readme-cmake.sh")
run_logged "$work/readme-cmake.build.log" cmake --build "$work/readme/app/build"
"$work/readme/app/build/consumer_c"
check_linkage "$work/readme/app/build/consumer_c" SHARED
grep -q -- '-Wl,-rpath,$(pkg-config --variable=libdir satcd)' "$work/readme-pc.sh" || fail "README: no rpath in the shared line"
(cd "$work/readme" && run_logged "$work/readme-pc.log" bash -euo pipefail "$work/readme-pc.sh")
"$work/readme/readme-pc-1"   # no LD_LIBRARY_PATH: the rpath finds the library
check_linkage "$work/readme/readme-pc-1" SHARED
"$work/readme/readme-pc-2"
check_linkage "$work/readme/readme-pc-2" STATIC
pass "README commands: install, find_package (shared), pkg-config (shared with rpath, and static from a prefix with both)"

say "README: a shared-library program from a custom prefix without rpath, and LD_LIBRARY_PATH"
# The README's first pkg-config line without its -Wl,-rpath: builds, does not start.
grep -m 1 '^cc app/consumer.c' "$work/readme-pc.sh" | sed 's/ -o readme-pc-1 / -o a.out /; s/ -Wl,-rpath,.*$//' \
    >"$work/readme-norpath.sh"
(cd "$work/readme" && PKG_CONFIG_PATH=$opt/lib/pkgconfig run_logged "$work/readme-norpath.log" \
    bash -euo pipefail "$work/readme-norpath.sh")
if (cd "$work/readme" && ./a.out) >"$work/readme-norpath.run" 2>&1; then
    fail "a program linked against $opt/lib without rpath started without LD_LIBRARY_PATH"
fi
grep -q "libsatcd.so.$major: cannot open shared object file" "$work/readme-norpath.run" \
    || fail "unexpected failure: $(cat "$work/readme-norpath.run")"
run_command=$(grep -o 'LD_LIBRARY_PATH=/opt/satcd/lib ./a.out' "$src/README.md" | head -n 1 | sed "s|/opt/satcd|$opt|g")
[ -n "$run_command" ] || fail "README: no LD_LIBRARY_PATH command"
(cd "$work/readme" && run_logged "$work/readme-ld-library-path.log" bash -euo pipefail -c "$run_command")
pass "README: without rpath the program fails as the README says; '$run_command' runs it"

# --- the README's minimal program ------------------------------------------------
# readme_example <dir>: the README's minimal program as example.c and its build
# command as build.sh, both taken from the README's text.
readme_example() {
    mkdir -p "$1"
    awk '/^## A minimal program/ { section = 1 } section && /^```c$/ { inside = 1; next }
         inside && /^```$/ { exit } inside { print }' "$src/README.md" >"$1/example.c"
    grep -q 'satcd_collide_polygons' "$1/example.c" || fail "README: no minimal program"
    tr '\n' ' ' <"$src/README.md" | grep -o '`cc example\.c [^`]*`' | head -n 1 | tr -d '`' >"$1/build.sh"
    grep -q '^cc example.c ' "$1/build.sh" || fail "README: no build command for the minimal program"
}
# run_example <dir> [env...]: build as the README says (with the pkg-config
# path set by the caller), run, and check that it reports the overlap.
run_example() {
    local dir=$1; shift
    (cd "$dir" && run_logged "$dir/build.log" bash -euo pipefail build.sh)
    (cd "$dir" && env "$@" ./a.out) >"$dir/run.log" 2>&1 || { cat "$dir/run.log" >&2; fail "$dir/a.out failed"; }
    grep -q '^overlap: move B by ' "$dir/run.log" && grep -q '^contact at ' "$dir/run.log" \
        || fail "$dir/a.out: $(cat "$dir/run.log")"
}
say "README: the minimal program, built as the README says, against $opt"
readme_example "$work/example-opt"
PKG_CONFIG_PATH=$opt/lib/pkgconfig run_example "$work/example-opt" LD_LIBRARY_PATH="$opt/lib"
pass "README minimal program: '$(cat "$work/example-opt/build.sh")' links against $opt and runs"

say "relocation: the shared prefix moved elsewhere"
mv "$work/p-shared" "$work/p-moved"
consumer_cmake cmake-moved SHARED -DCMAKE_PREFIX_PATH="$work/p-moved"
grep -q "$work/p-moved/lib/$multiarch/libsatcd.so" "$work/consumer-cmake-moved/build.ninja" \
    || fail "moved prefix: consumer does not link the moved library"
PKG_CONFIG_PATH=$work/p-moved/lib/$multiarch/pkgconfig \
    consumer_pc pc-moved SHARED --define-variable=prefix="$work/p-moved"

say "absolute CMAKE_INSTALL_LIBDIR"
run_logged "$work/abs.log" cmake -S "$copy" -B "$work/build-abs" -DCMAKE_BUILD_TYPE=Release \
    -DBUILD_SHARED_LIBS=OFF -DSATCD_BUILD_TESTS=OFF -DSATCD_BUILD_EXAMPLES=OFF -DSATCD_BUILD_TOOLS=OFF \
    -DCMAKE_INSTALL_PREFIX="$work/abs" -DCMAKE_INSTALL_LIBDIR="$work/abs/lib64"
run_logged "$work/abs.build.log" cmake --build "$work/build-abs"
run_logged "$work/abs.install.log" cmake --install "$work/build-abs"
pc=$work/abs/lib64/pkgconfig/satcd.pc
grep -q '^libdir=${prefix}/lib64$' "$pc" || fail "absolute libdir inside the prefix: $(grep libdir= "$pc")"
PKG_CONFIG_PATH=$work/abs/lib64/pkgconfig consumer_pc pc-abs-libdir STATIC --static
consumer_cmake cmake-abs-libdir STATIC -Dsatcd_DIR="$work/abs/lib64/cmake/satcd"
# The same build installed under another prefix: the libdir now lies outside it.
run_logged "$work/abs2.install.log" cmake --install "$work/build-abs" --prefix "$work/abs2"
grep -q "^prefix=$work/abs2\$" "$pc" || fail "prefix not updated: $(grep prefix= "$pc")"
grep -q "^libdir=$work/abs/lib64\$" "$pc" || fail "absolute libdir outside the prefix: $(grep libdir= "$pc")"
grep -q '^includedir=${prefix}/include$' "$pc" || fail "includedir: $(grep includedir= "$pc")"
PKG_CONFIG_PATH=$work/abs/lib64/pkgconfig consumer_pc pc-abs-libdir-outside STATIC --static

# --- the TGZ archive -----------------------------------------------------------------
say "cpack -G TGZ: unpack anywhere and use"
tgz=$(ls "$b_shared"/satcd-"$version"-*.tar.gz)
mkdir -p "$work/tgz"
tar -xzf "$tgz" -C "$work/tgz"
tgz_root=$(ls -d "$work"/tgz/satcd-*)
for f in "lib/$multiarch/libsatcd.a" "lib/$multiarch/libsatcd.so.$major" include/satcd/satcd.h \
         "lib/$multiarch/libsatcd_draw.a" "lib/$multiarch/libsatcd_draw.so.$major" include/satcd/draw.h \
         "lib/$multiarch/cmake/satcd/satcdConfig.cmake" "lib/$multiarch/pkgconfig/satcd.pc" \
         "lib/$multiarch/pkgconfig/satcd_draw.pc"; do
    [ -e "$tgz_root/$f" ] || fail "TGZ lacks $f"
done
consumer_cmake cmake-tgz SHARED -DCMAKE_PREFIX_PATH="$tgz_root"
PKG_CONFIG_PATH=$tgz_root/lib/$multiarch/pkgconfig consumer_pc pc-tgz SHARED

# --- Debian packages -----------------------------------------------------------------
say "cpack -G DEB: package metadata and file lists"
draw_pkg=libsatcd-draw$major
deb_runtime=$b_shared/${runtime_pkg}_${version}_${deb_arch}.deb
deb_draw=$b_shared/${draw_pkg}_${version}_${deb_arch}.deb
deb_dev=$b_shared/libsatcd-dev_${version}_${deb_arch}.deb
deb_tools=$b_shared/satcd-tools_${version}_${deb_arch}.deb
for deb in "$deb_runtime" "$deb_draw" "$deb_dev"; do [ -f "$deb" ] || fail "missing $deb"; done
debs=("$deb_runtime" "$deb_draw" "$deb_dev")
pkgs=("$runtime_pkg" "$draw_pkg" libsatcd-dev)
# A tools component exists when the build has install rules for it.
if grep -rqs --include=cmake_install.cmake 'CMAKE_INSTALL_COMPONENT STREQUAL "tools"' "$b_shared"; then
    [ -f "$deb_tools" ] || fail "the build installs a tools component but $deb_tools is missing"
    debs+=("$deb_tools")
    pkgs+=(satcd-tools)
fi

# field <deb> <name>: one control field.
field() { dpkg-deb -f "$1" "$2"; }
# files <deb>: the package's regular files and links, without the leading "./".
files() { dpkg-deb -c "$1" | awk '$1 !~ /^d/ {print $6}' | sed 's|^\./||' | sort; }

for i in "${!debs[@]}"; do
    deb=${debs[$i]} want=${pkgs[$i]}
    [ "$(field "$deb" Package)" = "$want" ] || fail "$deb: Package is $(field "$deb" Package), want $want"
    [ "$(field "$deb" Version)" = "$version" ] || fail "$deb: Version $(field "$deb" Version), want $version"
    [ "$(field "$deb" Architecture)" = "$deb_arch" ] || fail "$deb: Architecture $(field "$deb" Architecture)"
    [ -n "$(field "$deb" Maintainer)" ] && [ -n "$(field "$deb" Description)" ] || fail "$deb: no Maintainer/Description"
done
matches '(^|, )libc6 \(>= [0-9.]+\)' "$(field "$deb_runtime" Depends)" \
    || fail "runtime Depends lacks libc6 from dpkg-shlibdeps: $(field "$deb_runtime" Depends)"
[ "$(field "$deb_runtime" Section)" = libs ] || fail "runtime Section $(field "$deb_runtime" Section)"
[ "$(field "$deb_draw" Section)" = libs ] || fail "draw runtime Section $(field "$deb_draw" Section)"
matches "(^|, )$runtime_pkg \(= $version\)" "$(field "$deb_draw" Depends)" \
    || fail "draw runtime Depends lacks $runtime_pkg (= $version): $(field "$deb_draw" Depends)"
[ "$(field "$deb_dev" Depends)" = "$runtime_pkg (= $version), $draw_pkg (= $version)" ] \
    || fail "dev Depends is '$(field "$deb_dev" Depends)', want '$runtime_pkg (= $version), $draw_pkg (= $version)'"
[ "$(field "$deb_dev" Section)" = libdevel ] || fail "dev Section $(field "$deb_dev" Section)"
if [ "${#debs[@]}" = 4 ]; then
    for p in "$runtime_pkg" "$draw_pkg"; do
        matches "(^|, )$p \(= $version\)" "$(field "$deb_tools" Depends)" \
            || fail "tools Depends lacks $p (= $version): $(field "$deb_tools" Depends)"
    done
fi
mkdir -p "$work/control"
dpkg-deb -e "$deb_runtime" "$work/control/runtime"
grep -qx "libsatcd $major $runtime_pkg (>= $version)" "$work/control/runtime/shlibs" \
    || fail "runtime shlibs: $(cat "$work/control/runtime/shlibs" 2>/dev/null)"
dpkg-deb -e "$deb_draw" "$work/control/draw"
grep -qx "libsatcd_draw $major $draw_pkg (>= $version)" "$work/control/draw/shlibs" \
    || fail "draw runtime shlibs: $(cat "$work/control/draw/shlibs" 2>/dev/null)"
pass "control fields: names, version $version, $deb_arch, Depends, Section, shlibs"

libdir=usr/lib/$multiarch
# docs <package>: what every package carries in /usr/share/doc/<package>.
docs() { printf '%s\n' "usr/share/doc/$1/changelog.gz" "usr/share/doc/$1/copyright"; }
{ printf '%s\n' "$libdir/libsatcd.so.$major" "$libdir/libsatcd.so.$version"; docs "$runtime_pkg"; } | sort \
    >"$work/want-runtime.txt"
files "$deb_runtime" >"$work/runtime-files.txt"
diff "$work/want-runtime.txt" "$work/runtime-files.txt" || fail "runtime package file list"
{ printf '%s\n' "$libdir/libsatcd_draw.so.$major" "$libdir/libsatcd_draw.so.$version"; docs "$draw_pkg"; } | sort \
    >"$work/want-draw.txt"
files "$deb_draw" >"$work/draw-files.txt"
diff "$work/want-draw.txt" "$work/draw-files.txt" || fail "draw runtime package file list"
{
    for h in "$src"/include/satcd/*.h; do echo "usr/include/satcd/$(basename "$h")"; done
    printf '%s\n' usr/include/satcd/config.h usr/include/satcd/version.h \
        "$libdir/libsatcd.a" "$libdir/libsatcd.so" "$libdir/pkgconfig/satcd.pc" \
        "$libdir/libsatcd_draw.a" "$libdir/libsatcd_draw.so" "$libdir/pkgconfig/satcd_draw.pc" \
        "$libdir/cmake/satcd/satcdConfig.cmake" "$libdir/cmake/satcd/satcdConfigVersion.cmake"
    docs libsatcd-dev
    for t in satcdTargets satcdDrawTargets; do
        for kind in shared static; do
            printf '%s\n' "$libdir/cmake/satcd/$t-$kind.cmake" "$libdir/cmake/satcd/$t-$kind-release.cmake"
        done
    done
} | sort -u >"$work/want-dev.txt"
files "$deb_dev" >"$work/dev-files.txt"
diff "$work/want-dev.txt" "$work/dev-files.txt" || fail "dev package file list (< wanted, > found)"
if [ "${#debs[@]}" = 4 ]; then
    files "$deb_tools" >"$work/tools-files.txt"
    grep -qx usr/bin/satcd "$work/tools-files.txt" || fail "tools package lacks usr/bin/satcd"
    docs satcd-tools | while read -r f; do grep -qx "$f" "$work/tools-files.txt" || fail "tools package lacks $f"; done
    ! grep -q '^usr/lib\|^usr/include' "$work/tools-files.txt" || fail "tools package carries library files"
fi
backend=$(dpkg-deb --fsys-tarfile "$deb_dev" | tar -xOf - ./usr/include/satcd/config.h \
    | sed -n 's/^#define SATCD_SIMD_BACKEND_NAME "\(.*\)"$/\1/p')
# A package must run on every CPU of its architecture and use the best
# backend the CPU has: DISPATCH, which is NEON on arm64 and scalar where
# there is no SIMD backend.
case $deb_arch in
    amd64) want_backend=dispatch ;;
    arm64) want_backend=neon ;;
    *) want_backend=scalar ;;
esac
[ "$backend" = "$want_backend" ] || fail "packages must be built with SATCD_SIMD=DISPATCH; config.h says backend '$backend', want '$want_backend'"
pass "file lists: runtime $(wc -l <"$work/runtime-files.txt"), draw $(wc -l <"$work/draw-files.txt"), dev $(wc -l <"$work/dev-files.txt") files"

say "copyright files: machine-readable (DEP-5), the license of LICENSE"
for i in "${!debs[@]}"; do
    deb=${debs[$i]} p=${pkgs[$i]}
    copyright=$(dpkg-deb --fsys-tarfile "$deb" | tar -xOf - "./usr/share/doc/$p/copyright")
    [ "$(head -n 1 <<<"$copyright")" = "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/" ] \
        || fail "$p: copyright is not DEP-5"
    matches '^Files: \*$' "$copyright" && matches '^License: Expat$' "$copyright" \
        && matches "^Copyright: $(sed -n 's/^Copyright (c) //p' "$src/LICENSE")\$" "$copyright" \
        || fail "$p: copyright lacks its Files, Copyright or License field"
    # The license paragraph, unindented, is LICENSE after its copyright line.
    diff <(awk 'on { print } prev == "" && $0 == "License: Expat" { on = 1 } { prev = $0 }' <<<"$copyright" \
            | sed 's/^ //; s/^\.$//') \
        <(sed -n '/^Copyright (c)/,$p' "$src/LICENSE" | tail -n +2 | sed '/./,$!d') >"$work/copyright.diff" \
        || { cat "$work/copyright.diff" >&2; fail "$p: the license text differs from LICENSE"; }
    dpkg-deb --fsys-tarfile "$deb" | tar -xOf - "./usr/share/doc/$p/changelog.gz" | gzip -dc | head -n 1 \
        | grep -q "^satcd ($version) " || fail "$p: changelog.gz does not start with version $version"
done
pass "every package: DEP-5 copyright with the text of LICENSE, changelog.gz of $version"

say "lintian: no error or warning that docs/packaging.md does not explain"
# The explained tags are the first column of the table in docs/packaging.md.
sed -n 's/^| `\([a-z0-9-]*\)` |.*/\1/p' "$src/docs/packaging.md" | sort -u >"$work/lintian-explained.txt"
[ -s "$work/lintian-explained.txt" ] || fail "docs/packaging.md lists no lintian tags"
lintian --tag-display-limit 0 --display-info "${debs[@]}" >"$work/lintian.txt" 2>&1 || true
sed -n 's/^\([EW]\): [^ ]*: \([a-z0-9-]*\).*/\2/p' "$work/lintian.txt" | sort -u >"$work/lintian-found.txt"
if comm -23 "$work/lintian-found.txt" "$work/lintian-explained.txt" | grep . >"$work/lintian-new.txt"; then
    grep -E "^[EW]: [^ ]*: ($(paste -sd '|' "$work/lintian-new.txt"))( |$)" "$work/lintian.txt" >&2
    fail "lintian: errors or warnings not explained in docs/packaging.md: $(paste -sd ' ' "$work/lintian-new.txt")"
fi
# A tag explained but no longer reported is stale in the docs (info tags are
# listed for the record; they are shown but never fail).
for tag in $(comm -13 "$work/lintian-found.txt" "$work/lintian-explained.txt"); do
    grep -q ": $tag\( \|$\)" "$work/lintian.txt" || fail "docs/packaging.md explains lintian tag $tag, which lintian no longer reports"
done
pass "lintian: $(grep -c '^E: ' "$work/lintian.txt" || true) errors, $(grep -c '^W: ' "$work/lintian.txt" || true) warnings, all explained; $(grep -c '^I: ' "$work/lintian.txt" || true) infos"

say "dpkg -i, consume the system install, dpkg --purge"
[ "$(id -u)" = 0 ] || fail "dpkg -i needs root"
# dpkg_waiting <args...>: dpkg, waiting up to 10 minutes while another
# process (an apt-get elsewhere on the machine) holds dpkg's lock.
dpkg_waiting() {
    local tries=120 out
    while ! out=$(dpkg "$@" 2>&1); do
        if ! grep -q 'lock' <<<"$out" || [ $((tries -= 1)) = 0 ]; then
            echo "$out" >&2
            return 1
        fi
        sleep 5
    done
    echo "$out"
}
remove_packages() {
    local installed=()
    for p in satcd-tools libsatcd-dev "$draw_pkg" "$runtime_pkg"; do
        if dpkg -s "$p" >/dev/null 2>&1; then installed+=("$p"); fi
    done
    if [ "${#installed[@]}" -gt 0 ]; then dpkg_waiting --purge "${installed[@]}" >/dev/null; fi
}
remove_packages
trap remove_packages EXIT
run_logged "$work/dpkg-i.log" dpkg_waiting -i "${debs[@]}"
matches '^Status: install ok installed' "$(dpkg -s libsatcd-dev)" || fail "libsatcd-dev not installed"
consumer_cmake deb-cmake-shared SHARED
grep -q "^satcd_DIR:PATH=/usr/lib/$multiarch/cmake/satcd\$" "$work/consumer-deb-cmake-shared/CMakeCache.txt" \
    || fail "find_package did not use the system package"
consumer_cmake deb-cmake-static STATIC -DCONSUMER_COMPONENTS=static
consumer_pc deb-pc-shared SHARED
# The installed libraries, shared and static, run the best backend this CPU
# has (read from /proc/cpuinfo), and SATCD_SIMD_FORCE=scalar forces scalar.
if [ "$deb_arch" = amd64 ]; then
    best=scalar
    grep -qw sse4_1 /proc/cpuinfo && best=sse41
    grep -qw avx2 /proc/cpuinfo && best=avx2
    for kind in shared static; do
        prog=$work/consumer-deb-cmake-$kind/consumer_c
        in_use=$("$prog" | sed -n 's/.*, backend \([a-z0-9]*\), .*/\1/p')
        [ "$in_use" = "$best" ] || fail "the $kind system library runs backend '$in_use' on a CPU whose best is $best"
        forced=$(SATCD_SIMD_FORCE=scalar "$prog" | sed -n 's/.*, backend \([a-z0-9]*\), .*/\1/p')
        [ "$forced" = scalar ] || fail "the $kind system library ignores SATCD_SIMD_FORCE=scalar (runs '$forced')"
    done
    [ "$best" != scalar ] || echo "note: this CPU has no SSE4.1, so the packages rightly run the scalar backend"
    pass "the installed libraries (shared and static) run $best here, scalar when forced"
fi
[ "$(pkg-config --variable=libdir satcd)" = "/usr/lib/$multiarch" ] || fail "system satcd.pc libdir"
readme_example "$work/example-deb"
run_example "$work/example-deb"
pass "README minimal program: '$(cat "$work/example-deb/build.sh")' links against the packages and runs"
if [ "${#debs[@]}" = 4 ]; then
    # (/lib is /usr/lib on a merged-/usr system; ld.so may name either)
    matches "libsatcd\.so\.$major => (/usr)?/lib/$multiarch/libsatcd\.so\.$major" "$(ldd /usr/bin/satcd)" \
        || fail "/usr/bin/satcd does not load the packaged library"
    pass "satcd-tools: /usr/bin/satcd loads /usr/lib/$multiarch/libsatcd.so.$major"
    # The README's way to see the backend: satcd --version names config.h's,
    # or for a dispatching library the one it chose on this CPU.
    in_use=$(satcd --version | sed -n "s/^satcd $version (\(.*\) backend)\$/\1/p")
    case $backend in
        dispatch) matches '^(scalar|sse41|avx2|neon)$' "$in_use" ;;
        *) [ "$in_use" = "$backend" ] ;;
    esac || fail "satcd --version: '$(satcd --version)', config.h says backend '$backend'"
    pass "satcd --version: $(satcd --version)"
    if [ "$deb_arch" = amd64 ]; then
        # and on this CPU it is the best one, or scalar when forced.
        [ "$in_use" = "$best" ] || fail "satcd --version says '$(satcd --version)', want the $best backend"
        matches "^satcd $version \(scalar backend\)\$" "$(SATCD_SIMD_FORCE=scalar satcd --version)" \
            || fail "SATCD_SIMD_FORCE=scalar satcd --version says '$(SATCD_SIMD_FORCE=scalar satcd --version)'"
    fi
fi
remove_packages
trap - EXIT
! dpkg -s libsatcd-dev >/dev/null 2>&1 || fail "libsatcd-dev still known to dpkg after dpkg --purge"
[ ! -e /usr/include/satcd ] && [ ! -e "/usr/lib/$multiarch/libsatcd.so.$major" ] \
    && [ ! -e "/usr/lib/$multiarch/libsatcd_draw.so.$major" ] || fail "files left after dpkg --purge"
pass "dpkg --purge removed every file"

echo "=== package checks passed: $checks checks"
