#!/usr/bin/env bash
# Accessibility snapshots: round trip of `snapshot` (full tree, and -i) of the GTK fixture and of gtk3-demo through
# the C client against a warm daemon, on a private desktop with its AT-SPI bus, next to a python3-pyatspi walk of the
# same tree (fixtures/atspi_dump.py: libatspi, roles/names/states/extents) measured in the same run; plus the
# fresh-daemon median, a click by ref on the fixture's button, and the token counts of the fixture's -i forms (text
# tree, short keys, JSON) with npm's gpt-tokenizer (o200k_base); and the fixture's snapshot right after a change, when
# the daemon cannot reuse its last walk. Writes bench/results/snapshot.{json,md}.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
bench_work snapshot
unset UICTL_FORMAT DISPLAY
cleanup() {
  bin/uictl desktop down --name bench-snapshot >/dev/null 2>&1 || true
  bin/uictl daemon stop >/dev/null 2>&1 || true
  (unset DISPLAY DBUS_SESSION_BUS_ADDRESS AT_SPI_BUS_ADDRESS; bin/uictl daemon stop >/dev/null 2>&1) || true
  rm -rf "$work"
}
trap cleanup EXIT

eval "$(bin/uictl desktop up --name bench-snapshot --size 1920x1080 --text)"
fixture_pid=$(bin/uictl launch --wait-window -- /usr/bin/python3 fixtures/gtk_fixture.py --state "$work/gtk.jsonl" \
  --title "bench fixture" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["pid"])')
demo_pid=$(bin/uictl launch --wait-window -- gtk3-demo | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["pid"])')
await_refs "$fixture_pid" "$demo_pid"
nodes_fixture=$(bin/uictl snapshot --pid "$fixture_pid" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["node_count"])')
nodes_demo=$(bin/uictl snapshot --pid "$demo_pid" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["node_count"])')
# the ref click: a ref from a snapshot taken in its own session (the other snapshots do not renumber it)
press_ref=$(bin/uictl --session bench-click snapshot --pid "$fixture_pid" -i --text | grep '"Press me"' \
  | grep -o 'ref=e[0-9]*' | cut -d= -f2)
# the click must work before it is timed: a failure shows its envelope instead of hyperfine's exit status
build/uictl-c --session bench-click click "@$press_ref" >/dev/null \
  || { build/uictl-c --session bench-click click "@$press_ref" >&2; exit 1; }
load=$(cut -d' ' -f1 /proc/loadavg)
fresh=$(fresh_median "snapshot --pid $fixture_pid")
runs=${BENCH_RUNS:-100}
python3 - "${BENCH_WARM:-300}" "$fixture_pid" "$demo_pid" <<'PY' | build/uictl-c serve --stdio >/dev/null
import json, sys
for i in range(int(sys.argv[1])):
    for pid in sys.argv[2:]:
        print(json.dumps({"id": i, "argv": ["snapshot", "--pid", pid]}))
PY
hyperfine -N --style basic --warmup 10 --runs "$runs" --export-json "$work/h.json" \
  -n "uictl snapshot fixture" "build/uictl-c snapshot --pid $fixture_pid" \
  -n "uictl snapshot -i fixture" "build/uictl-c snapshot --pid $fixture_pid -i" \
  -n "uictl snapshot gtk3-demo" "build/uictl-c snapshot --pid $demo_pid" \
  -n "uictl snapshot -i gtk3-demo" "build/uictl-c snapshot --pid $demo_pid -i" \
  -n "uictl click @ref fixture" "build/uictl-c --session bench-click click @$press_ref" \
  -n "pyatspi walk fixture" "/usr/bin/python3 fixtures/atspi_dump.py --pid $fixture_pid" \
  -n "pyatspi walk gtk3-demo" "/usr/bin/python3 fixtures/atspi_dump.py --pid $demo_pid" >&2

# the same snapshot right after the fixture changed (a click by ref relabels its status line): the last walk cannot be
# reused as is and is brought up to date from the change events:
# what an agent meets in an act-then-observe loop; the click is not timed
changed=$(python3 - "$runs" "$fixture_pid" "$press_ref" <<'PY'
import statistics, subprocess, sys, time
runs, pid, ref = int(sys.argv[1]), sys.argv[2], sys.argv[3]
times = []
for _ in range(runs):
    subprocess.run(["build/uictl-c", "--session", "bench-click", "click", "@" + ref], stdout=subprocess.DEVNULL, check=True)
    t0 = time.perf_counter()
    subprocess.run(["build/uictl-c", "snapshot", "--pid", pid], stdout=subprocess.DEVNULL, check=True)
    times.append((time.perf_counter() - t0) * 1000)
print(round(statistics.median(times), 2))
PY
)

# token counts of the fixture's -i forms
(cd "$work" && npm init -y >/dev/null 2>&1 && npm install --silent gpt-tokenizer@3 >/dev/null 2>&1)
build/uictl-c snapshot --pid "$fixture_pid" -i --text >"$work/tree.txt"
build/uictl-c snapshot --pid "$fixture_pid" -i --short-keys >"$work/short.json"
build/uictl-c snapshot --pid "$fixture_pid" -i >"$work/full.json"
tokens() {
  (cd "$work" && node --input-type=module -e '
    import { encode } from "gpt-tokenizer";
    import { readFileSync } from "fs";
    process.stdout.write(String(encode(readFileSync(process.argv[1], "utf8")).length));' "$1")
}
python3 bench/lib/report.py snapshot "$work/h.json" bench/results \
  --anchor "pyatspi walk fixture" --anchor "pyatspi walk gtk3-demo" \
  --budget "uictl snapshot fixture=15" --budget "uictl snapshot gtk3-demo=40" --budget "uictl click @ref fixture=10" \
  --extra "elements: fixture=$nodes_fixture, gtk3-demo=$nodes_demo" \
  --extra "1-min load average before the run=$load" \
  --extra "snapshot fixture right after a click changed it (the walk brought up to date from the events; median of $runs, the click not timed)=$changed ms" \
  --extra "snapshot fixture median over a fresh daemon's calls 31-330 (before the warm-up)=$fresh ms" \
  --extra "tokens of the fixture's snapshot -i (gpt-tokenizer o200k_base): text tree=$(tokens "$work/tree.txt"), short keys JSON=$(tokens "$work/short.json"), JSON=$(tokens "$work/full.json")" \
  --extra "pyatspi anchor=a python3 process walking the same tree (start-up included, as an agent calling it pays)"
