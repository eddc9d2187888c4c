#!/usr/bin/env bash
# Desktop: round trip of `list-windows` and `get active-window` through the C client against a warm daemon, on a
# private desktop (`uictl desktop up`: Xvfb + openbox) with a few windows, next to wmctrl and xdotool (C programs talking to X directly) measured
# in the same run; `uictl version` shows the client/daemon round trip without any X work. Writes
# bench/results/desktop.{json,md}.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
bench_work desktop
unset UICTL_FORMAT DISPLAY
cleanup() {
  bin/uictl desktop down --name bench-desktop >/dev/null 2>&1 || true
  bin/uictl daemon stop >/dev/null 2>&1 || true                  # the daemon of the desktop's display
  (unset DISPLAY; bin/uictl daemon stop >/dev/null 2>&1) || true   # the one that ran `desktop up`
  rm -rf "$work"
}
trap cleanup EXIT

# The product's own supervisor starts Xvfb + openbox; its --text output is the environment to export. Each window
# is awaited through X events by `launch --wait-window`, and `desktop down` reaps them with the desktop.
eval "$(bin/uictl desktop up --name bench-desktop --size 1920x1080 --no-a11y --text)"
for t in one two three; do bin/uictl launch --wait-window -- xterm -T "bench $t" >/dev/null; done
bin/uictl launch --wait-window -- env NO_AT_BRIDGE=1 /usr/bin/python3 fixtures/gtk_fixture.py \
  --state "$work/gtk.jsonl" --title "bench gtk" >/dev/null

bin/uictl list-windows >/dev/null   # starts the daemon and opens its X connection
windows=$(bin/uictl list-windows | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["pagination"]["total"])')
load=$(cut -d' ' -f1 /proc/loadavg)
# What a fresh daemon's first calls cost, for the record; the budgets are for the warm daemon below.
fresh=$(fresh_median "list-windows")
warm_daemon "list-windows" "get active-window" "version"
hyperfine -N --style basic --warmup 30 --runs "${BENCH_RUNS:-300}" --export-json "$work/h.json" \
  -n "uictl list-windows" "build/uictl-c list-windows" \
  -n "uictl get active-window" "build/uictl-c get active-window" \
  -n "uictl version (client+daemon floor)" "build/uictl-c version" \
  -n "wmctrl -l" "wmctrl -l" \
  -n "wmctrl -lpG" "wmctrl -lpG" \
  -n "xdotool getactivewindow" "xdotool getactivewindow" >&2
extras=()
while IFS= read -r line; do extras+=(--extra "$line"); done < <("$JAVA_HOME/bin/java" -cp "build/lib/*" bench/lib/DesktopProbe.java "$DISPLAY")
python3 bench/lib/report.py desktop "$work/h.json" bench/results \
  --anchor "wmctrl -l" --anchor "wmctrl -lpG" --anchor "xdotool getactivewindow" \
  --budget "uictl list-windows=5" --budget "uictl get active-window=5" \
  --extra "windows listed=$windows" --extra "display=Xvfb 1920x1080 + openbox, 3 xterm + 1 GTK" \
  --extra "1-min load average before the run=$load" \
  --extra "list-windows median over a fresh daemon's calls 31-330 (before the warm-up)=$fresh ms" \
  --extra "warm daemon=each measured command 3,000 times through serve --stdio and 300 times through the client first" \
  "${extras[@]}"
