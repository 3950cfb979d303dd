#!/usr/bin/env bash
# Retakes the README screenshot (docs/screenshot.png): the bundled example in the editor under a
# virtual display, frame knight/attack-1 with its hit chosen in the Hits dock, so the picture
# shows the icon toolbars, the drawing-layer chooser, a hit and its arrow. Run after a build
# (scripts/setup.sh); needs xvfb and xdotool. Usage: scripts/take-screenshot.sh [OUT.png]
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(realpath -m "${1:-docs/screenshot.png}")
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
# A private home: a first start, with the default window size and dock layout.
export HOME="$home" XDG_CONFIG_HOME="$home/config" XDG_DATA_HOME="$home/data"
export HITSMITH_GRAB="$out" HITSMITH_GRAB_DELAY_MS=6000
xvfb-run -a -s "-screen 0 1600x1000x24" bash -c '
  ./build/bin/hitsmith examples/knight.json &
  sleep 2.5
  window=$(xdotool search --name "knight.json" | head -1)
  # Rows and tabs as laid out on a first start (1280x800 window).
  xdotool mousemove --window "$window" 70 141 click 1   # Sprites: knight / attack-1
  sleep 0.7
  xdotool mousemove --window "$window" 1000 643 click 1 # Hits: body / blade
  sleep 0.5
  xdotool mousemove --window "$window" 540 400          # a cursor position in the status bar
  wait'
echo "screenshot: $out"
