#!/usr/bin/env bash
# esctest2 in-band against uictl-vt: each esctest test class runs under a pseudo-terminal whose other end is
# dev.uictl.bench.esctest.EsctestRelay (a Terminal that answers the program's queries), with
# --expected-terminal=xterm --max-vt-level=5. esctest reads cells in-band (DECRQCRA), as it does in a real xterm.
# Classes run one at a time so that a reply a failing test leaves unread cannot fail the classes after it.
# Not part of the test suite: esctest2 is GPL-2 and not vendored. Usage: bench/esctest.sh ESCTEST2_CHECKOUT [LOGDIR]
# (a checkout of github.com/ThomasDickey/esctest2). Prints the totals, the failing tests per class and a
# table of the counts per class.
set -euo pipefail
home=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
esctest=$(cd "$1" && pwd)/esctest
logs=${2:-$(mktemp -d)}
cd "$home"
export JAVA_HOME=${UICTL_JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
./mvnw -q -B -o -pl uictl-bench -am -DskipTests package dependency:build-classpath \
  -Dmdep.outputFile=target/classpath.txt -Dmdep.includeScope=runtime >&2
classpath="$home/uictl-bench/target/classes:$(cat uictl-bench/target/classpath.txt)"
mkdir -p "$logs"
for class in $(grep -ho '^class [A-Za-z0-9]*Tests' "$esctest"/tests/*.py | awk '{print $2}' | sort -u); do
  timeout 600 python3 "$home/bench/lib/esctest_pty.py" "$JAVA_HOME/bin/java" "$classpath" "$esctest" \
    "$logs/$class.log" "--include=^$class\\." >/dev/null 2>&1 || echo "esctest.sh: $class did not finish" >&2
done
python3 - "$logs" <<'PY'
import glob, os, re, sys
failures = {}
per_class = {}   # class -> (passed, known bugs of xterm, failed)
for log in sorted(glob.glob(os.path.join(sys.argv[1], "*.log"))):
    text = open(log, errors="replace").read()
    cls = os.path.basename(log)[:-4]
    summary = re.findall(r"^\*\*\* \d+ tests? passed, (\d+) known", text, re.M)
    names = re.findall(r"^\*\*\* TEST (\S+) FAILED", text, re.M)
    per_class[cls] = (len(re.findall(r"^Passed\.$", text, re.M)), int(summary[-1]) if summary else 0, len(names))
    if names:
        failures[cls] = names
passed, known, failed = (sum(counts[i] for counts in per_class.values()) for i in range(3))
print(f"passed {passed}, known bugs of xterm {known}, failed {failed}, total {passed + known + failed}")
for cls, names in sorted(failures.items(), key=lambda kv: -len(kv[1])):
    print(f"{cls} ({len(names)}): " + ", ".join(n.split('.', 1)[1] for n in names))
print("\n| class | passed | known bugs of xterm | failed |\n|---|---|---|---|")
for cls, (p, k, f) in sorted(per_class.items()):
    print(f"| {cls} | {p} | {k} | {f} |")
PY
