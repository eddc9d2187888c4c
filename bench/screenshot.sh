#!/usr/bin/env bash
# Full-screen 1920x1080 screenshots through the documented entry (`bin/uictl`) on real content: a photo-like screen
# and a text-heavy editor screen (bench/lib/screens.sh), PNG and JPEG q80, against ImageMagick's
# `import -window root` in the same run. Reports the warm-daemon median next to the fresh-daemon median (the first
# screenshot after `daemon start`, over several fresh daemons). Targets (issue 15): photo PNG <= 40 ms, JPEG <= 10 ms;
# text PNG <= 20 ms, JPEG <= 8 ms. Writes bench/results/screenshot.md and .json. Needs scripts/setup's build/.
set -euo pipefail
home=$(cd "$(dirname "$0")/.." && pwd)
uictl="$home/bin/uictl"
[ -x "$home/build/uictl-c" ] || { echo "run scripts/setup first (no build/uictl-c)" >&2; exit 2; }
runs=${RUNS:-30}
fresh_daemons=${FRESH:-5}
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
. "$home/bench/lib/screens.sh"
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
start_desktop

# fresh_ms FILE: the first screenshot to FILE after a daemon start, in ms (the start itself is not timed).
fresh_ms() {
  "$uictl" daemon stop >/dev/null 2>&1 || true
  "$uictl" daemon start >/dev/null
  local t0=$EPOCHREALTIME
  "$uictl" screenshot "$1" >/dev/null
  local t1=$EPOCHREALTIME
  python3 -c "print(round(($t1 - $t0) * 1000, 1))"
}

# median NUMBERS...: their median.
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }

# daemon_cpu_ms FILE: the daemon's CPU time (utime + stime) per screenshot to FILE over 20 calls: load-independent.
daemon_cpu_ms() {
  local pid calls=20 t0 t1
  pid=$("$uictl" daemon status | jq -r '.data.pid')
  t0=$(awk '{print $14 + $15}' "/proc/$pid/stat")
  for _ in $(seq "$calls"); do "$uictl" screenshot "$1" >/dev/null; done
  t1=$(awk '{print $14 + $15}' "/proc/$pid/stat")
  jq -n "($t1 - $t0) * 1000 / $(getconf CLK_TCK) / $calls"
}

# measure SCENE: fresh and warm timings of the current screen, written to $work/SCENE.json.
measure() {
  local scene=$1 png=() jpg=()
  for _ in $(seq "$fresh_daemons"); do
    png+=("$(fresh_ms "$work/$scene-fresh.png")")
    jpg+=("$(fresh_ms "$work/$scene-fresh.jpg")")
  done
  # past the JIT compiling the capture and encoder paths (its threads would count as daemon CPU)
  for _ in $(seq 40); do "$uictl" screenshot "$work/warm.png" >/dev/null; "$uictl" screenshot "$work/warm.jpg" >/dev/null; done
  hyperfine -N -w 3 -r "$runs" --export-json "$work/$scene-hyperfine.json" \
    -n "uictl screenshot (png)" "$uictl screenshot $work/$scene.png" \
    -n "uictl screenshot (jpeg q80)" "$uictl screenshot $work/$scene.jpg --quality 80" \
    -n "import -window root (png)" "import -window root $work/$scene-import.png" \
    -n "import -window root (jpeg q80)" "import -window root -quality 80 $work/$scene-import.jpg" >&2
  local cpu_png cpu_jpg differing jpeg_psnr still=true
  cpu_png=$(daemon_cpu_ms "$work/cpu.png")
  cpu_jpg=$(daemon_cpu_ms "$work/cpu.jpg")
  differing=$(compare -metric AE "$work/$scene.png" "$work/$scene-import.png" null: 2>&1 || true)
  jpeg_psnr=$(compare -metric PSNR "$work/$scene.jpg" "$work/$scene-import.png" null: 2>&1 || true)
  [ "$(import -window root rgb:- | md5sum)" = "$still_sum" ] || { still=false; echo "warning: the $scene screen changed" >&2; }
  jq --arg scene "$scene" --argjson fpng "$(median "${png[@]}")" --argjson fjpg "$(median "${jpg[@]}")" \
     --arg fpngs "${png[*]}" --arg fjpgs "${jpg[*]}" --argjson cpng "$cpu_png" --argjson cjpg "$cpu_jpg" \
     --argjson differing "${differing%% *}" --arg psnr "${jpeg_psnr%% *}" --argjson still "$still" \
     --argjson png_bytes "$(stat -c %s "$work/$scene.png")" --argjson jpg_bytes "$(stat -c %s "$work/$scene.jpg")" \
     --argjson ipng_bytes "$(stat -c %s "$work/$scene-import.png")" '
    {scene: $scene,
     warm: [.results[] | {command: .command, median_ms: (.median * 1000), mean_ms: (.mean * 1000),
                          stddev_ms: (.stddev * 1000), min_ms: (.min * 1000)}],
     fresh_daemon: {png_median_ms: $fpng, jpeg_median_ms: $fjpg, png_ms: ($fpngs | split(" ") | map(tonumber)),
                    jpeg_ms: ($fjpgs | split(" ") | map(tonumber))},
     daemon_cpu_ms_per_call: {png: $cpng, jpeg: $cjpg},
     bytes: {uictl_png: $png_bytes, uictl_jpeg: $jpg_bytes, import_png: $ipng_bytes},
     png_pixels_differing_from_import: $differing, jpeg_psnr_db_vs_import_png: $psnr,
     screen_unchanged_during_run: $still}' "$work/$scene-hyperfine.json" > "$work/$scene.json"
}

