#!/usr/bin/env bash
# Packaging as a user meets it: the README's Debian package commands, installs
# into shared/static/combined prefixes, find_package and pkg-config consumers
# in C and C++ (core and drawing library), the README's pkg-config lines and
# minimal program, a moved prefix, an absolute libdir, the TGZ archive, the
# .deb metadata, file lists and copyright files, lintian (every error and
# warning explained in docs/packaging.md), dpkg -i / dpkg --purge, exported
# symbols and SONAMEs.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive

packages=(cmake ninja-build gcc g++ clang pkg-config binutils dpkg-dev file perl tar gzip lintian)
echo "20-package: installing ${packages[*]}"
if ! apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null; then
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
fi

echo "20-package: tests/consumer/check_package.sh in build/ci-package"
bash tests/consumer/check_package.sh . build/ci-package
