#!/usr/bin/env python3
"""Times `uictl mcp` from the outside, the way an agent host meets it, and writes hyperfine-shaped JSON results
(name, times in seconds) that report.py reads.

usage: mcp_probe.py OUT.json RUNS [--startup NAME -- CMD...] [--fresh-startup NAME STOP -- CMD...]
                                   [--calls NAME TOOL -- CMD...] [--serve NAME ARGV -- CMD...]
  startup: spawn CMD, send initialize + initialized + tools/list, stop the clock at the tools/list answer; RUNS times
  fresh-startup: the same, after running the shell command STOP (untimed) before each run, e.g. to stop the daemon
           so that every start also starts a fresh daemon
  calls:   one CMD session; after initialize, RUNS sequential tools/call of TOOL (no arguments), each timed
  serve:   one `serve --stdio` session (CMD); RUNS sequential structured requests for ARGV's command, each timed
"""
import json
import statistics
import subprocess
import sys
import time

INIT = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-11-25", "capabilities": {},
                   "clientInfo": {"name": "bench", "version": "1"}}}
INITIALIZED = {"jsonrpc": "2.0", "method": "notifications/initialized"}


def send(proc, message):
    proc.stdin.write((json.dumps(message) + "\n").encode())
    proc.stdin.flush()


def answer(proc, want_id):
    while True:
        line = proc.stdout.readline()
        if not line:
            raise SystemExit("the server ended before answering request %s" % want_id)
        message = json.loads(line)
        if message.get("id") == want_id:
            if "error" in message or message.get("result", {}).get("isError"):
                raise SystemExit("request %s failed: %s" % (want_id, line[:400]))
            return message


def startup(cmd, runs, before=None):
    times = []
    for _ in range(runs):
        if before:
            subprocess.run(before, shell=True, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        t0 = time.perf_counter()
        proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        send(proc, INIT)
        answer(proc, 1)
        send(proc, INITIALIZED)
        send(proc, {"jsonrpc": "2.0", "id": 2, "method": "tools/list"})
        answer(proc, 2)
        times.append(time.perf_counter() - t0)
        proc.stdin.close()
        proc.wait()
    return times


def warm_timed(runs, exchange):
    """Times RUNS sequential exchanges on one session, after 30 uncounted ones that warm its code paths."""
    times = []
    for i in range(runs + 30):
        t0 = time.perf_counter()
        exchange(i)
        if i >= 30:
            times.append(time.perf_counter() - t0)
    return times


def timed(proc, runs, exchange):
    times = warm_timed(runs, exchange)
    proc.stdin.close()
    proc.wait()
    return times


def calls(cmd, tool, runs):
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    send(proc, INIT)
    answer(proc, 1)
    send(proc, INITIALIZED)

    def call(i):
        send(proc, {"jsonrpc": "2.0", "id": 10 + i, "method": "tools/call", "params": {"name": tool, "arguments": {}}})
        answer(proc, 10 + i)
    return timed(proc, runs, call)


def serve(cmd, command, runs):
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def request(i):
        proc.stdin.write((json.dumps({"id": i, "command": command, "args": {}}) + "\n").encode())
        proc.stdin.flush()
        reply = json.loads(proc.stdout.readline())
        if not reply.get("success"):
            raise SystemExit("serve request failed: %s" % reply)
    return timed(proc, runs, request)


def main():
    out, runs, rest = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    results = []
    while rest:
        mode = rest.pop(0)
        name = rest.pop(0)
        arg = rest.pop(0) if mode in ("--calls", "--serve", "--fresh-startup") else None
        sep = rest.index("--")
        end = rest.index(";;") if ";;" in rest else len(rest)
        cmd = rest[sep + 1:end]
        rest = rest[end + 1:]
        if mode == "--startup":
            times = startup(cmd, runs)
        elif mode == "--fresh-startup":
            times = startup(cmd, runs, before=arg)
        elif mode == "--calls":
            times = calls(cmd, arg, runs)
        else:
            times = serve(cmd, arg, runs)
        results.append({"command": name, "times": times, "mean": statistics.mean(times),
                        "stddev": statistics.stdev(times) if len(times) > 1 else 0})
        print("%s: median %.2f ms over %d" % (name, statistics.median(times) * 1000, len(times)), file=sys.stderr)
    with open(out, "w") as f:
        json.dump({"results": results}, f)


if __name__ == "__main__":
    main()
