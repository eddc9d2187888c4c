#!/usr/bin/env bash
# Input: round trip of `click X,Y` and `press KEY` through the C client against a warm daemon, on a private
# desktop started by `uictl desktop up`, next to `xdotool click` / `xdotool key` (C programs sending XTEST
# directly) and the client/daemon floor (`uictl version`) measured in the same run. An xev window covers the screen and takes the events.
# Writes bench/results/input.{json,md}.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
bench_work input
unset UICTL_FORMAT DISPLAY
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  bin/uictl desktop down --name bench-input >/dev/null 2>&1 || true
  bin/uictl daemon stop >/dev/null 2>&1 || true          # the daemon of the desktop's display
  (unset DISPLAY; bin/uictl daemon stop >/dev/null 2>&1) || true   # the one that ran `desktop up`
  rm -rf "$work"
}
trap cleanup EXIT

# The product's own supervisor starts the desktop; its --text output is the environment to export.
eval "$(bin/uictl desktop up --name bench-input --size 1280x800 --no-a11y --text)"
xev -geometry 1280x800+0+0 -event button -event keyboard >/dev/null 2>&1 & pids+=($!)
xdotool search --sync --onlyvisible --name '^Event Tester$' >/dev/null

build/uictl-c click 640,400 >/dev/null   # starts this display's daemon and opens its X connection
fresh=$(fresh_median "click 640,400")
warm_daemon "click 640,400" "press a" "press ctrl+shift+t" "version"
hyperfine -N --style basic --warmup 30 --runs "${BENCH_RUNS:-300}" --export-json "$work/h.json" \
  -n "uictl click 640,400" "build/uictl-c click 640,400" \
  -n "uictl press a" "build/uictl-c press a" \
  -n "uictl press ctrl+shift+t" "build/uictl-c press ctrl+shift+t" \
  -n "uictl version (client/daemon floor)" "build/uictl-c version" \
  -n "xdotool click 1" "xdotool click 1" \
  -n "xdotool key a" "xdotool key a" \
  -n "xdotool key ctrl+shift+t" "xdotool key ctrl+shift+t" >&2
python3 bench/lib/report.py input "$work/h.json" bench/results \
  --anchor "uictl version (client/daemon floor)" --anchor "xdotool click 1" --anchor "xdotool key a" --anchor "xdotool key ctrl+shift+t" \
  --budget "uictl click 640,400=5" --budget "uictl press a=5" --budget "uictl press ctrl+shift+t=5" \
  --extra "display=Xvfb 1280x800 + openbox (uictl desktop up), xev full screen" \
  --extra "client=build/uictl-c against a warm daemon" \
  --extra "click median over a fresh daemon's calls 31-330 (before the warm-up)=$fresh ms" \
  --extra "warm daemon=each measured command 3,000 times through serve --stdio and 300 times through the client first"
