#!/usr/bin/env python3
"""Times `uictl mcp --http` from the outside, the way a remote agent meets it, and writes hyperfine-shaped JSON
results (name, times in seconds) that report.py reads, plus a load test's counts.

usage: mcp_http_probe.py OUT.json RUNS URL TOKEN DAEMON_PID [--load CLIENTS CALLS] [--startup N URL2 CMD...]
  calls:   one MCP session (Streamable HTTP, one keep-alive connection): initialize, then RUNS sequential
           tools/call list-windows, each timed after 30 uncounted; the same for POST /v1/call
  startup: N times: spawn CMD (an `mcp --http` serving URL2, not yet running), then POST initialize until it
           answers; the time from spawn to that answer; the server is stopped (SIGTERM) after each run
  load:    CLIENTS threads, each its own session on its own connection, CALLS tools/call list-windows each; counts
           errors, and the daemon's open fds and OS threads before, and after the clients have gone (waiting up to
           10 s for them to come back)
"""
import http.client
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from urllib.parse import urlparse

from mcp_probe import warm_timed

INIT = {"jsonrpc": "2.0", "id": 0, "method": "initialize",
        "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "bench", "version": "1"}}}


class Session:
    def __init__(self, url, token):
        u = urlparse(url)
        self.path = u.path
        self.conn = http.client.HTTPConnection(u.hostname, u.port, timeout=60)
        self.headers = {"Authorization": "Bearer " + token, "Content-Type": "application/json",
                        "Accept": "application/json, text/event-stream"}

    def post(self, path, body):
        self.conn.request("POST", path, json.dumps(body), self.headers)
        r = self.conn.getresponse()
        data = r.read()
        return r, data

    def initialize(self):
        r, _ = self.post(self.path, INIT)
        if r.status != 200:
            raise RuntimeError("initialize: HTTP %d" % r.status)
        self.headers["Mcp-Session-Id"] = r.getheader("Mcp-Session-Id")
        self.headers["MCP-Protocol-Version"] = "2025-11-25"
        self.post(self.path, {"jsonrpc": "2.0", "method": "notifications/initialized"})

    def call(self, i):
        r, data = self.post(self.path, {"jsonrpc": "2.0", "id": i, "method": "tools/call",
                                        "params": {"name": "list-windows", "arguments": {}}})
        reply = json.loads(data)
        if r.status != 200 or "error" in reply or reply["result"].get("isError"):
            raise RuntimeError("tools/call: HTTP %d %s" % (r.status, data[:300]))

    def envelope_call(self):
        r, data = self.post("/v1/call", {"command": "list-windows"})
        if r.status != 200 or not json.loads(data)["success"]:
            raise RuntimeError("/v1/call: HTTP %d %s" % (r.status, data[:300]))

    def close(self):
        if "Mcp-Session-Id" in self.headers:
            self.conn.request("DELETE", self.path, headers=self.headers)
            self.conn.getresponse().read()
        self.conn.close()


def startup(url, token, n, cmd):
    times = []
    for _ in range(n):
        t0 = time.perf_counter()
        proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        while True:
            try:
                s = Session(url, token)
                s.initialize()
                break
            except (OSError, RuntimeError, http.client.HTTPException):
                if proc.poll() is not None:
                    raise SystemExit("the server ended before answering: %s" % proc.stdout.read()[:400])
                time.sleep(0.002)
        times.append(time.perf_counter() - t0)
        s.close()
        proc.send_signal(signal.SIGTERM)
        proc.wait()
        port_free(url)
    return times


def port_free(url):
    """Waits until the stopped server's port refuses connections: the daemon stops it once it sees the client go."""
    u = urlparse(url)
    for _ in range(5000):
        try:
            socket.create_connection((u.hostname, u.port), timeout=1).close()
            time.sleep(0.002)
        except OSError:
            return
    raise SystemExit("the server on %s did not stop" % url)


def daemon_resources(pid):
    fds = len(os.listdir("/proc/%d/fd" % pid))
    with open("/proc/%d/status" % pid) as f:
        threads = int(next(l for l in f if l.startswith("Threads:")).split()[1])
    return fds, threads


def load(url, token, pid, clients, calls):
    before = daemon_resources(pid)
    errors = []
    done = [0]
    lock = threading.Lock()

    def client(k):
        try:
            s = Session(url, token)
            s.initialize()
            for i in range(calls):
                try:
                    s.call(i + 1)
                    with lock:
                        done[0] += 1
                except Exception as e:  # counted, and the session goes on
                    with lock:
                        errors.append("%s: %s" % (k, e))
            s.close()
        except Exception as e:
            with lock:
                errors.append("%s: %s" % (k, e))

    t0 = time.perf_counter()
    threads = [threading.Thread(target=client, args=(k,)) for k in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - t0
    peak = daemon_resources(pid)
    after = peak
    deadline = time.time() + 10
    while time.time() < deadline:
        after = daemon_resources(pid)
        if after[0] <= before[0] and after[1] <= before[1]:
            break
        time.sleep(0.1)
    return {"clients": clients, "calls_each": calls, "calls_ok": done[0], "errors": len(errors),
            "first_errors": errors[:5], "seconds": round(elapsed, 2),
            "calls_per_second": round(done[0] / elapsed), "fds_before": before[0], "fds_at_end": peak[0],
            "fds_after": after[0], "threads_before": before[1], "threads_at_end": peak[1],
            "threads_after": after[1]}


def main():
    out, runs, url, token, pid = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], int(sys.argv[5])
    rest = sys.argv[6:]
    results = []
    s = Session(url, token)
    s.initialize()
    for name, times in (("uictl mcp --http: tools/call list-windows round trip (keep-alive)", warm_timed(runs, s.call)),
                        ("uictl mcp --http: POST /v1/call list-windows round trip (keep-alive)",
                         warm_timed(runs, lambda i: s.envelope_call()))):
        results.append({"command": name, "times": times, "mean": statistics.mean(times),
                        "stddev": statistics.stdev(times)})
        print("%s: median %.2f ms over %d" % (name, statistics.median(times) * 1000, len(times)), file=sys.stderr)
    s.close()
    extra = {}
    while rest:
        mode = rest.pop(0)
        if mode == "--load":
            clients, calls = int(rest.pop(0)), int(rest.pop(0))
            extra["load"] = load(url, token, pid, clients, calls)
            print("load: %s" % extra["load"], file=sys.stderr)
        elif mode == "--startup":
            n, url2 = int(rest.pop(0)), rest.pop(0)
            cmd, rest = rest, []
            times = startup(url2, token, n, cmd)
            name = "uictl mcp --http: start to first initialize answer (C client, warm daemon)"
            results.append({"command": name, "times": times, "mean": statistics.mean(times),
                            "stddev": statistics.stdev(times) if len(times) > 1 else 0})
            print("%s: median %.2f ms over %d" % (name, statistics.median(times) * 1000, n), file=sys.stderr)
    with open(out, "w") as f:
        json.dump({"results": results, "extra": extra}, f)


if __name__ == "__main__":
    main()
