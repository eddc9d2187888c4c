"""Runs esctest on a pseudo-terminal of 24x80 and relays between it and EsctestRelay (bench/esctest.sh).

argv: java, classpath, esctest directory, log file, extra esctest arguments.
"""
import fcntl
import os
import pty
import select
import struct
import subprocess
import sys
import termios

ROWS, COLS = 24, 80
java, classpath, esctest, logfile = sys.argv[1:5]
relay = subprocess.Popen([java, "-cp", classpath, "dev.uictl.bench.esctest.EsctestRelay", str(ROWS), str(COLS)],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
pid, master = pty.fork()
if pid == 0:
    os.chdir(esctest)
    os.execvp("python3", ["python3", "esctest.py", "--expected-terminal=xterm", "--max-vt-level=5",
                          "--logfile=" + logfile, "--timeout=2"] + sys.argv[5:])
fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
replies = relay.stdout.fileno()
running = True
while running:
    ready, _, _ = select.select([master, replies], [], [], 60)
    if not ready:
        sys.exit("esctest_pty: no output for 60 s")
    for fd in ready:
        try:
            data = os.read(fd, 65536)
        except OSError:   # EIO: esctest exited and the slave side closed
            running = False
            break
        if fd == master:
            if not data:
                running = False
            relay.stdin.write(data)
        elif data:
            os.write(master, data)
relay.stdin.close()
relay.wait()
os.waitpid(pid, 0)
