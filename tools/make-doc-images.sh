#!/usr/bin/env bash
# Regenerate the pictures under docs/images from `satcd demo` and a few
# `satcd collide` cases. Needs a built tool and rsvg-convert (librsvg2-bin).
#   tools/make-doc-images.sh [path/to/satcd]
set -euo pipefail
cd "$(dirname "$0")/.."
tool=${1:-build/demo/tools/satcd}
out=docs/images
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$tool" demo "$tmp" >/dev/null
for name in resting-box separated touching contained corner circle capsule segment capsule-apart sweep; do
    cp "$tmp/$name.svg" "$out/$name.svg"
done
"$tool" collide "-1,-0.5 1,-0.5 1,0.5 -1,0.5" "0,0 1,0 1.4,0.9 0.5,1.5 -0.3,0.8" --move-b -0.2,0.1 \
    --rotate-b 30 --svg "$out/transform.svg" --title "B rotated 30 degrees about its centroid, then moved" >/dev/null
"$tool" collide "0,0 1,0 1,1 0,1" "0,0 1,0 1,1 0,1" --move-b 0.75,0 \
    --svg "$out/boxes.svg" --title "satcd collide \"0,0 1,0 1,1 0,1\" (same) --move-b 0.75,0" >/dev/null
"$tool" sweep "0,-1.5 0.25,-1.5 0.25,1.5 0,1.5" --capsule-b "-2.2,-0.5 -1.4,0.3 0.3" --velocity-b 5,0.6 \
    --svg "$out/capsule-sweep.svg" --title "A fast capsule would tunnel through a thin wall; the sweep finds the hit" >/dev/null
"$tool" decompose "0,0 12,0 12,3 10.5,4 9,2.5 7.5,3.5 6,6 4.5,3 3,3.5 1.5,2 0,3" \
    --svg "$out/decompose.svg" --title "satcd decompose \"0,0 12,0 12,3 10.5,4 9,2.5 ...\"" >/dev/null
"$tool" collide "0.8,0.8 1.8,0.8 1.8,1.8 0.8,1.8" --compound-b "0,0 2,0 2,1 1,1 1,2 0,2" \
    --svg "$out/compound.svg" --title "A box in the inner corner of an L (a compound of its 2 pieces) goes out diagonally" >/dev/null
"$tool" collide --capsule-a "-1,0 1,0 0.5" "-0.5,0.3 0.5,0.3 0.5,1.3 -0.5,1.3" --rotate-b 10 \
    --svg "$out/capsule-a.svg" --title "A capsule as A: a box resting on it, slightly tilted" >/dev/null
rsvg-convert -w 720 -o "$out/resting-box.png" "$out/resting-box.svg"
ls "$out"
