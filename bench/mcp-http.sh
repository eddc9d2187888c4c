#!/usr/bin/env bash
# MCP over HTTP: `uictl mcp --http` on loopback in the daemon of a private desktop with a few windows. The round trip
# of a tools/call of list-windows in a Streamable HTTP session (one keep-alive connection) and of POST /v1/call,
# next to the same tools/call over stdio in the same run; the time from starting `uictl mcp --http` to its first
# initialize answer; and 32 clients, each its own session and connection, making 1,000 calls each: errors, and the
# daemon's open fds and OS threads before and after. Writes bench/results/mcp-http.{json,md}.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
bench_work mcp-http
unset UICTL_FORMAT DISPLAY
export XDG_CONFIG_HOME=$work/config
server=
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null || true
  desktop_cleanup bench-mcp-http
}
trap cleanup EXIT

eval "$(bin/uictl desktop up --name bench-mcp-http --size 1920x1080 --no-a11y --text)"
for t in one two three; do bin/uictl launch --wait-window -- xterm -T "bench $t" >/dev/null; done
warm_daemon "list-windows"
load=$(cut -d' ' -f1 /proc/loadavg)
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
port=$(free_port)
build/uictl-c mcp --http "127.0.0.1:$port" 2>"$work/server.err" &
server=$!
for _ in $(seq 500); do grep -q 'serving MCP' "$work/server.err" && break; sleep 0.02; done
token=$(build/uictl-c mcp token | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["token"])')
pid=$(build/uictl-c daemon status | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["pid"])')
runs=${BENCH_RUNS:-300}
port2=$(free_port)
python3 bench/lib/mcp_probe.py "$work/stdio.json" "$runs" \
  --calls "uictl mcp (stdio): tools/call list-windows round trip" list-windows -- build/uictl-c mcp
python3 bench/lib/mcp_http_probe.py "$work/http.json" "$runs" "http://127.0.0.1:$port/mcp" "$token" "$pid" \
  --load "${BENCH_CLIENTS:-32}" "${BENCH_CALLS:-1000}" \
  --startup "${BENCH_COLD_RUNS:-10}" "http://127.0.0.1:$port2/mcp" build/uictl-c mcp --http "127.0.0.1:$port2"
python3 - "$work/stdio.json" "$work/http.json" > "$work/all.json" <<'PY'
import json, sys
results = []
for f in sys.argv[1:]:
    results += json.load(open(f))["results"]
print(json.dumps({"results": results}))
PY
extras=$(python3 - "$work/http.json" "$work/all.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for r in json.load(open(sys.argv[2]))["results"]:
    if len(r["times"]) >= 100:
        print("p90 of %s=%.2f ms" % (r["command"], sorted(r["times"])[int(len(r["times"]) * .9)] * 1000))
l = d["extra"]["load"]
print("load test=%d clients x %d tools/call list-windows, each its own session and connection: %d ok, %d errors, %.1f s, %d calls/s"
      % (l["clients"], l["calls_each"], l["calls_ok"], l["errors"], l["seconds"], l["calls_per_second"]))
print("daemon fds=%d before, %d when the clients ended, %d after" % (l["fds_before"], l["fds_at_end"], l["fds_after"]))
print("daemon OS threads=%d before, %d when the clients ended, %d after" % (l["threads_before"], l["threads_at_end"], l["threads_after"]))
PY
)
mapfile -t extra_args < <(printf '%s\n' "$extras" | sed 's/^/--extra\n/')
python3 bench/lib/report.py mcp-http "$work/all.json" bench/results \
  --extra "display=Xvfb 1920x1080 + openbox, 3 xterm" \
  --extra "1-min load average before the run=$load" \
  --extra "1-min load average after the run=$(cut -d' ' -f1 /proc/loadavg)" \
  --extra "timing=measured from the client side (Python http.client, one keep-alive connection per session); the first 30 calls of a session are not counted" \
  "${extra_args[@]}" \
  ${BENCH_NOTE:+--extra "note=$BENCH_NOTE"}
