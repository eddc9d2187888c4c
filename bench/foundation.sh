#!/usr/bin/env bash
# Foundation: round trip of `uictl version` and `uictl tools` through the C client and the Java client against a
# warm daemon, with a bare JVM start (a class that does nothing) as the anchor; plus the daemon's idle RSS.
# Writes bench/results/foundation.{json,md}.
set -euo pipefail
home=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$home"
. scripts/lib/jdk.sh
select_jdk
[ -x build/uictl-java ] || scripts/setup
work=$(mktemp -d /tmp/uictl-bench.XXXXXX)
export UICTL_RUNTIME_DIR=$work/rt
unset DISPLAY UICTL_FORMAT
trap 'bin/uictl daemon stop >/dev/null 2>&1 || true; rm -rf "$work"' EXIT

printf 'public class Hello { public static void main(String[] a) { } }\n' > "$work/Hello.java"
"$JAVA_HOME/bin/javac" -d "$work" "$work/Hello.java"
bin/uictl version >/dev/null   # starts the daemon
hyperfine -N --style basic --warmup 20 --runs "${BENCH_RUNS:-200}" --export-json "$work/h.json" \
  -n "c version" "build/uictl-c version" \
  -n "c tools" "build/uictl-c tools" \
  -n "java version" "build/uictl-java version" \
  -n "java tools" "build/uictl-java tools" \
  -n "bare JVM start" "$JAVA_HOME/bin/java -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -cp $work Hello" >&2
rss_kb=$(bin/uictl daemon status | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["rss_kb"])')
python3 bench/lib/report.py foundation "$work/h.json" bench/results --anchor "bare JVM start" \
  --budget "c version=5" --budget "java version=80" --extra "daemon idle RSS MB=$((rss_kb / 1024)) (budget 150)"
