#!/usr/bin/python3
"""Drive `uictl serve --stdio` from Python with the standard library only.

One long-lived uictl process answers one JSON request per line with the envelope plus the request's id. Requests
here use the structured form, {"id": N, "command": NAME, "args": {...}}: arguments are named as the command's
parameters (snake_case is accepted for kebab-case) and typed as `uictl capabilities --command NAME` shows.
Set UICTL to the uictl executable if it is not on PATH.
"""
import json
import os
import subprocess
import sys


class UictlError(Exception):
    def __init__(self, error):
        super().__init__(f"{error['code']}: {error['message']} (hint: {error['hint']})")
        self.error = error


class Uictl:
    def __init__(self, exe=None):
        self.proc = subprocess.Popen([exe or os.environ.get("UICTL", "uictl"), "serve", "--stdio"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.last_id = 0

    def call(self, name, /, **args):
        """The whole envelope of one command (args may be named like the command's parameters, even 'command')."""
        self.last_id += 1
        request = {"id": self.last_id, "command": name, "args": args}
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        reply = json.loads(self.proc.stdout.readline())
        assert reply["id"] == self.last_id, reply
        return reply

    def ok(self, name, /, **args):
        """The data of a command that must succeed; raises UictlError with code, message and hint otherwise."""
        reply = self.call(name, **args)
        if not reply["success"]:
            raise UictlError(reply["error"])
        return reply.get("data")

    def close(self):
        self.proc.stdin.close()
        return self.proc.wait(timeout=30)


def main():
    u = Uictl()
    try:
        # terminal loop: open, wait for the prompt, act, wait for the consequence, verify
        u.ok("term open", name="py-calc", command=["python3", "-q"])
        u.ok("term wait", session="py-calc", text=">>> ", timeout=10000)
        u.ok("term type", session="py-calc", text="print(6 * 7)")
        u.ok("term keys", session="py-calc", keys=["Enter"])
        u.ok("term wait", session="py-calc", regex="^42", timeout=5000)
        screen = u.ok("term screen", session="py-calc")
        assert any(line.startswith("42") for line in screen["lines"]), screen["lines"]
        print("terminal: python printed 42")
        u.ok("term close", session="py-calc")

        # a failure is data: branch on the code, follow the hint, check delivery before retrying
        failed = u.call("term keys", session="no-such-session", keys=["Enter"])
        assert not failed["success"]
        print(f"error: {failed['error']['code']}; hint: {failed['error']['hint']}")

        if os.environ.get("DISPLAY"):
            size = u.ok("get screen-size")
            windows = u.ok("list-windows", limit=5)
            print(f"desktop: {size['width']}x{size['height']}, {len(windows['windows'])} window(s) listed")
    finally:
        code = u.close()
    return code


if __name__ == "__main__":
    sys.exit(main())
