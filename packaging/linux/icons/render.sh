#!/usr/bin/env bash
# Renders the checked-in hicolor PNGs from the SVG sources (Debian's librsvg2-bin).
# The 16–24 px sizes come from a simpler drawing (3 × 3 cells, a thicker arrow) that stays
# legible at that size; the rest from the scalable icon itself.
# Usage: bash packaging/linux/icons/render.sh
set -euo pipefail
cd "$(dirname "$0")"
id=io.github.qkvlab.QKVLab
for size in 16 22 24 32 48 64 128 256; do
  source=hicolor/scalable/apps/$id.svg
  [ "$size" -le 24 ] && source=$id-small.svg
  mkdir -p "hicolor/${size}x${size}/apps"
  rsvg-convert -w "$size" -h "$size" "$source" -o "hicolor/${size}x${size}/apps/$id.png"
done
