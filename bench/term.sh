#!/usr/bin/env bash
# `term keys` → settled screen round trip for an echoing program (cat) through the C client and a warm daemon
# (SPEC §8: ≤ 10 ms median), against tmux send-keys + capture-pane on the same program, measured in the same run.
# tmux's pair does not wait for the echo at all (it captures whatever is there); uictl's answer is the settled
# screen. Writes bench/results/term.md and .json. Needs scripts/setup to have built build/.
set -euo pipefail
home=$(cd "$(dirname "$0")/.." && pwd)
uictl="$home/build/uictl-c"
[ -x "$uictl" ] || { echo "run scripts/setup first (no build/uictl-c)" >&2; exit 2; }
runs=${RUNS:-100}
work=$(mktemp -d /tmp/uictl-bench-term.XXXXXX)
export UICTL_RUNTIME_DIR="$work/runtime"
mkdir -m 700 "$UICTL_RUNTIME_DIR"
sock="uictl-bench-$$"
cleanup() {
  "$home/bin/uictl" daemon stop >/dev/null 2>&1 || true
  tmux -L "$sock" kill-server 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

"$home/bin/uictl" daemon start >/dev/null
"$uictl" term open --name bench -- cat >/dev/null
# A space and a backspace per call keep cat's line from growing, so every run has the same screen work.
for _ in $(seq 30); do "$uictl" term keys bench Space BSpace >/dev/null; done
check=$("$uictl" term keys bench a)
echo "$check" | jq -e '.success and .data.settled and (.data.screen.lines[0] == "a")' >/dev/null \
  || { echo "sanity check failed: $check" >&2; exit 1; }
"$uictl" term keys bench BSpace >/dev/null

tmux -L "$sock" -f /dev/null new-session -d -s bench -x 80 -y 24 cat
for _ in $(seq 30); do tmux -L "$sock" send-keys -t bench Space BSpace; tmux -L "$sock" capture-pane -p -t bench >/dev/null; done

hyperfine -N -w 10 -r "$runs" --export-json "$work/hyperfine.json" \
  -n "uictl term keys (settled screen)" "$uictl term keys bench Space BSpace" \
  -n "tmux send-keys" "tmux -L $sock send-keys -t bench Space BSpace" \
  -n "tmux capture-pane" "tmux -L $sock capture-pane -p -t bench" \
  -n "uictl version (client+daemon floor)" "$uictl version" >&2

settle=$(for _ in $(seq 20); do "$uictl" term keys bench Space BSpace | jq .data.waited_ms; done | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
mkdir -p "$home/bench/results"
jq --arg date "$(date -u +%Y-%m-%dT%H:%M:%SZ)" --arg cpu "$(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | xargs)" \
   --arg load "$(cut -d' ' -f1-3 /proc/loadavg)" --argjson settle "$settle" '
  {date: $date, machine: $cpu, load_average: $load, program: "cat on an 80x24 pty", budget_ms: 10,
   uictl_settle_waited_ms_median: $settle,
   results: [.results[] | {command: .command, median_ms: (.median * 1000), mean_ms: (.mean * 1000),
                           stddev_ms: (.stddev * 1000), min_ms: (.min * 1000), max_ms: (.max * 1000)}]}' \
   "$work/hyperfine.json" > "$home/bench/results/term.json"

jq -r '
  def ms: . * 10 | round / 10;
  (.results | map({key: .command, value: .median_ms}) | from_entries) as $m |
  ($m["tmux send-keys"] + $m["tmux capture-pane"]) as $tmux |
  "# Terminal keys benchmark\n",
  "\(.date) — \(.machine), load average \(.load_average); \(.program).",
  "Warm daemon, C client, hyperfine medians (`-N`, no shell). Budget (SPEC §8): `term keys` → settled screen ≤ \(.budget_ms) ms.\n",
  "| command | median ms | mean ± sd ms | min ms |",
  "|---|---|---|---|",
  (.results[] | "| \(.command) | \(.median_ms | ms) | \(.mean_ms | ms) ± \(.stddev_ms | ms) | \(.min_ms | ms) |"),
  "",
  "- uictl keys → settled screen: \($m["uictl term keys (settled screen)"] | ms) ms; budget \(if $m["uictl term keys (settled screen)"] <= .budget_ms then "met" else "NOT met" end).",
  "- tmux anchor, send-keys + capture-pane (two processes, no settle): \($tmux | ms) ms — uictl/tmux = \(($m["uictl term keys (settled screen)"] / $tmux) * 100 | round / 100).",
  "- Of uictl'"'"'s time, the settle wait itself (first echo, 3 ms quiet, foreground process asleep) has a median of \(.uictl_settle_waited_ms_median) ms; the client+daemon floor (`uictl version`) is \($m["uictl version (client+daemon floor)"] | ms) ms.",
  "- ptybox, for comparison, spends ≥ 200 ms per action (fixed observe window)."
' "$home/bench/results/term.json" > "$home/bench/results/term.md"
cat "$home/bench/results/term.md"
