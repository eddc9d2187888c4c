#!/usr/bin/env bash
# Byte budgets of terminal answers at 24x80 (issue 26): each response line of `driver --stdio` driving bash and vim
# by default (budget 2 KB), `term transcript --tail` after a program printed ~1.9 MB (bounded by the tail asked
# for), and the snapshot files of `run --artifacts` (cells as runs) next to the same screens cell by cell
# (`term screen --cells=full`). Writes bench/results/term-bytes.{json,md}; exits 1 when a budget is broken.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
bench_work term-bytes
unset DISPLAY UICTL_FORMAT TMUX
trap 'bin/uictl daemon stop >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
mkdir -p "$work/cwd"
seq 1 400 | sed 's/^/line /' > "$work/cwd/file.txt"

python3 - "$work" "$home" <<'PY'
import datetime, json, os, statistics, subprocess, sys
work, home = sys.argv[1], sys.argv[2]
uictl = os.path.join(home, "bin/uictl")
DRIVER_BUDGET = 2048

def driver(argv, actions):
    """Response line sizes (bytes with the newline) of one driver session, the handshake left out."""
    requests = [json.dumps({"protocol_version": 2, "request_id": f"r{i}", "action": a, "timeout_ms": 5000})
                for i, a in enumerate(actions)]
    requests.append(json.dumps({"protocol_version": 2, "request_id": "end", "action": {"type": "terminate"}}))
    out = subprocess.run([uictl, "driver", "--stdio", "--sandbox", "none", "--sandbox-unsafe-ack",
                          "--network-unsafe-ack", "--allow-shell", "--allow-read", f"{work}/cwd", "--cwd",
                          f"{work}/cwd", "--allow-exec", argv[0], "--allow-exec", "/usr/bin/ls",
                          "--allow-exec", "/usr/bin/head", "--allow-exec", "/usr/bin/seq", "--"] + argv,
                         input="\n".join(requests) + "\n", capture_output=True, text=True, timeout=120).stdout
    sizes = []
    for line in out.splitlines():
        msg = json.loads(line)
        if msg.get("type") == "response" and msg.get("request_id") != "end":
            sizes.append(len(line.encode()) + 1)
    return sizes

text = lambda t: {"type": "text", "payload": {"text": t}}
key = lambda k: {"type": "key", "payload": {"key": k}}
sessions = {
    "bash": (["/bin/bash", "--norc", "--noprofile"],
             [text("echo hello\r"), text("seq 1 30\r"), key("C-l"), text("ls /usr/bin | head -40\r"),
              text("printf '\\033[1;31mred\\033[0m plain\\n'\r")]),
    "bash, a screenful of ls -l (60-column rows: ~1.6 KB of screen text alone)": (
        ["/bin/bash", "--norc", "--noprofile"], [text("ls -l /usr/bin | head -40\r")]),
    "vim": (["/usr/bin/vim", "-u", "NONE", "-N", "-c", "set number", "file.txt"],
            [key("j"), key("C-f"), key("C-f"), key("G"), key("g"), text(":q!\r")]),
}
results = {}
for name, (argv, actions) in sessions.items():
    sizes = driver(argv, actions)
    results[f"driver step, {name}"] = {"median": statistics.median(sizes), "max": max(sizes), "steps": len(sizes)}
    if "screenful" not in name:
        results[f"driver step, {name}"]["budget"] = DRIVER_BUDGET

def call(*args):
    return subprocess.run([uictl, *args], capture_output=True, text=True, timeout=60).stdout

env = dict(os.environ)
opened = json.loads(call("term", "open", "--wait-text", "$ ", "--env", "PS1=$ ", "--", "/bin/bash", "--norc"))
sid = opened["data"]["session_id"]
call("term", "type", sid, "seq 1 300000; echo done\r", "--wait-text", "done", "--timeout", "30000")
for tail in (1024, 65536):
    body = call("term", "transcript", sid, "--tail", str(tail))
    results[f"term transcript --tail {tail} after 1.9 MB"] = {"bytes": len(body.encode()), "budget": 2 * tail + 2048}
screens = {}
for label, keys in (("bash", []), ("vim", None)):
    if keys is None:
        call("term", "type", sid, "vim -u NONE -N -c 'syntax on' -c 'set number' file.txt\r", "--wait-text", "line 1")
    screens[label] = len(call("term", "screen", sid, "--cells=full").encode())
call("term", "close", sid)

scenario = {"scenario_version": 1, "metadata": {"name": "bytes"},
            "run": {"command": "/bin/bash", "args": ["--norc", "--noprofile"], "initial_size": {"rows": 24, "cols": 80},
                    "policy": {"policy_version": 1, "sandbox": "none", "sandbox_unsafe_ack": True,
                               "network": "disabled", "network_unsafe_ack": True,
                               "fs": {"allowed_read": [f"{work}/cwd"],
                                      "working_dir": f"{work}/cwd"},
                               "exec": {"allowed_executables": ["/bin/bash", "/usr/bin/bash", "/usr/bin/vim"],
                                        "allow_shell": True}}},
            "steps": [{"id": "ls", "action": text("ls -l /usr/bin | head -40\r"), "timeout_ms": 5000},
                      {"id": "vim", "action": text("vim -u NONE -N -c 'syntax on' -c 'set number' file.txt\r"),
                       "assert": [{"type": "screen_contains", "payload": {"text": "line 1"}}], "timeout_ms": 5000,
                       "retries": 5},
                      {"id": "quit", "action": text(":q!\r"), "timeout_ms": 5000}]}
json.dump(scenario, open(f"{work}/bytes.json", "w"))
ran = subprocess.run([uictl, "run", "--scenario", f"{work}/bytes.json", "--artifacts", f"{work}/art"],
                     capture_output=True, text=True, timeout=120)
if not os.path.isdir(f"{work}/art/snapshots"):
    sys.exit("run --artifacts failed: " + ran.stdout[:2000])
snaps = sorted(os.listdir(f"{work}/art/snapshots"))
sizes = [os.path.getsize(f"{work}/art/snapshots/{s}") for s in snaps]
results["run --artifacts snapshot file (cells as runs)"] = {"median": statistics.median(sizes), "max": max(sizes),
                                                            "files": len(sizes), "budget": 16384}
for label, size in screens.items():
    results[f"the same kind of screen cell by cell ({label}, term screen --cells=full)"] = {"bytes": size}

broken = [k for k, v in results.items() if "budget" in v and v.get("max", v.get("bytes", 0)) > v["budget"]]
commit = subprocess.run(["git", "-C", home, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
when = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
load = open("/proc/loadavg").read().split()[:3]
json.dump({"measured": when, "commit": commit, "load": load, "results": results, "over_budget": broken},
          open(os.path.join(home, "bench/results/term-bytes.json"), "w"), indent=2)
with open(os.path.join(home, "bench/results/term-bytes.md"), "w") as md:
    md.write(f"# Benchmark: term bytes\n\nMeasured {when} on {os.cpu_count()} CPUs, commit {commit}, load "
             f"{' '.join(load)}; 24x80 terminals, produced by `bench/term-bytes.sh`.\n\n"
             "| answer | median bytes | max bytes | budget bytes |\n|---|---:|---:|---:|\n")
    for k, v in results.items():
        med = v.get("median", v.get("bytes"))
        md.write(f"| {k} | {med:,.0f} | {v.get('max', med):,.0f} | {v.get('budget', '')} |\n")
    md.write(f"\nOver budget: {', '.join(broken) if broken else 'none'}.\n")
print(json.dumps(results, indent=2))
sys.exit(1 if broken else 0)
PY
