#!/usr/bin/env bash
# Takes main-window.png from the real program under Xvfb (Debian's xvfb, xdotool, imagemagick):
# a fresh settings folder, the default example with "it" selected, the window at 1600 × 1000,
# cropped to it and reduced to 256 colours (under 400 KB).
# Usage: bash packaging/screenshots/take.sh [QKVLAB]   (default: build/release/src/app/qkvlab)
set -euo pipefail
cd "$(dirname "$0")/../.."
app=$(realpath "${1:-build/release/src/app/qkvlab}")
out=$PWD/packaging/screenshots/main-window.png
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export HOME=$work XDG_CONFIG_HOME=$work/config XDG_DATA_HOME=$work/data XDG_RUNTIME_DIR=$work/run
mkdir -m 700 "$work/run"

# Xvfb has no window manager: the window is placed and sized with xdotool, then the screen is
# grabbed and cropped to the window's geometry.
xvfb-run -a -s "-screen 0 1600x1000x24" bash -c '
  set -euo pipefail
  "$1" & pid=$!
  win=$(xdotool search --sync --onlyvisible --name "QKV Lab" | head -1)
  xdotool windowmove --sync "$win" 0 0 windowsize --sync "$win" 1600 1000
  sleep 3
  # Select "it" (token 8): click the first token of the strip, then Right seven times.
  xdotool windowfocus --sync "$win" mousemove --window "$win" 34 108 click 1
  xdotool key --delay 150 Right Right Right Right Right Right Right
  xdotool mousemove --window "$win" 1590 990
  sleep 3
  eval "$(xdotool getwindowgeometry --shell "$win")"
  xprop -id "$win" WM_CLASS > "$2/wm_class.txt"
  /usr/bin/import -window root "$2/screen.png"
  kill "$pid"
  echo "${WIDTH}x${HEIGHT}+${X}+${Y}" > "$2/geometry.txt"
' _ "$app" "$work"
/usr/bin/convert "$work/screen.png" -crop "$(cat "$work/geometry.txt")" +repage -strip \
  +dither -colors 256 "PNG8:$out"
cat "$work/wm_class.txt"
echo "$out: $(/usr/bin/identify -format '%wx%h' "$out"), $(du -k "$out" | cut -f1) KiB"
