#!/usr/bin/env bash
# Memory: the resident memory of a daemon over an agent's day, through the documented entry bin/uictl. A private
# desktop (Xvfb 1920x1080 + openbox + an xterm); the display's daemon is sampled right after it starts, then serves a
# fixed mixed workload of ~5,000 calls (window lists, PNG and JPEG screenshots, clicks, typing, key presses,
# clipboard, 20 terminal sessions each flooded with ~590 KB of output and then closed), then sits idle and is
# sampled at +10 s, +30 s and +60 s. Each sample is `daemon status`: VmRSS, Java heap used/committed, threads, fds.
# Then 200 concurrent `term open -- cat` sessions: how many open and answer, and the RSS they cost.
# Writes bench/results/memory.{json,md}.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
bench_work memory
unset UICTL_FORMAT DISPLAY
trap 'desktop_cleanup bench-memory' EXIT
rounds=${BENCH_ROUNDS:-250}
load_before=$(cut -d' ' -f1-3 /proc/loadavg)

eval "$(bin/uictl desktop up --name bench-memory --size 1920x1080 --no-a11y --text)"
samples=$work/samples.jsonl
calls=0
# sample LABEL: one `daemon status` of this display's daemon, appended to $samples with the calls made so far
sample() {
  bin/uictl daemon status | python3 -c 'import json,sys,time
d = json.load(sys.stdin)["data"]
print(json.dumps({"label": sys.argv[1], "calls": int(sys.argv[2]), "at": time.time(), "rss_kb": d["rss_kb"],
  "heap_used_kb": d["heap_used_kb"], "heap_committed_kb": d["heap_committed_kb"], "threads": d["threads"],
  "open_fds": d["open_fds"]}))' "$1" "$calls" >> "$samples"
}
# stream FILE: runs the NDJSON requests of FILE through one `serve --stdio` connection; every answer must succeed
stream() {
  local n failed
  n=$(wc -l < "$1")
  failed=$(bin/uictl serve --stdio < "$1" | python3 -c 'import json,sys
bad = [l for l in sys.stdin if not json.loads(l)["success"]]
print(len(bad)); [print(l[:300], file=sys.stderr) for l in bad[:3]]')
  [ "$failed" = 0 ] || { echo "memory bench: $failed of $n calls failed" >&2; exit 1; }
  calls=$((calls + n))
}

bin/uictl version >/dev/null   # starts this display's daemon
calls=1
sample "right after start"
bin/uictl launch --wait-window -- xterm -T "bench memory" >/dev/null
bin/uictl maximize 'title~=bench memory' >/dev/null   # the clicks below land in it and keep it focused
bin/uictl focus 'title~=bench memory' >/dev/null
calls=$((calls + 3))

# The 20 terminal sessions, each flooded with `seq 1 100000` (~590 KB) before it waits in cat.
python3 - "$work" > "$work/terms.jsonl" <<'PY'
import json, sys
work = sys.argv[1]
n = 0
def call(*argv):
    global n
    n += 1
    print(json.dumps({"id": n, "argv": list(argv)}))
for i in range(20):
    call("term", "open", "--name", f"flood{i}", "--wait-text", "FLOOD-DONE", "--timeout", "60000", "--",
         "sh", "-c", "seq 1 100000; echo FLOOD-DONE; exec cat")
    call("term", "type", f"flood{i}", f"hello {i}\n")
    call("term", "screen", f"flood{i}")
    call("term", "transcript", f"flood{i}", "--output", f"{work}/flood{i}.log")
PY
stream "$work/terms.jsonl"
sample "20 flooded terminal sessions open"

# The mixed desktop workload, ~5,000 calls in rounds; a tenth of the rounds also run as separate client processes.
python3 - "$work" "$rounds" > "$work/mixed.jsonl" <<'PY'
import json, sys
work, rounds = sys.argv[1], int(sys.argv[2])
n = 0
def call(*argv):
    global n
    n += 1
    print(json.dumps({"id": n, "argv": list(argv)}))
for r in range(rounds):
    call("list-windows")
    call("get", "active-window")
    call("get", "mouse-position")
    call("click", f"{100 + r % 500},{200 + r % 300}")
    call("mouse", "move", str(300 + r % 700), str(400 + r % 200))
    call("type", f"round {r}")
    call("press", "ctrl+u")
    call("clipboard", "set", f"clip {r} " + "x" * (r % 200))
    call("clipboard", "get")
    call("term", "screen", f"flood{r % 20}")
    call("term", "type", f"flood{r % 20}", f"line {r}\n")
    call("term", "list")
    call("version")
    call("tools")
    call("capabilities", "--compact")
    call("list-windows", "--format", "text")
    call("get", "screen-size")
    if r % 5 == 0:
        call("screenshot", f"{work}/shot.png")
    if r % 5 == 2:
        call("screenshot", f"{work}/shot.jpg", "--format", "jpeg")
    if r % 10 == 4:
        call("screenshot", f"{work}/win.png", "--window", "title~=bench memory", "--annotate")
PY
mixed_start=$(date +%s%N)
stream "$work/mixed.jsonl"
mixed_ms=$(( ($(date +%s%N) - mixed_start) / 1000000 ))
for r in $(seq $((rounds / 10))); do
  bin/uictl list-windows >/dev/null
  bin/uictl screenshot "$work/cli.png" >/dev/null
  bin/uictl term screen "flood$((r % 20))" >/dev/null
  calls=$((calls + 3))
done
for i in $(seq 0 19); do bin/uictl term close "flood$i" >/dev/null; done
calls=$((calls + 20))
sample "after the workload"
start=$(date +%s)
for at in 10 30 60; do
  wait_s=$((start + at - $(date +%s))); [ "$wait_s" -le 0 ] || sleep "$wait_s"
  sample "idle +${at} s"
done
load_after_idle=$(cut -d' ' -f1-3 /proc/loadavg)

# 200 concurrent `cat` sessions: open them all, type into every tenth and read its screen back, then close them.
python3 - > "$work/open200.jsonl" <<'PY'
import json
for i in range(200):
    print(json.dumps({"id": i, "argv": ["term", "open", "--name", f"cat{i}", "--", "cat"]}))
PY
stream "$work/open200.jsonl"
opened=$(bin/uictl term list | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["count"])')
answered=0
for i in $(seq 0 10 199); do
  if bin/uictl term type "cat$i" "echo-$i" --wait-text "echo-$i" >/dev/null \
     && bin/uictl term screen "cat$i" | grep -q "echo-$i"; then answered=$((answered + 1)); fi
  calls=$((calls + 2))
done
sample "200 cat sessions open"
for i in $(seq 0 199); do printf '{"id":%d,"argv":["term","close","cat%d"]}\n' "$i" "$i"; done > "$work/close200.jsonl"
stream "$work/close200.jsonl"
sleep 8   # past the daemon's quiet period, after which it gives memory back
sample "200 sessions closed, idle 8 s"

python3 - "$samples" "${BENCH_OUT:-bench/results}" "$rounds" "$calls" "$opened" "$answered" "$load_before" \
  "$load_after_idle" "$(cut -d' ' -f1-3 /proc/loadavg)" "$mixed_ms" "$(wc -l < "$work/mixed.jsonl")" <<'PY'
import datetime, json, os, subprocess, sys
samples_file, out, rounds, calls, opened, answered, load_before, load_idle, load_end, mixed_ms, mixed_n = sys.argv[1:]
samples = [json.loads(l) for l in open(samples_file)]
t0 = samples[0]["at"]
mb = lambda kb: round(kb / 1024, 1)
budgets = {"right after start": 80, "idle +60 s": 150}
commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
launch = [l.strip() for l in open("build/launch.args") if l.startswith("-X")]
result = {
    "area": "memory", "measured_at": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
    "commit": commit, "cpus": os.cpu_count(), "jvm_flags": launch, "rounds": int(rounds), "calls": int(calls),
    "load_average": {"before": load_before, "after_idle": load_idle, "end": load_end},
    "sessions_200": {"opened": int(opened), "answered_of_20_checked": int(answered)},
    "mixed_stream": {"calls": int(mixed_n), "ms": int(mixed_ms)},
    "samples": [dict(s, seconds=round(s["at"] - t0, 1), budget_mb=budgets.get(s["label"])) for s in samples],
}
with open(os.path.join(out, "memory.json"), "w") as f:
    json.dump(result, f, indent=2)
    f.write("\n")
rows = ["| sample | s | calls | RSS MB | budget MB | heap used MB | heap committed MB | threads | fds |",
        "|---|---|---|---|---|---|---|---|---|"]
for s in result["samples"]:
    b = s["budget_mb"]
    verdict = "" if b is None else f"{b} ({'met' if mb(s['rss_kb']) <= b else 'MISSED'})"
    rows.append(f"| {s['label']} | {s['seconds']} | {s['calls']} | {mb(s['rss_kb'])} | {verdict} | "
                f"{mb(s['heap_used_kb'])} | {mb(s['heap_committed_kb'])} | {s['threads']} | {s['open_fds']} |")
md = f"""# Benchmark: memory

Measured {result['measured_at']} on {result['cpus']} CPUs, commit {commit}. The daemon of a private desktop (Xvfb
1920x1080, openbox, one xterm), driven through `bin/uictl`: {calls} calls in all — 20 terminal sessions flooded with
`seq 1 100000` each (then closed), {rounds} rounds of window lists, mouse/keyboard input, clipboard set/get,
terminal screens and typing, PNG/JPEG/annotated screenshots (most through one `serve --stdio` connection, a tenth
as separate client processes) — then idle; then 200 concurrent `term open -- cat` sessions.

{chr(10).join(rows)}

| measurement | value |
|---|---|
| 200 `cat` sessions open at once | {opened} of 200 |
| of them typed into and read back (every tenth) | {answered} of 20 |
| the {mixed_n} mixed calls through one `serve --stdio` connection took | {int(mixed_ms) / 1000:.1f} s |
| daemon JVM flags | `{' '.join(launch)}` |
| load average before / after idle / end | {load_before} / {load_idle} / {load_end} |
"""
with open(os.path.join(out, "memory.md"), "w") as f:
    f.write(md)
print(md)
PY
