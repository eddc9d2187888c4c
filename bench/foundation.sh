#!/usr/bin/env bash
# Foundation: round trip of `uictl version` and `uictl tools` against a warm daemon through the documented entry
# (bin/uictl, the command README puts on PATH), next to the C client binary it is a copy of and `true` (the cost of
# any process start), so the entry's own cost shows; the Java client (build/uictl-java, what UICTL_CLIENT=java
# runs) with a bare JVM start as its anchor; plus the daemon's idle RSS and the CPU time (user+sys) each client
# call costs. Writes bench/results/foundation.{json,md}.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
bench_work foundation
unset DISPLAY UICTL_FORMAT
trap 'bin/uictl daemon stop >/dev/null 2>&1 || true; rm -rf "$work"' EXIT

printf 'public class Hello { public static void main(String[] a) { } }\n' > "$work/Hello.java"
"$JAVA_HOME/bin/javac" -d "$work" "$work/Hello.java"
bin/uictl version >/dev/null   # starts the daemon
fresh=$(fresh_median "version")
warm_daemon "version" "tools"
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
hyperfine -N --style basic --warmup 20 --runs "${BENCH_RUNS:-200}" --export-json "$work/h.json" \
  -n "true" "true" \
  -n "uictl version (bin/uictl, the documented entry)" "bin/uictl version" \
  -n "c version" "build/uictl-c version" \
  -n "uictl tools (bin/uictl)" "bin/uictl tools" \
  -n "c tools" "build/uictl-c tools" \
  -n "java version" "build/uictl-java version" \
  -n "java tools" "build/uictl-java tools" \
  -n "bare JVM start" "$JAVA_HOME/bin/java -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -cp $work Hello" >&2
cpu=$(python3 -c 'import json,sys
for r in json.load(open(sys.argv[1]))["results"]:
    print("--extra=%s CPU ms per call (user+sys, mean)=%.1f" % (r["command"], (r["user"] + r["system"]) * 1000))' "$work/h.json")
mapfile -t cpu_extra <<< "$cpu"
# The entry's own cost, bin/uictl against build/uictl-c, measured interleaved (call for call, alternating which goes
# first) so that a change of machine load during the run weighs on both alike; hyperfine measures one after the other.
entry=$(python3 - "${BENCH_RUNS:-200}" <<'PY'
import statistics, subprocess, sys, time
runs = int(sys.argv[1]) * 2
times = {"bin/uictl": [], "build/uictl-c": [], "true": []}
def once(cmd):
    t = time.perf_counter_ns()
    subprocess.run([cmd, "version"] if cmd != "true" else ["true"], stdout=subprocess.DEVNULL, check=True)
    times[cmd].append((time.perf_counter_ns() - t) / 1e6)
for i in range(runs):
    order = ["bin/uictl", "build/uictl-c", "true"]
    for cmd in (order if i % 2 else order[::-1]):
        once(cmd)
m = {k: statistics.median(v) for k, v in times.items()}
d = m["bin/uictl"] - m["build/uictl-c"]
print("%.2f ms (budget 0.3: %s; interleaved medians of %d calls each: bin/uictl version %.2f ms, build/uictl-c "
      "version %.2f ms, true %.2f ms, timed from Python)" % (d, "met" if d <= 0.3 else "MISSED", runs,
      m["bin/uictl"], m["build/uictl-c"], m["true"]))
PY
)
rss_kb=$(bin/uictl daemon status | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["rss_kb"])')
python3 bench/lib/report.py foundation "$work/h.json" bench/results --anchor "bare JVM start" --anchor "true" \
  --budget "c version=5" --budget "uictl version (bin/uictl, the documented entry)=5" --budget "java version=80" \
  --extra "bin/uictl version over build/uictl-c version=$entry" --extra "daemon idle RSS MB=$((rss_kb / 1024)) (budget 150)" \
  "${cpu_extra[@]}" --extra "load average before/after=$load_before / $(cut -d' ' -f1-3 /proc/loadavg)" \
  --extra "c version median over a fresh daemon's calls 31-330 (before the warm-up)=$fresh ms" \
  --extra "warm daemon=each measured command 3,000 times through serve --stdio and 300 times through the client first"
