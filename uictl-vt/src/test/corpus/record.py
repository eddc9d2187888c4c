#!/usr/bin/env python3
"""Records real terminal sessions for the differential corpus.

    record.py [--show] [NAME ...]      (no NAME: every scenario in scenarios.py)

Runs each scenario's program on a fresh PTY of a fixed size (TERM=xterm-256color, LANG=C.UTF-8, empty HOME),
plays its scripted steps (send keys, wait until output has been quiet, resize with TIOCSWINSZ, which sends SIGWINCH
to the foreground process group) and writes ../resources/ref/<name>/recording.bin (every byte the program wrote)
and steps.json (initial size, and the byte offsets of resizes and checkpoints). Queries the programs send (DA1, DA2,
DSR, CPR) are answered as tmux 3.3a answers them; cursor reports come from a tmux pane fed the same bytes.
Run expect-tmux.py afterwards to (re)compute expected.json.
"""
import fcntl
import os
import pty
import re
import select
import shutil
import signal
import struct
import sys
import tempfile
import termios
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import scenarios  # noqa: E402
from tmux_oracle import TmuxOracle, write_json  # noqa: E402

REF_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "resources", "ref")
QUERY = re.compile(rb"\x1b\[([?>]?)(\d*)([cn])")


class Recorder:
    def __init__(self, scenario, workdir, show):
        self.rows, self.cols = scenario.rows, scenario.cols
        self.show = show
        self.out = bytearray()
        self.events = []
        self.scanned = 0
        self.shadow = TmuxOracle(self.rows, self.cols)
        home = os.path.join(workdir, "home")
        cwd = os.path.join(workdir, "work")
        os.makedirs(home, exist_ok=True)
        env = {"TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": home, "USER": "corpus", "SHELL": "/bin/bash",
               "PATH": "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin", **scenario.env}
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            try:
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", self.rows, self.cols, 0, 0))
                os.chdir(cwd)
                os.execvpe(scenario.argv[0], scenario.argv, env)
            finally:
                os._exit(127)
        self.alive = True

    def pump(self, timeout):
        """Reads what the program wrote within timeout seconds; returns the number of bytes read."""
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return 0
        try:
            data = os.read(self.fd, 65536)
        except OSError:  # EIO: the program exited and the slave side is closed
            data = b""
        if not data:
            self.alive = False
            return 0
        self.out += data
        self.answer_queries()
        return len(data)

    def answer_queries(self):
        start = max(0, self.scanned - 16)
        for m in QUERY.finditer(self.out, start):
            if m.end() <= self.scanned:
                continue
            prefix, arg, final = m.group(1), m.group(2), m.group(3)
            reply = None
            if final == b"c" and prefix == b"" and arg in (b"", b"0"):
                reply = b"\x1b[?1;2c"
            elif final == b"c" and prefix == b">" and arg in (b"", b"0"):
                reply = b"\x1b[>84;0;0c"
            elif final == b"n" and prefix == b"" and arg == b"5":
                reply = b"\x1b[0n"
            elif final == b"n" and prefix == b"" and arg == b"6":
                self.shadow.feed(bytes(self.out[self.shadow.fed:m.end()]))
                row, col = self.shadow.cursor()
                reply = b"\x1b[%d;%dR" % (row + 1, min(col, self.cols - 1) + 1)
            if reply:
                os.write(self.fd, reply)
        self.scanned = len(self.out)

    def quiet(self, quiet_ms, limit_s=20):
        deadline = time.monotonic() + limit_s
        last = time.monotonic()
        while self.alive and time.monotonic() < deadline:
            if self.pump(0.02):
                last = time.monotonic()
            elif time.monotonic() - last >= quiet_ms / 1000:
                return
        if self.alive:
            print(f"  warning: output did not settle within {limit_s}s", file=sys.stderr)

    def checkpoint(self, name):
        self.events.append({"offset": len(self.out), "type": "checkpoint", "name": name})
        if self.show:
            self.shadow.feed(bytes(self.out[self.shadow.fed:]))
            screen = self.shadow.screen()
            print(f"--- {name} @{len(self.out)} cursor={screen['cursor']} alt={screen['alternate_screen']}")
            for line in screen["lines"]:
                print("|" + line)

    def resize(self, rows, cols):
        self.shadow.feed(bytes(self.out[self.shadow.fed:]))
        self.shadow.resize(rows, cols)
        self.events.append({"offset": len(self.out), "type": "resize", "rows": rows, "cols": cols})
        self.rows, self.cols = rows, cols
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))

    def drain(self, limit_s=10):
        """Reads until the program has exited (it must end itself; it is killed after limit_s)."""
        deadline = time.monotonic() + limit_s
        while self.alive and time.monotonic() < deadline:
            self.pump(0.05)
        if self.alive:
            print("  warning: program still running at the end; killing it", file=sys.stderr)
            os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        if not self.events or self.events[-1]["offset"] != len(self.out):
            self.checkpoint("exit")

    def close(self):
        os.close(self.fd)
        self.shadow.close()


def record(scenario, show):
    workdir = tempfile.mkdtemp(prefix=f"uictl-rec-{scenario.name}-")
    try:
        scenario.prepare(os.path.join(workdir, "work"))
        rec = Recorder(scenario, workdir, show)
        try:
            for step in scenario.steps:
                step.run(rec)
            rec.drain()
        except BaseException:
            if rec.alive:
                os.kill(rec.pid, signal.SIGKILL)
            raise
        finally:
            rec.close()
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    target = os.path.join(REF_DIR, scenario.name)
    os.makedirs(target, exist_ok=True)
    with open(os.path.join(target, "recording.bin"), "wb") as f:
        f.write(rec.out)
    write_json(os.path.join(target, "steps.json"),
               {"rows": scenario.rows, "cols": scenario.cols, "program": scenario.describe(), "events": rec.events})
    print(f"{scenario.name}: {len(rec.out)} bytes, {sum(e['type'] == 'checkpoint' for e in rec.events)} checkpoints")


def main(argv):
    show = "--show" in argv
    names = [a for a in argv if not a.startswith("--")]
    chosen = [s for s in scenarios.ALL if not names or s.name in names]
    unknown = set(names) - {s.name for s in chosen}
    if unknown:
        sys.exit(f"unknown scenario(s) {sorted(unknown)}; known: {[s.name for s in scenarios.ALL]}")
    for scenario in chosen:
        record(scenario, show)


if __name__ == "__main__":
    main(sys.argv[1:])
