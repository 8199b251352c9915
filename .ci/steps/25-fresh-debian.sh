#!/usr/bin/env bash
# The README as a new user meets it: a fresh Debian 12 root (debootstrap
# --variant=minbase bookworm, from the Debian mirror apt uses on this
# machine), a copy of this repository in it, and in that root, as root,
# exactly the README's commands, taken from README.md:
#   1. the test command, first, while nothing is installed;
#   2. the quick start (build, then `satcd demo` writes ./satcd-demo/);
#   3. the Debian package commands (build, apt-get install ./build/deb/*.deb);
#   4. the minimal program, built as the README says against the packages.
#
# Nothing is kept between runs: every run bootstraps a new root from the
# mirror and downloads what the README's apt-get commands install. Everything
# mounted in the root is unmounted on exit, also on failure; the root is
# removed after a run that passed.
set -euo pipefail
cd "$(dirname "$0")/../.."
src=$PWD
work=${SATCD_FRESH_DIR:-$src/build/ci-fresh-debian}
root=$work/root
start=$(date +%s)
say() { echo "25-fresh-debian: $* ($(( $(date +%s) - start )) s)"; }
fail() { echo "25-fresh-debian: FAIL: $*" >&2; exit 1; }

if ! command -v debootstrap >/dev/null; then
    apt-get install -y -qq --no-install-recommends debootstrap >/dev/null \
        || { apt-get update -qq && apt-get install -y -qq --no-install-recommends debootstrap >/dev/null; }
fi
[ "$(id -u)" = 0 ] || fail "needs root (debootstrap, chroot, mount)"

# The mirror apt uses here for Debian itself (deb822 .sources or one-line lists).
mirror=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.sources /etc/apt/sources.list.d/*.list 2>/dev/null \
    | awk '/^URIs:/ { uri = $2 } /^Suites:.*bookworm( |$)/ && uri { print uri; exit }
           /^deb .* bookworm / { print ($2 ~ /^\[/ ? $3 : $2); exit }' || true)
mirror=${mirror:-http://deb.debian.org/debian}

# unmount_all: every mount under the root, deepest first.
unmount_all() {
    local m
    for m in $(awk -v r="$root/" 'index($2, r) == 1 { print $2 }' /proc/mounts | sort -r); do
        umount "$m" 2>/dev/null || umount -l "$m"
    done
}
# remove_root: unmount, make sure nothing is mounted under the root any more
# (/proc or /sys must never be deleted through it), then delete it.
remove_root() {
    unmount_all
    if awk -v r="$root/" 'index($2, r) == 1' /proc/mounts | grep -q .; then fail "cannot unmount under $root"; fi
    rm -rf "$root"
}
trap unmount_all EXIT
remove_root # left over from an earlier run
mkdir -p "$root"

say "debootstrap --variant=minbase bookworm $root $mirror"
debootstrap --variant=minbase bookworm "$root" "$mirror" >"$work/debootstrap.log" 2>&1 \
    || { tail -n 30 "$work/debootstrap.log" >&2; fail "debootstrap"; }
cp -L /etc/resolv.conf "$root/etc/resolv.conf"
mount -t proc proc "$root/proc"
mount -t sysfs -o ro sysfs "$root/sys"
mount -t devpts -o newinstance,ptmxmode=0666 devpts "$root/dev/pts"

say "copying the repository into /root/satcd"
mkdir -p "$root/root/satcd" "$root/root/readme"
(cd "$src" && tar --exclude=./build --exclude='./build-*' --exclude=./.git -cf - .) | tar -xf - -C "$root/root/satcd"
rm -rf "$root/root/satcd/satcd-demo"

# block <heading regex> <n>: the n-th ```sh block after the heading, to the next heading.
block() {
    awk -v head="$1" -v want="$2" '
        $0 ~ head { on = 1; n = 0; next }
        on && !inside && /^#/ { on = 0 }
        on && /^```/ { if (inside) { inside = 0 } else if ($0 == "```sh") { n++; inside = 1 }; next }
        on && inside && n == want { print }' "$src/README.md"
}
block '^## Quick start' 2 >"$root/root/readme/10-test.sh"
block '^## Quick start' 1 >"$root/root/readme/20-quick-start.sh"
block '^### As Debian packages' 1 >"$root/root/readme/30-packages.sh"
awk '/^## A minimal program/ { on = 1 } on && /^```c$/ { inside = 1; next } inside && /^```$/ { exit }
     inside { print }' "$src/README.md" >"$root/root/readme/example.c"
build=$(tr '\n' ' ' <"$src/README.md" | grep -o '`cc example\.c [^`]*`' | head -n 1 | tr -d '`')
run=$(tr '\n' ' ' <"$src/README.md" | grep -o 'and run `[^`]*`' | head -n 1 | sed 's/^and run `//; s/`$//')
printf 'cd /root/readme\n%s\n%s\n' "$build" "$run" >"$root/root/readme/40-minimal-program.sh"
grep -q 'cmake --workflow --preset test' "$root/root/readme/10-test.sh" || fail "README: no test command"
grep -q 'satcd demo' "$root/root/readme/20-quick-start.sh" || fail "README: no quick start"
grep -q 'apt-get install -y ./build/deb/' "$root/root/readme/30-packages.sh" || fail "README: no package commands"
grep -q 'satcd_collide_polygons' "$root/root/readme/example.c" || fail "README: no minimal program"
[ -n "$build" ] && [ -n "$run" ] || fail "README: no build or run command for the minimal program"

# in_root <script>: run one README block in the root, as a fresh root shell
# would, from the clone; every line must succeed.
in_root() {
    local name=$1 log=$work/$1.log t0=$(date +%s)
    say "in the root: $(paste -sd ';' "$root/root/readme/$name.sh" | cut -c1-150)"
    # The environment asks only for no prompts, and for ctest to run as many
    # tests at once as there are cores (ninja builds that way by itself).
    if ! chroot "$root" /usr/bin/env -i HOME=/root TERM=dumb DEBIAN_FRONTEND=noninteractive LANG=C.UTF-8 \
            CTEST_PARALLEL_LEVEL="$(nproc)" \
            PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
            /bin/bash -c "cd /root/satcd && bash -e -o pipefail /root/readme/$name.sh" >"$log" 2>&1; then
        tail -n 40 "$log" >&2
        fail "README block $name failed in a fresh Debian 12 root (log: $log)"
    fi
    echo "25-fresh-debian: $name passed in $(( $(date +%s) - t0 )) s"
}
in_root 10-test
grep -q '100% tests passed' "$work/10-test.log" || fail "the test command did not report all tests passed"
in_root 20-quick-start
[ "$(ls "$root"/root/satcd/satcd-demo/*.svg 2>/dev/null | wc -l)" -ge 7 ] || fail "satcd demo wrote too few pictures"
in_root 30-packages
for p in libsatcd0 libsatcd-draw0 libsatcd-dev satcd-tools; do
    [ -e "$root/usr/share/doc/$p/copyright" ] || fail "$p: no /usr/share/doc/$p/copyright in the root"
done
in_root 40-minimal-program
grep -q '^overlap: move B by ' "$work/40-minimal-program.log" && grep -q '^contact at ' "$work/40-minimal-program.log" \
    || fail "the minimal program printed: $(cat "$work/40-minimal-program.log")"

remove_root
trap - EXIT
say "the README's commands pass in a fresh Debian 12 root"
