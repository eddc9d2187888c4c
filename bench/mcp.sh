#!/usr/bin/env bash
# MCP: `uictl mcp` from start to its first tools/list answer (through the C client and a warm daemon, and as its
# own JVM with --no-daemon), and the round trip of a tools/call of list-windows inside an MCP session, next to the
# same call through the CLI (a process per call), through `serve --stdio`, and wmctrl -l as the anchor, on a
# private desktop with a few windows. Writes bench/results/mcp.{json,md}.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
bench_work mcp
unset UICTL_FORMAT DISPLAY
cleanup() {
  bin/uictl desktop down --name bench-mcp >/dev/null 2>&1 || true
  bin/uictl daemon stop >/dev/null 2>&1 || true
  (unset DISPLAY; bin/uictl daemon stop >/dev/null 2>&1) || true
  rm -rf "$work"
}
trap cleanup EXIT

eval "$(bin/uictl desktop up --name bench-mcp --size 1920x1080 --no-a11y --text)"
for t in one two three; do bin/uictl launch --wait-window -- xterm -T "bench $t" >/dev/null; done
bin/uictl list-windows >/dev/null   # starts the daemon of this display and opens its X connection
load=$(cut -d' ' -f1 /proc/loadavg)
warm_daemon "list-windows"
runs=${BENCH_RUNS:-300}
python3 bench/lib/mcp_probe.py "$work/probe.json" "$runs" \
  --startup "uictl mcp: start to first tools/list answer (C client, warm daemon)" -- build/uictl-c mcp ";;" \
  --calls "uictl mcp: tools/call list-windows round trip" list-windows -- build/uictl-c mcp ";;" \
  --serve "uictl serve --stdio: structured list-windows round trip" list-windows -- build/uictl-c serve --stdio
python3 bench/lib/mcp_probe.py "$work/cold.json" "${BENCH_COLD_RUNS:-20}" \
  --startup "uictl --no-daemon mcp: start to first tools/list answer (own JVM)" -- bin/uictl --no-daemon mcp
hyperfine -N --style basic --warmup 30 --runs "$runs" --export-json "$work/h.json" \
  -n "uictl list-windows (CLI, a process per call)" "build/uictl-c list-windows" \
  -n "wmctrl -l" "wmctrl -l" >&2
python3 - "$work/h.json" "$work/probe.json" "$work/cold.json" > "$work/all.json" <<'PY'
import json, sys
results = []
for f in sys.argv[1:]:
    results += json.load(open(f))["results"]
print(json.dumps({"results": results}))
PY
python3 bench/lib/report.py mcp "$work/all.json" bench/results --anchor "wmctrl -l" \
  --extra "display=Xvfb 1920x1080 + openbox, 3 xterm" \
  --extra "1-min load average before the run=$load" \
  --extra "1-min load average after the run=$(cut -d' ' -f1 /proc/loadavg)" \
  --extra "timing=mcp/serve rows are measured by bench/lib/mcp_probe.py from the client side (Python); the first 30 calls of a session are not counted" \
  --extra "warm daemon=list-windows 3,000 times through serve --stdio and 300 times through the client first" \
  ${BENCH_NOTE:+--extra "note=$BENCH_NOTE"}
