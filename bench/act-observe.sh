#!/usr/bin/env bash
# Act -> observe loops on real applications, through the C client, on a private desktop with its AT-SPI bus:
# gtk3-widget-factory switching pages (radio buttons "Page 1/2/3": a large change) and toggling a check button,
# gtk3-demo switching between its Info and Source tabs (its demo list is not used: a click on a cell runs that demo,
# and `select` on its tree table fails), and a PyQt5 form (Qt is walked afresh every time: its events are not
# trusted). Each step is a click by ref, `snapshot -i` right after it and again with no change, and a python3-pyatspi
# walk of the same application (the anchor) whose tree the full snapshot must equal (bench/lib/act_observe.py). The
# loops run once untimed first (the daemon the fresh-daemon measurements left is new). Plus the first snapshot of a
# fresh daemon: started by an earlier call (it readies the accessibility connection meanwhile), and as the daemon's
# very first call. Writes bench/results/act-observe.{json,md}.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
bench_work act-observe
unset UICTL_FORMAT DISPLAY
trap 'desktop_cleanup bench-act-observe' EXIT

eval "$(bin/uictl desktop up --name bench-act-observe --size 1920x1080 --text)"
pid_of() { python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["pid"])'; }
factory=$(bin/uictl launch --wait-window -- gtk3-widget-factory | pid_of)
demo=$(bin/uictl launch --wait-window -- gtk3-demo | pid_of)
qt=$(bin/uictl launch --wait-window -- /usr/bin/python3 fixtures/qt_fixture.py --qt 5 | pid_of)
await_refs "$factory" "$demo" "$qt"
nodes() { bin/uictl snapshot --pid "$1" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["node_count"])'; }

# the first snapshot -i of a fresh daemon (median of 5 each): the daemon started by another call just before, and
# the snapshot as the daemon's very first call (its start-up included)
fresh() {
  local times=() i t0
  for i in 1 2 3 4 5; do
    bin/uictl daemon stop >/dev/null 2>&1 || true
    [ "$1" = after-call ] && build/uictl-c list-windows >/dev/null
    t0=$(date +%s%N)
    build/uictl-c snapshot --pid "$factory" -i >/dev/null
    times+=($(( ($(date +%s%N) - t0) / 1000 )))
  done
  printf '%s\n' "${times[@]}" | sort -n | sed -n 3p | awk '{printf "%.1f", $1 / 1000}'
}
load=$(cut -d' ' -f1 /proc/loadavg)
fresh_after_call=$(fresh after-call)
fresh_first=$(fresh first-call)
nodes_factory=$(nodes "$factory"); nodes_demo=$(nodes "$demo"); nodes_qt=$(nodes "$qt")

rounds=${BENCH_ROUNDS:-30}
loops=("gtk3-widget-factory:$factory:radiobutton:Page 2,Page 3,Page 1"
       "gtk3-widget-factory check button:$factory:checkbox:checkbutton"
       "gtk3-demo:$demo:tab:Source,Info"
       "qt5-form:$qt:checkbox:Subscribe")
python3 bench/lib/act_observe.py "$work/warm-up.json" 6 "${loops[@]}" >/dev/null
checks=$(python3 bench/lib/act_observe.py "$work/loops.json" "$rounds" "${loops[@]}")
load_after=$(cut -d' ' -f1 /proc/loadavg)

python3 bench/lib/report.py act-observe "$work/loops.json" bench/results \
  --anchor "pyatspi walk gtk3-widget-factory" --anchor "pyatspi walk gtk3-demo" --anchor "pyatspi walk qt5-form" \
  --budget "uictl click @ref gtk3-widget-factory check button=20" --budget "uictl click @ref qt5-form=20" \
  --budget "uictl snapshot -i gtk3-widget-factory again, no change=10" \
  --budget "uictl snapshot -i gtk3-demo again, no change=10" \
  --budget "uictl snapshot -i gtk3-widget-factory check button again, no change=10" \
  --extra "elements (full snapshot): gtk3-widget-factory=$nodes_factory (Page 1), gtk3-demo=$nodes_demo, qt5-form=$nodes_qt" \
  --extra "1-min load average before / after the loops=$load / $load_after" \
  --extra "first snapshot -i of gtk3-widget-factory on a fresh daemon started by a list-windows call just before (median of 5)=$fresh_after_call ms" \
  --extra "first snapshot -i of gtk3-widget-factory as a fresh daemon's very first call, its start included (median of 5)=$fresh_first ms" \
  --extra "full snapshot equals the pyatspi walk taken right after it (steps, steps differing, first differences)=$checks" \
  --extra "pyatspi anchor=a python3 process walking the same application (start-up included, as an agent calling it pays)"
