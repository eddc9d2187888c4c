#!/usr/bin/env bash
# tmux through uictl's control-mode client (C client, warm daemon) against the plain tmux CLI, same run:
#  - send + verify: `uictl tmux send` (literal keys, Enter once the echo settled, evidence from the output stream and
#    the screen) vs `tmux send-keys -l` + `send-keys Enter` + `capture-pane` (no waiting: it captures whatever is there)
#  - tail: `uictl tmux tail --lines 5` vs `tmux capture-pane -p -S -5`
#  - activity of a session with 8 panes (state, velocity, pid liveness for each) vs 8 plain capture-pane calls
# Writes bench/results/tmux.{json,md}. Needs scripts/setup to have built build/.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
bench_work tmux
unset DISPLAY UICTL_FORMAT TMUX
sock="uictl-bench-$$"
trap 'bin/uictl daemon stop >/dev/null 2>&1 || true; tmux -L "$sock" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT

c() { build/uictl-c "$@"; }
c tmux spawn bench -L "$sock" --size 80x24 --pane-cmd cat >/dev/null
c tmux spawn eight -L "$sock" --size 200x60 --pane-cmd cat --pane-cmd cat --pane-cmd cat --pane-cmd cat \
  --pane-cmd cat --pane-cmd cat --pane-cmd cat --pane-cmd cat >/dev/null
tmux -L "$sock" new-session -d -s plain -x 80 -y 24 cat

send="tmux send bench --msg ping --keys -L $sock"
tail="tmux tail bench --lines 5 -L $sock"
activity="tmux activity eight --quiet-ms 200 -L $sock"
# What a fresh daemon's first calls cost, for the record next to the warm numbers below.
fresh_send=$(fresh_median "$send")
fresh_tail=$(fresh_median "$tail")
warm_daemon "$send" "$tail" "$activity"
check=$(c $send)
python3 -c 'import json,sys; d=json.loads(sys.argv[1])["data"]; sys.exit(0 if d["delivery"] == "delivered_verified" else 1)' \
  "$check" || { echo "sanity check failed: $check" >&2; exit 1; }
check=$(c $activity)
python3 -c 'import json,sys; d=json.loads(sys.argv[1])["data"]; sys.exit(0 if len(d["panes"]) == 8 else 1)' \
  "$check" || { echo "sanity check failed: $check" >&2; exit 1; }

printf 'tmux -L %s send-keys -t =plain: -l ping && tmux -L %s send-keys -t =plain: Enter && tmux -L %s capture-pane -p -t =plain: >/dev/null\n' \
  "$sock" "$sock" "$sock" > "$work/send-pair.sh"
printf 'for p in 0 1 2 3 4 5 6 7; do tmux -L %s capture-pane -p -t =eight:0.$p >/dev/null; done\n' "$sock" > "$work/eight.sh"
hyperfine -N --style basic --warmup 10 --runs "${BENCH_RUNS:-100}" --export-json "$work/h.json" \
  -n "c tmux send (keys + Enter, verified)" "build/uictl-c $send" \
  -n "tmux send-keys -l + Enter + capture-pane" "sh $work/send-pair.sh" \
  -n "c tmux tail --lines 5" "build/uictl-c $tail" \
  -n "tmux capture-pane -S -5" "tmux -L $sock capture-pane -p -S -5 -t =plain:" \
  -n "c tmux activity (8 panes)" "build/uictl-c $activity" \
  -n "tmux capture-pane x8" "sh $work/eight.sh" \
  -n "c version (client+daemon floor)" "build/uictl-c version" >&2

inside=$(for _ in $(seq 30); do build/uictl-c $send; done | python3 -c '
import json, statistics, sys
print(statistics.median(json.loads(l)["data"]["panes"][0]["elapsed_ms"] for l in sys.stdin))')
python3 bench/lib/report.py tmux "$work/h.json" bench/results \
  --anchor "tmux send-keys -l + Enter + capture-pane" --anchor "tmux capture-pane -S -5" \
  --anchor "tmux capture-pane x8" \
  --extra "send inside the daemon, median ms=$inside (text, echo then 20 ms quiet, capture, Enter, first output after it)" \
  --extra "c tmux send median over a fresh daemon's calls 31-330 (before the warm-up)=$fresh_send ms" \
  --extra "c tmux tail --lines 5 median over a fresh daemon's calls 31-330 (before the warm-up)=$fresh_tail ms" \
  --extra "load average=$(cut -d' ' -f1-3 /proc/loadavg)" \
  --extra "warm daemon=each measured command 3,000 times through serve --stdio and 300 times through the client first" \
  --extra "tmux=$(tmux -V)"
