#!/usr/bin/env bash
# MCP: `uictl mcp` from start to its first tools/list answer (through the C client and a warm daemon, and as its
# own JVM with --no-daemon), and the round trip of a tools/call of list-windows inside an MCP session, next to the
# same call through the CLI (a process per call), through `serve --stdio`, and wmctrl -l as the anchor, on a
# private desktop with a few windows; the same figures for a fresh daemon (start-up that starts the daemon, the first
# calls of its life), and for the official Java MCP SDK 2.1.0 serving the same tools in its own JVM.
# Writes bench/results/mcp.{json,md}.
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
# The first calls of a fresh daemon, for the record next to the warm numbers below (calls 31-330 of its life).
python3 bench/lib/mcp_probe.py "$work/fresh.json" 300 \
  --calls "uictl mcp: tools/call list-windows round trip, fresh daemon (before the warm-up)" list-windows \
    -- build/uictl-c mcp
warm_daemon "list-windows"
runs=${BENCH_RUNS:-300}
python3 bench/lib/mcp_probe.py "$work/probe.json" "$runs" \
  --startup "uictl mcp: start to first tools/list answer (C client, warm daemon)" -- build/uictl-c mcp ";;" \
  --calls "uictl mcp: tools/call list-windows round trip" list-windows -- build/uictl-c mcp ";;" \
  --serve "uictl serve --stdio: structured list-windows round trip" list-windows -- build/uictl-c serve --stdio
# The official Java SDK (io.modelcontextprotocol.sdk:mcp 2.1.0) serving the same tools (uictl's registry and
# in-process dispatcher, bench/lib/mcp-sdk/SdkMcpServer.java) in a JVM of its own; its Jackson 3.1 goes first.
./mvnw -q -B -f bench/lib/mcp-sdk/pom.xml dependency:copy-dependencies -DoutputDirectory="$work/sdk-lib" >&2
mapfile -t launch < <(grep -v '^-XX:AOTCache=' build/launch.args)
java=${launch[0]}
uictl_jars=$(ls build/lib/*.jar | grep -v -e 'jackson-core' -e 'jackson-databind' -e 'jackson-annotations' | tr '\n' ':')
sdk_cp="$work/sdk-cls:$(ls "$work"/sdk-lib/*.jar | tr '\n' ':')$uictl_jars"
"${java%java}javac" -nowarn -d "$work/sdk-cls" -cp "$sdk_cp" bench/lib/mcp-sdk/SdkMcpServer.java 2>&1 | grep -v '^Note:' >&2 || true
sdk=("$java" -Xlog:disable -Xmx256m --enable-native-access=ALL-UNNAMED -Duictl.home="$PWD" -cp "$sdk_cp" SdkMcpServer)
cold_runs=${BENCH_COLD_RUNS:-10}
python3 bench/lib/mcp_probe.py "$work/cold.json" "$cold_runs" \
  --startup "uictl --no-daemon mcp: start to first tools/list answer (own JVM)" -- bin/uictl --no-daemon mcp ";;" \
  --fresh-startup "uictl mcp: start to first tools/list answer (C client, fresh daemon started by the call)" \
    "build/uictl-c daemon stop" -- build/uictl-c mcp ";;" \
  --startup "Java MCP SDK 2.1.0 server: start to first tools/list answer (own JVM)" -- "${sdk[@]}"
build/uictl-c list-windows >/dev/null   # the daemon again, warm, for the rows below
python3 bench/lib/mcp_probe.py "$work/sdk.json" "$runs" \
  --calls "Java MCP SDK 2.1.0 server: tools/call list-windows round trip" list-windows -- "${sdk[@]}"
hyperfine -N --style basic --warmup 30 --runs "$runs" --export-json "$work/h.json" \
  -n "uictl list-windows (CLI, a process per call)" "build/uictl-c list-windows" \
  -n "wmctrl -l" "wmctrl -l" >&2
python3 - "$work/h.json" "$work/probe.json" "$work/fresh.json" "$work/cold.json" "$work/sdk.json" > "$work/all.json" <<'PY'
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