show_photo
wait_still
measure photo
show_code "$home/uictl-engine/src/main/java/dev/uictl/engine/desktop/capture/ScreenCaptureService.java" \
  "$home/uictl-engine/src/main/java/dev/uictl/engine/desktop/capture/ImageScaler.java"
wait_still
measure text
"$uictl" daemon start >/dev/null 2>&1 || true
encoders=$("$uictl" tools | jq -c '[.data.tools[] | select(.kind == "library") | {name, available, detail}]')

mkdir -p "$home/bench/results"
jq -s --arg date "$(date -u +%Y-%m-%dT%H:%M:%SZ)" \
   --arg cpu "$(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | xargs)" \
   --arg before "$load_before" --arg after "$(cut -d' ' -f1-3 /proc/loadavg)" --argjson encoders "$encoders" \
   --argjson fresh "$fresh_daemons" --argjson runs "$runs" '
  {date: $date, machine: $cpu, load_average_before: $before, load_average_after: $after,
   display: "1920x1080x24 Xvfb, openbox", fresh_daemons: $fresh, warm_runs: $runs, encoders: $encoders,
   targets_ms: {photo: {png: 40, jpeg: 10}, text: {png: 20, jpeg: 8}},
   scenes: {photo: (.[0] + {content: "fractal plasma with noise on the root window (PNG ~60% of raw, like a photograph)"}),
            text: (.[1] + {content: "full-screen xterm, vim with syntax colours, two Java files side by side"})}}' \
   "$work/photo.json" "$work/text.json" > "$home/bench/results/screenshot.json"

jq -r '
  def ms: . * 10 | round / 10;
  def warm($s; $c): [$s.warm[] | select(.command == $c) | .median_ms][0];
  def verdict($v; $t): if $v <= $t then "met" else "NOT met" end;
  "# Screenshot benchmark\n",
  "\(.date) — \(.machine); load average \(.load_average_before) before, \(.load_average_after) after (the machine is shared: every number is inflated by the load). \(.display).",
  "Through `bin/uictl` (the documented entry). Warm: hyperfine medians of \(.warm_runs) runs after 40 warm-up calls of each format. Fresh daemon: median of the first screenshot after `daemon start` over \(.fresh_daemons) fresh daemons.",
  "Encoders: \(.encoders | map("\(.name) \(if .available then "in use" else "MISSING" end)") | join(", ")).\n",
  "| screen | format | warm median ms | fresh-daemon median ms | target ms | `import` median ms | daemon CPU ms/call | bytes |",
  "|---|---|---|---|---|---|---|---|",
  (. as $r | .scenes | to_entries[] | .key as $k | .value as $s |
    "| \($k) | PNG | \(warm($s; "uictl screenshot (png)") | ms) | \($s.fresh_daemon.png_median_ms) | \($r.targets_ms[$k].png) | \(warm($s; "import -window root (png)") | ms) | \($s.daemon_cpu_ms_per_call.png | ms) | \($s.bytes.uictl_png) |",
    "| \($k) | JPEG q80 | \(warm($s; "uictl screenshot (jpeg q80)") | ms) | \($s.fresh_daemon.jpeg_median_ms) | \($r.targets_ms[$k].jpeg) | \(warm($s; "import -window root (jpeg q80)") | ms) | \($s.daemon_cpu_ms_per_call.jpeg | ms) | \($s.bytes.uictl_jpeg) |"),
  "",
  (. as $r | .scenes | to_entries[] | .key as $k | .value as $s |
    "- \($k) (\($s.content)): warm PNG \(warm($s; "uictl screenshot (png)") | ms) ms vs target \($r.targets_ms[$k].png) — \(verdict(warm($s; "uictl screenshot (png)"); $r.targets_ms[$k].png)); warm JPEG \(warm($s; "uictl screenshot (jpeg q80)") | ms) ms vs target \($r.targets_ms[$k].jpeg) — \(verdict(warm($s; "uictl screenshot (jpeg q80)"); $r.targets_ms[$k].jpeg)). PNG pixels differing from `import`: \($s.png_pixels_differing_from_import); JPEG PSNR against `import`'"'"'s PNG: \($s.jpeg_psnr_db_vs_import_png) dB; screen unchanged during the run: \($s.screen_unchanged_during_run); fresh-daemon samples PNG \($s.fresh_daemon.png_ms), JPEG \($s.fresh_daemon.jpeg_ms)."),
  "- Daemon CPU per call is utime+stime of the daemon over 20 calls: it does not grow with the load the way wall time does."
' "$home/bench/results/screenshot.json" > "$home/bench/results/screenshot.md"
cat "$home/bench/results/screenshot.md"
