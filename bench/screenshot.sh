#!/usr/bin/env bash
# Full-screen 1920x1080 screenshot to a file through the C client with a warm daemon (SPEC §8: ≤ 40 ms median),
# against ImageMagick's `import -window root` measured in the same run on the same private desktop; JPEG too.
# Writes bench/results/screenshot.md and .json. Needs scripts/setup to have built build/.
set -euo pipefail
home=$(cd "$(dirname "$0")/.." && pwd)
uictl="$home/bin/uictl"
[ -x "$home/build/uictl-c" ] || { echo "run scripts/setup first (no build/uictl-c)" >&2; exit 2; }
runs=${RUNS:-30}
work=$(mktemp -d /tmp/uictl-bench-shot.XXXXXX)
export UICTL_RUNTIME_DIR="$work/runtime"
mkdir -m 700 "$UICTL_RUNTIME_DIR"
pids=()
cleanup() {
  "$uictl" daemon stop >/dev/null 2>&1 || true
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do kill "${pids[i]}" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# A private 1920x1080 desktop with typical content: a solid background, window decorations, coloured terminals.
# A high, random display number: low numbers freed by other test runs on a shared machine get reused at once,
# and a stray client of a previous owner of the number must not meet this desktop.
for _ in $(seq 20); do
  number=$((200 + RANDOM % 400))
  [ -e "/tmp/.X11-unix/X$number" ] || [ -e "/tmp/.X$number-lock" ] || break
done
Xvfb ":$number" -screen 0 1920x1080x24 -nolisten tcp -noreset 2>/dev/null &
xvfb_pid=$!; pids+=($xvfb_pid)
export DISPLAY=":$number"
for _ in $(seq 200); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.05; done
openbox --sm-disable >/dev/null 2>&1 & pids+=($!)
for _ in $(seq 100); do xprop -root _NET_SUPPORTING_WM_CHECK 2>/dev/null | grep -q window && break; sleep 0.05; done
xsetroot -solid '#3a6ea5'
xterm -geometry 140x45+20+20 -bg black -fg green -e sh -c 'ls -la --color=always /usr/bin | head -60; exec sleep 3600' &
pids+=($!)
xterm -geometry 100x35+1000+300 -e sh -c 'for i in $(seq 0 255); do printf "\033[48;5;${i}m %3d " $i; done; echo; ls --color=always -R /etc | head -40; exec sleep 3600' &
pids+=($!)
for _ in $(seq 100); do [ "$(xprop -root _NET_CLIENT_LIST 2>/dev/null | tr ',' '\n' | grep -c 0x)" -ge 2 ] && break; sleep 0.05; done
xset s off -dpms 2>/dev/null || true
# The timed commands must all capture the same still screen: wait until the terminals have finished drawing.
previous=""; same=0
for _ in $(seq 150); do
  now=$(import -window root rgb:- | md5sum)
  if [ "$now" = "$previous" ]; then same=$((same + 1)); else same=0; fi
  [ "$same" -ge 3 ] && break
  previous=$now; sleep 0.3
done

"$uictl" daemon start >/dev/null
for _ in $(seq 10); do "$uictl" screenshot "$work/warm.png" >/dev/null; "$uictl" screenshot "$work/warm.jpg" >/dev/null; done
"$uictl" screenshot "$work/check.png" >/dev/null
import -window root "$work/import-check.png"
differing=$(compare -metric AE "$work/check.png" "$work/import-check.png" null: 2>&1 || true)

hyperfine -N -w 3 -r "$runs" --export-json "$work/hyperfine.json" \
  -n "uictl version (client/daemon floor)" "$uictl version" \
  -n "uictl screenshot (png)" "$uictl screenshot $work/u.png" \
  -n "import -window root (png)" "import -window root $work/i.png" \
  -n "uictl screenshot (jpeg q80)" "$uictl screenshot $work/u.jpg --quality 80" \
  -n "import -window root (jpeg q80)" "import -window root -quality 80 $work/i.jpg" >&2

# CPU per call, independent of how busy the machine is: the daemon's (and the X server's) utime+stime over many
# calls, against import's own user+system time from hyperfine.
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
daemon_pid=$("$uictl" daemon status | jq -r '.data.pid')
calls=50
d0=$(cpu_ticks "$daemon_pid"); x0=$(cpu_ticks "$xvfb_pid")
for _ in $(seq "$calls"); do "$uictl" screenshot "$work/cpu.png" >/dev/null; done
d1=$(cpu_ticks "$daemon_pid"); x1=$(cpu_ticks "$xvfb_pid")
for _ in $(seq "$calls"); do "$uictl" version >/dev/null; done
d2=$(cpu_ticks "$daemon_pid")
tick_ms=$((1000 / $(getconf CLK_TCK)))
daemon_png_cpu=$(jq -n "($d1 - $d0) * $tick_ms / $calls")
daemon_floor_cpu=$(jq -n "($d2 - $d1) * $tick_ms / $calls")
xvfb_png_cpu=$(jq -n "($x1 - $x0) * $tick_ms / $calls")

still=true
[ "$(import -window root rgb:- | md5sum)" = "$previous" ] || { still=false; echo "warning: the screen changed during the run" >&2; }
png_bytes=$(stat -c %s "$work/u.png"); import_png_bytes=$(stat -c %s "$work/i.png")
jpg_bytes=$(stat -c %s "$work/u.jpg"); import_jpg_bytes=$(stat -c %s "$work/i.jpg")
mkdir -p "$home/bench/results"
jq --arg date "$(date -u +%Y-%m-%dT%H:%M:%SZ)" --arg cpu "$(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | xargs)" \
   --arg load "$(cut -d' ' -f1-3 /proc/loadavg)" --argjson differing "${differing%% *}" --argjson still "$still" \
   --argjson dcpu "$daemon_png_cpu" --argjson fcpu "$daemon_floor_cpu" --argjson xcpu "$xvfb_png_cpu" \
   --argjson png "$png_bytes" --argjson ipng "$import_png_bytes" --argjson jpg "$jpg_bytes" --argjson ijpg "$import_jpg_bytes" '
  {date: $date, machine: $cpu, load_average: $load, screen: "1920x1080x24 Xvfb, openbox, two coloured xterms",
   budget_ms: 40, pixels_differing_from_import: $differing, screen_unchanged_during_run: $still,
   bytes: {uictl_png: $png, import_png: $ipng, uictl_jpeg: $jpg, import_jpeg: $ijpg},
   cpu_ms_per_call: {daemon_png: $dcpu, daemon_version: $fcpu, xvfb_png: $xcpu,
                     import_png_user_sys: ([.results[] | select(.command == "import -window root (png)") | (.user + .system) * 1000][0])},
   results: [.results[] | {command: .command, median_ms: (.median * 1000), mean_ms: (.mean * 1000),
                           stddev_ms: (.stddev * 1000), min_ms: (.min * 1000), max_ms: (.max * 1000)}]}' \
   "$work/hyperfine.json" > "$home/bench/results/screenshot.json"

jq -r '
  def ms: . * 10 | round / 10;
  (.results | map({key: .command, value: .median_ms}) | from_entries) as $m |
  "# Screenshot benchmark\n",
  "\(.date) — \(.machine), load average \(.load_average); \(.screen).",
  "Warm daemon, C client (`bin/uictl`), hyperfine medians. Budget (SPEC §8): full-screen PNG ≤ \(.budget_ms) ms.\n",
  "| command | median ms | mean ± sd ms | min ms |",
  "|---|---|---|---|",
  (.results[] | "| \(.command) | \(.median_ms | ms) | \(.mean_ms | ms) ± \(.stddev_ms | ms) | \(.min_ms | ms) |"),
  "",
  "- Client/daemon round-trip floor in the same run (`uictl version`): \($m["uictl version (client/daemon floor)"] | ms) ms; the machine load above inflates every number.",
  "- PNG: uictl \($m["uictl screenshot (png)"] | ms) ms vs import \($m["import -window root (png)"] | ms) ms — **\(($m["import -window root (png)"] / $m["uictl screenshot (png)"]) * 10 | round / 10)x** faster; budget \(if $m["uictl screenshot (png)"] <= .budget_ms then "met" else "NOT met" end).",
  "- JPEG q80: uictl \($m["uictl screenshot (jpeg q80)"] | ms) ms vs import \($m["import -window root (jpeg q80)"] | ms) ms — \(($m["import -window root (jpeg q80)"] / $m["uictl screenshot (jpeg q80)"]) * 10 | round / 10)x.",
  "- CPU per PNG screenshot (load-independent): daemon \(.cpu_ms_per_call.daemon_png | ms) ms (of which \(.cpu_ms_per_call.daemon_version | ms) ms is the bare round trip of `uictl version`), X server \(.cpu_ms_per_call.xvfb_png | ms) ms; import uses \(.cpu_ms_per_call.import_png_user_sys | ms) ms user+system.",
  "- Sizes: uictl PNG \(.bytes.uictl_png) B (import \(.bytes.import_png) B); uictl JPEG \(.bytes.uictl_jpeg) B (import \(.bytes.import_jpeg) B).",
  "- Correctness in the same run: `compare -metric AE` between uictl'"'"'s PNG and import'"'"'s = \(.pixels_differing_from_import) differing pixels; screen unchanged during the timed run: \(.screen_unchanged_during_run)."
' "$home/bench/results/screenshot.json" > "$home/bench/results/screenshot.md"
cat "$home/bench/results/screenshot.md"
