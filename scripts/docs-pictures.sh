#!/usr/bin/env bash
# Regenerates the README's pictures with pencilc itself (most at 2 pixels per point).
set -euo pipefail
cd "$(dirname "$0")/.."
pencilc="${PENCILC:-.build/debug/pencilc}"
"$pencilc" samples/rainbow-pencils.pencil --scale 2 -o docs/rainbow-pencils.png
"$pencilc" samples/components.pencil --scale 2 -o docs/components.png
"$pencilc" samples/hue-grid.pencil -o docs/hue-grid.png
for appearance in light dark; do
  "$pencilc" samples/edit-practice.pencil --appearance "$appearance" --scale 2 -o "docs/edit-practice-$appearance.png"
  "$pencilc" samples/layout-rules.pencil --appearance "$appearance" --scale 2 -o "docs/layout-rules-$appearance.png"
done
"$pencilc" samples/flow.pencil --scale 2 -o docs/flow.png
"$pencilc" samples/pencil-fan.pencil --scale 2 -o docs/pencil-fan.png
