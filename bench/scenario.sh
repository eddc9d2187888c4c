#!/usr/bin/env bash
# A 20-step scenario against cat (type a word, Enter, the echo asserted; ten times) run three ways on the same
# machine in the same run: `uictl run --scenario` (settle-based: each step returns when the screen has settled),
# ptybox's approach (each action followed by a fixed observe window of 200 ms, as ptybox's driver does), and
# pexpect-style polling (python3 pexpect: send, then expect the echo). Also the sandbox's start-up cost per run:
# `uictl exec` of /usr/bin/true with sandbox bwrap vs none. Writes bench/results/scenario.{json,md}.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
bench_work scenario
unset DISPLAY UICTL_FORMAT TMUX
trap 'bin/uictl daemon stop >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
mkdir -p "$work/cwd"

python3 - "$work" <<'PY'
import json, sys
work = sys.argv[1]
steps = []
for i in range(10):
    steps.append({"id": f"type-{i}", "action": {"type": "text", "payload": {"text": f"word{i}"}}, "timeout_ms": 2000})
    steps.append({"id": f"enter-{i}", "action": {"type": "key", "payload": {"key": "Enter"}},
                  "assert": [{"type": "screen_contains", "payload": {"text": f"word{i}\nword{i}"}}],
                  "timeout_ms": 2000, "retries": 3})
def scenario(sandbox):
    policy = {"policy_version": 1, "sandbox": sandbox, "network": "disabled",
              "fs": {"allowed_read": [f"{work}/cwd"], "working_dir": f"{work}/cwd"},
              "exec": {"allowed_executables": ["/usr/bin/cat"]}}
    if sandbox == "none":
        policy.update(sandbox_unsafe_ack=True, network_unsafe_ack=True)
    return {"scenario_version": 1, "metadata": {"name": "bench-20"},
            "run": {"command": "/usr/bin/cat", "initial_size": {"rows": 40, "cols": 80}, "policy": policy},
            "steps": steps}
for s in ("bwrap", "none"):
    json.dump(scenario(s), open(f"{work}/scenario-{s}.json", "w"))
PY

cat > "$work/fixed_sleeps.py" <<'PY'
# ptybox's approach: every action is followed by a fixed 200 ms observe window, then the assertion is checked once.
import os, pty, sys, time
pid, fd = pty.fork()
if pid == 0:
    os.execv("/usr/bin/cat", ["cat"])
out = b""
def observe(ms):
    global out
    end = time.monotonic() + ms / 1000
    while time.monotonic() < end:
        try:
            import select
            r, _, _ = select.select([fd], [], [], max(0, end - time.monotonic()))
            if r:
                out += os.read(fd, 65536)
        except OSError:
            break
for i in range(10):
    os.write(fd, f"word{i}".encode()); observe(200)
    os.write(fd, b"\r"); observe(200)
    assert f"word{i}\r\nword{i}\r\n".encode() in out, out
os.kill(pid, 9)
PY
cat > "$work/pexpect_poll.py" <<'PY'
# pexpect-style: send, then expect the echo (polling the stream), no screen model.
import pexpect
child = pexpect.spawn("/usr/bin/cat", dimensions=(40, 80))
for i in range(10):
    child.send(f"word{i}")
    child.expect_exact(f"word{i}")
    child.send("\r")
    child.expect_exact(f"\r\nword{i}\r\n")
child.terminate(force=True)
PY
python3 -c 'import pexpect' 2>/dev/null || { echo "python3-pexpect is missing (apt-get install python3-pexpect)" >&2; exit 1; }

build/uictl-c run --scenario "$work/scenario-bwrap.json" >/dev/null   # starts the daemon, warms the path
for _ in 1 2 3; do build/uictl-c run --scenario "$work/scenario-none.json" >/dev/null; done
steps_ms=$(build/uictl-c run --scenario "$work/scenario-none.json" | python3 -c '
import json, sys; d = json.load(sys.stdin)["data"]; print(sum(s["duration_ms"] for s in d["steps"]))')
hyperfine -N --style basic --warmup 2 --runs "${BENCH_RUNS:-10}" --export-json "$work/h.json" \
  -n "uictl run --scenario, sandbox none (20 steps)" "build/uictl-c run --scenario $work/scenario-none.json" \
  -n "uictl run --scenario, sandbox bwrap (20 steps)" "build/uictl-c run --scenario $work/scenario-bwrap.json" \
  -n "ptybox approach: fixed 200 ms observe per action" "python3 $work/fixed_sleeps.py" \
  -n "pexpect-style polling (no screen model)" "python3 $work/pexpect_poll.py" \
  -n "uictl exec /usr/bin/true, sandbox bwrap" "build/uictl-c exec --allow-exec /usr/bin/true --cwd $work/cwd --allow-read $work/cwd -- true" \
  -n "uictl exec /usr/bin/true, sandbox none" "build/uictl-c exec --allow-exec /usr/bin/true --cwd $work/cwd --allow-read $work/cwd --sandbox none --sandbox-unsafe-ack --network-unsafe-ack -- true" >&2

python3 bench/lib/report.py scenario "$work/h.json" bench/results \
  --anchor "ptybox approach: fixed 200 ms observe per action" --anchor "pexpect-style polling (no screen model)" \
  --extra "sum of the 20 steps' durations inside one uictl run (sandbox none), ms=$steps_ms" \
  --extra "sandbox start-up cost per run=the difference between the two exec rows (bwrap + Landlock + seccomp vs a plain pty spawn)" \
  --extra "load average=$(cut -d' ' -f1-3 /proc/loadavg)" \
  --extra "what each uictl run includes=policy validation, program start, a snapshot with cells per step written to memory, assertions, end of program; no --artifacts"
