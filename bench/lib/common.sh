# Sourced by the bench scripts after `set -euo pipefail`: runs from the repository root with a JDK 25 selected and
# the build in place; bench_work makes the private runtime directory each benchmark runs its daemon in.
home=$(cd "$(dirname "${BASH_SOURCE[1]}")/.." && pwd)
cd "$home"
. scripts/lib/jdk.sh
select_jdk
[ -x build/uictl-java ] || scripts/setup

# bench_work NAME: $work, a fresh temporary directory, with UICTL_RUNTIME_DIR inside it.
bench_work() {
  work=$(mktemp -d "/tmp/uictl-bench-$1.XXXXXX")
  export UICTL_RUNTIME_DIR=$work/rt
}

# warm_daemon COMMAND_LINE...: brings the daemon to the steady state an agent calling in a loop meets. A fresh
# daemon spends its first few thousand requests compiling them (the JIT competes with the calls for the CPU), so
# each command line runs 3,000 times through `serve --stdio` and 300 times as a client call of its own.
warm_daemon() {
  python3 - "$@" <<'PY' | build/uictl-c serve --stdio >/dev/null
import json, shlex, sys
for i in range(3000):
    for line in sys.argv[1:]:
        print(json.dumps({"id": i, "argv": shlex.split(line)}))
PY
  local line
  for _ in $(seq 300); do
    for line in "$@"; do eval "build/uictl-c $line" >/dev/null; done
  done
}

# fresh_median COMMAND_LINE: median ms of the command's calls 31-330 on a daemon that has just started, for the
# record next to the warm numbers (run it before warm_daemon).
fresh_median() {
  hyperfine -N --style basic --warmup 30 --runs 300 --export-json "$work/fresh.json" -n "$1, fresh daemon" \
    "build/uictl-c $1" >&2
  python3 -c 'import json,sys; print("%.2f" % (json.load(open(sys.argv[1]))["results"][0]["median"] * 1000))' \
    "$work/fresh.json"
}

# desktop_cleanup NAME: ends the private desktop NAME a benchmark made, the daemon of its display and the one that
# ran `desktop up`, and removes $work (for `trap 'desktop_cleanup NAME' EXIT`).
desktop_cleanup() {
  bin/uictl desktop down --name "$1" >/dev/null 2>&1 || true
  bin/uictl daemon stop >/dev/null 2>&1 || true
  (unset DISPLAY DBUS_SESSION_BUS_ADDRESS AT_SPI_BUS_ADDRESS; bin/uictl daemon stop >/dev/null 2>&1) || true
  rm -rf "$work"
}

# await_refs PID...: toolkits register an application on the accessibility bus shortly after mapping its window;
# returns once each application's snapshot has refs.
await_refs() {
  local pid n
  for pid in "$@"; do
    for _ in $(seq 500); do
      n=$(bin/uictl snapshot --pid "$pid" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"].get("ref_count",0))' 2>/dev/null || echo 0)
      [ "$n" -gt 0 ] && break
      sleep 0.02
    done
  done
}
