#!/usr/bin/env bash
# Takes the README's screenshots from the real program under Xvfb (Debian's xvfb, xdotool,
# imagemagick), each with a fresh settings folder, so they always show today's window:
#   main-window.png   1600 × 1000, the default example with "it" selected
#   first-type.png    1280 × 720, a sentence typed into the box
#   first-guide.png   1280 × 720, Help → Getting started (F1) open
#   first-zoom.png    1280 × 720, after View → Zoom in twice
#   live-induction.png 1600 × 1000, the built-in model (example:induction), its induction head shown
#   live-ablation.png  1600 × 1000, the same with its previous-token head switched off
# Each is cropped to the window and reduced to 256 colours.
# Usage: bash packaging/screenshots/take.sh [QKVLAB]   (default: build/dev/src/app/qkvlab)
set -euo pipefail
cd "$(dirname "$0")/../.."
app=$(realpath "${1:-build/dev/src/app/qkvlab}")
out=$PWD/packaging/screenshots
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# shoot NAME WIDTH HEIGHT XDOTOOL-STEPS…: starts the program, sizes its window, runs the steps
# (xdotool arguments, "sleep N" allowed), and saves the window as NAME.png. The program opens
# on $open when set.
shoot() {
  local name=$1 width=$2 height=$3
  shift 3
  rm -rf "$work/home" && mkdir -p "$work/home/run" && chmod 700 "$work/home/run"
  HOME=$work/home XDG_CONFIG_HOME=$work/home/config XDG_DATA_HOME=$work/home/data XDG_RUNTIME_DIR=$work/home/run \
    XDG_CACHE_HOME=$work/home/cache QKV_OPEN=${open:-} xvfb-run -a -s "-screen 0 ${width}x${height}x24" bash -c '
    set -euo pipefail
    app=$1 width=$2 height=$3 shot=$4
    shift 4
    "$app" ${QKV_OPEN:+"$QKV_OPEN"} & pid=$!
    # Xvfb has no window manager: the window is placed and sized with xdotool.
    win=$(xdotool search --sync --onlyvisible --name "QKV Lab" | head -1)
    xdotool windowmove --sync "$win" 0 0 windowsize --sync "$win" "$width" "$height"
    sleep 3
    xdotool windowfocus --sync "$win"
    for step in "$@"; do
      case "$step" in
        sleep\ *) ${step} ;;
        *) eval "xdotool $step" ;;
      esac
    done
    xdotool mousemove --window "$win" $((width - 10)) $((height - 10))
    sleep 2
    /usr/bin/import -window root "$shot"
    kill "$pid"
  ' _ "$app" "$width" "$height" "$work/$name.png" "$@"
  /usr/bin/convert "$work/$name.png" -strip +dither -colors 256 "PNG8:$out/$name.png"
  echo "$out/$name.png: $(/usr/bin/identify -format '%wx%h' "$out/$name.png"), $(du -k "$out/$name.png" | cut -f1) KiB"
}

# "it" is token 8: click the first token of the strip, then Right seven times.
select_it=("mousemove 34 108 click 1" "key --delay 150 Right Right Right Right Right Right Right")
shoot main-window 1600 1000 "${select_it[@]}"
shoot first-type 1280 720 "mousemove 400 77 click 1" "key ctrl+a" \
  "type --delay 40 'The cat sat on the mat because it was warm'" "sleep 2"
shoot first-guide 1280 720 "key F1" "sleep 3"
shoot first-zoom 1280 720 "${select_it[@]}" "key ctrl+equal ctrl+equal" "sleep 2"
# The built-in model: the Model dock's tile of layer 1, head 1 (the previous-token head) is
# switched off from its context menu.
open=example:induction shoot live-induction 1600 1000 "sleep 2"
open=example:induction shoot live-ablation 1600 1000 "mousemove 1267 518 click 3" "sleep 1" \
  "key --delay 200 Down Down Return" "sleep 3"
