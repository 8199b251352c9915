#!/usr/bin/env bash
# The satcd tool, its SVG pictures and the API reference:
#  - Doxygen builds the reference with no warning (every public symbol documented);
#  - the drawing tests run with a decimal-comma locale installed (output must not change);
#  - the tool's golden tests pass;
#  - `satcd demo` writes its pictures, each well-formed (xmllint) and renderable (rsvg-convert);
#  - the pictures committed under docs/images are well-formed too.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
packages="cmake ninja-build gcc pkg-config libcmocka-dev libgeos-dev python3 doxygen libxml2-utils librsvg2-bin locales"
echo "50-tool-docs: installing $packages"
apt-get install -y -qq --no-install-recommends $packages >/dev/null ||
    { apt-get update -qq && apt-get install -y -qq --no-install-recommends $packages >/dev/null; }

echo "50-tool-docs: generating the de_DE.UTF-8 locale (decimal comma)"
sed -i 's/^# *\(de_DE.UTF-8 UTF-8\)/\1/' /etc/locale.gen
grep -q '^de_DE.UTF-8 UTF-8' /etc/locale.gen || echo 'de_DE.UTF-8 UTF-8' >> /etc/locale.gen
locale-gen >/dev/null

build=build/ci-tool-docs
rm -rf "$build"
mkdir -p "$build"
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DSATCD_BUILD_TESTS=ON -DSATCD_BUILD_TOOLS=ON >"$build/configure.log" 2>&1 ||
    { cat "$build/configure.log"; exit 1; }
cmake --build "$build" -j2 --target satcd_cli test_draw

echo "50-tool-docs: Doxygen API reference (fails on any warning)"
cmake --build "$build" --target docs
if [ -s "$build/docs/doxygen-warnings.log" ]; then
    cat "$build/docs/doxygen-warnings.log"
    echo "50-tool-docs: Doxygen warnings" >&2
    exit 1
fi
test -f "$build/docs/html/index.html"
echo "  reference: $(ls "$build/docs/html" | wc -l) files, no warnings"

echo "50-tool-docs: drawing tests with a decimal-comma locale available"
out=$("$build/tests/test_draw" 2>&1) || { echo "$out"; exit 1; }
echo "$out" | tail -2
if echo "$out" | grep -q SKIPPED; then
    echo "$out"
    echo "50-tool-docs: the locale test was skipped" >&2
    exit 1
fi

echo "50-tool-docs: golden tests of the tool"
(cd "$build" && ctest -R '^tool_golden$' --output-on-failure --no-tests=error)

echo "50-tool-docs: satcd demo, xmllint, rsvg-convert"
demo="$build/demo"
"$build/tools/satcd" demo "$demo"
count=0
for svg in "$demo"/*.svg docs/images/*.svg; do
    [ -e "$svg" ] || continue
    xmllint --noout "$svg"
    png="$build/png/$(basename "$(dirname "$svg")")-$(basename "${svg%.svg}").png"
    mkdir -p "$build/png"
    rsvg-convert -o "$png" "$svg"
    test -s "$png"
    count=$((count + 1))
done
[ "$(ls "$demo"/*.svg | wc -l)" -ge 7 ] || { echo "50-tool-docs: demo wrote too few pictures" >&2; exit 1; }
echo "50-tool-docs: $count pictures well-formed and rendered; all checks passed"
