#!/usr/bin/env bash
# VT parser + screen throughput (SPEC §8: ≥ 200 MB/s ASCII-heavy, ≥ 50 MB/s SGR-heavy), ours against the JediTerm
# fork measured in the same JMH run. Builds uictl-bench, runs dev.uictl.bench.vt.VtThroughput (about 2.5 minutes on
# 2 cores) and writes bench/results/vt.md and vt.json (plus the raw JMH output vt-jmh.json).
set -euo pipefail
home=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$home"
export JAVA_HOME=${UICTL_JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}  # a JDK 25, whatever JAVA_HOME says
offline=(); [ "${UICTL_BENCH_ONLINE:-0}" = 1 ] || offline=(-o)

echo "vt.sh: building uictl-bench" >&2
./mvnw -q -B "${offline[@]}" -pl uictl-bench -am -DskipTests package dependency:build-classpath \
  -Dmdep.outputFile=target/classpath.txt -Dmdep.includeScope=runtime >&2
classpath="uictl-bench/target/classes:$(cat uictl-bench/target/classpath.txt)"

mkdir -p bench/results
raw=bench/results/vt-jmh.json
echo "vt.sh: running JMH (3 streams x 2 engines, 1 fork, 5x2 s warm-up, 5x2 s measured)" >&2
"$JAVA_HOME/bin/java" -cp "$classpath" org.openjdk.jmh.Main 'dev.uictl.bench.vt.VtThroughput' \
  -rf json -rff "$raw" -jvmArgsAppend "-Xms512m -Xmx512m -Duictl.corpus=$home/uictl-vt/src/test/resources/ref" >&2

python3 - "$raw" bench/results/vt.json bench/results/vt.md <<'PY'
import json, os, platform, subprocess, sys, time
raw, out_json, out_md = sys.argv[1:]
runs = json.load(open(raw))
score = {}  # (stream, engine) -> (median MB/s, min, max)
for r in runs:
    engine = r["benchmark"].rsplit(".", 1)[1]
    stream = r["params"]["stream"]
    pm = r["primaryMetric"]
    iterations = [v for fork in pm["rawData"] for v in fork]
    score[(stream, engine)] = (pm["scorePercentiles"]["50.0"] / 1e6, min(iterations) / 1e6, max(iterations) / 1e6)
budget = {"ascii": 200, "sgr": 50, "corpus": None}
rows = []
for stream in ["ascii", "sgr", "corpus"]:
    ours, jedi = score[(stream, "uictl")], score[(stream, "jediterm")]
    rows.append({"stream": stream, "uictl_mb_s": round(ours[0], 1), "uictl_range": [round(ours[1], 1), round(ours[2], 1)],
                 "jediterm_mb_s": round(jedi[0], 1), "jediterm_range": [round(jedi[1], 1), round(jedi[2], 1)],
                 "ratio": round(ours[0] / jedi[0], 2), "budget_mb_s": budget[stream],
                 "meets_budget": None if budget[stream] is None else ours[0] >= budget[stream]})
commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
meta = {"date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "commit": commit, "cpus": os.cpu_count(),
        "load_average": [round(x, 2) for x in os.getloadavg()], "jvm": runs[0]["vmName"] + " " + runs[0]["jdkVersion"],
        "method": "JMH throughput, 1 fork, 5x2 s warm-up, 5x2 s measured; 1 MiB stream into a fresh 24x80 terminal "
                  "per operation; MB/s = 10^6 bytes/s, median of the measured iterations"}
json.dump({"benchmark": "vt-throughput", **meta, "results": rows}, open(out_json, "w"), indent=2)
with open(out_md, "w") as f:
    f.write("# VT parser + screen throughput\n\n")
    f.write(f"{meta['date']}, commit {commit}, {meta['cpus']} CPUs (load average {meta['load_average'][0]} at the end, "
            f"shared machine), {meta['jvm']}.\n{meta['method']}.\n"
            "Anchor: the JediTerm fork (com.techsenger.jeditermfx:jeditermfx-core:1.0.0), headless, fed the same bytes "
            "(UTF-8 decoding included for both).\n")
    if meta["load_average"][0] > meta["cpus"]:
        f.write(f"The machine was oversubscribed (load {meta['load_average'][0]} on {meta['cpus']} CPUs): absolute "
                "MB/s are depressed for both engines; the same-run ratio is the figure to compare.\n")
    f.write("\n")
    f.write("| stream | uictl MB/s (min–max) | JediTerm MB/s (min–max) | uictl / JediTerm | budget |\n|---|---|---|---|---|\n")
    for r in rows:
        b = "–" if r["budget_mb_s"] is None else f"≥ {r['budget_mb_s']}: {'met' if r['meets_budget'] else 'NOT met'}"
        f.write(f"| {r['stream']} | {r['uictl_mb_s']} ({r['uictl_range'][0]}–{r['uictl_range'][1]}) | {r['jediterm_mb_s']} "
                f"({r['jediterm_range'][0]}–{r['jediterm_range'][1]}) | {r['ratio']}x | {b} |\n")
    f.write("\nStreams: ascii = text lines of 20–77 columns; sgr = a colour/attribute change (16, 256, 24-bit, bold, "
            "underline) around every word; corpus = the differential corpus recordings (vim, htop, less, bash, curses, "
            "urwid, dialog, mc, vttest, UTF-8, python REPL, git log --graph, watch) concatenated and repeated. Re-run: `bench/vt.sh`.\n")
print(open(out_md).read())
PY
