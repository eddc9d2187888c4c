#!/usr/bin/env bash
# `term keys` → settled screen round trip for an echoing program (cat) through the C client and a warm daemon
# (SPEC §8: ≤ 10 ms median), with tmux send-keys + capture-pane on the same program as the anchor, measured in the
# same run. tmux's pair does not wait for the echo (it captures whatever is there); uictl answers with the settled
# screen. Writes bench/results/term.{json,md}. Needs scripts/setup to have built build/.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
bench_work term
unset DISPLAY UICTL_FORMAT TMUX
sock="uictl-bench-$$"
trap 'bin/uictl daemon stop >/dev/null 2>&1 || true; tmux -L "$sock" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT

build/uictl-c term open --name bench -- cat >/dev/null
# A space and a backspace per call keep cat's line empty, so every run has the same screen work.
fresh=$(fresh_median "term keys bench Space BSpace")
warm_daemon "term keys bench Space BSpace" "version"
check=$(build/uictl-c term keys bench a)
python3 -c 'import json,sys; d=json.loads(sys.argv[1])["data"]; sys.exit(0 if d["settled"] and d["screen"]["lines"][0] == "a" else 1)' \
  "$check" || { echo "sanity check failed: $check" >&2; exit 1; }
build/uictl-c term keys bench BSpace >/dev/null

tmux -L "$sock" -f /dev/null new-session -d -s bench -x 80 -y 24 cat
printf 'tmux -L %s send-keys -t bench Space BSpace && tmux -L %s capture-pane -p -t bench\n' "$sock" "$sock" > "$work/tmux-pair.sh"
hyperfine -N --style basic --warmup 20 --runs "${BENCH_RUNS:-200}" --export-json "$work/h.json" \
  -n "c term keys (settled screen)" "build/uictl-c term keys bench Space BSpace" \
  -n "tmux send-keys + capture-pane" "sh $work/tmux-pair.sh" \
  -n "sh alone (anchor overhead)" "sh -c true" \
  -n "c version (client+daemon floor)" "build/uictl-c version" >&2

settle=$(for _ in $(seq 30); do build/uictl-c term keys bench Space BSpace; done | python3 -c '
import json, statistics, sys
print(statistics.median(json.loads(l)["data"]["waited_ms"] for l in sys.stdin))')
python3 bench/lib/report.py term "$work/h.json" bench/results \
  --anchor "tmux send-keys + capture-pane" --anchor "sh alone (anchor overhead)" \
  --budget "c term keys (settled screen)=10" \
  --extra "settle wait inside the daemon, median ms=$settle (first echo, then 2 ms quiet while cat sleeps and a flushing read finds nothing more)" \
  --extra "load average=$(cut -d' ' -f1-3 /proc/loadavg)" \
  --extra "term keys median over a fresh daemon's calls 31-330 (before the warm-up)=$fresh ms" \
  --extra "warm daemon=each measured command 3,000 times through serve --stdio and 300 times through the client first" \
  --extra "ptybox per action=≥ 200 ms (fixed observe window)"
