"""A tmux 3.3a pane used as the reference terminal: bytes go in unchanged, screens come out.

The pane runs `cat FIFO` on a raw, non-echoing tty (`stty raw -echo -opost`), so tmux parses exactly the bytes we
write. `pipe-pane -O` copies everything tmux has read into a file; tmux parses a read in the same event-loop turn in
which it queues the copy, so once the copy holds N bytes the screen reflects those N bytes (no sleeps needed).
Each oracle owns a private server socket and config and is torn down by close().
"""
import ctypes
import json
import os
import re
import shutil
import subprocess
import tempfile
import time

# DEC Special Graphics (ESC ( 0): tmux keeps the ASCII letter plus a charset flag and prints the letter between
# SO/SI in `capture-pane -e`; the emulator under test stores the Unicode glyph xterm shows for it.
DEC_GRAPHICS = dict(zip(
    "_`abcdefghijklmnopqrstuvwxyz{|}~",
    "\u00a0◆▒␉␌␍␊°±␤␋┘┐┌└┼⎺⎻─⎼⎽├┤┴┬│≤≥π≠£·"))

_libc = ctypes.CDLL(None)
_libc.setlocale(6, b"C.UTF-8")  # LC_ALL: wcwidth answers like tmux (built without utf8proc) and readline
_libc.wcwidth.restype = ctypes.c_int
_libc.wcwidth.argtypes = [ctypes.c_uint32]


def wcwidth(ch):
    return _libc.wcwidth(ord(ch))


class TmuxOracle:
    """One tmux server with one window of rows x cols whose pane displays whatever feed() writes."""

    def __init__(self, rows, cols):
        self.dir = tempfile.mkdtemp(prefix="uictl-corpus-")
        self.socket = os.path.join(self.dir, "tmux.sock")
        fifo = os.path.join(self.dir, "in.fifo")
        self.seen_path = os.path.join(self.dir, "seen.bin")
        config = os.path.join(self.dir, "tmux.conf")
        with open(config, "w") as f:
            f.write("set -g status off\nset -g history-limit 10000\nset -g default-shell /bin/sh\n"
                    "set -g remain-on-exit on\n")
        os.mkfifo(fifo)
        self.rows, self.cols = rows, cols
        self.tmux("-f", config, "new-session", "-d", "-x", str(cols), "-y", str(rows),
                  f"stty raw -echo -opost; exec cat {fifo}",
                  # in the config file this option makes 3.3a's server exit when it creates the detached session
                  ";", "set", "-g", "window-size", "manual")
        self.tmux("pipe-pane", "-O", f"cat > {self.seen_path}")
        self.fed = 0
        self.fifo = os.open(fifo, os.O_WRONLY)  # blocks until cat has opened the read end
        self.initial_title = self.tmux("display", "-p", "#{pane_title}").rstrip("\n")

    def tmux(self, *args):
        return subprocess.run(["tmux", "-S", self.socket, *args], check=True, capture_output=True,
                              text=True, errors="surrogateescape").stdout

    def feed(self, data):
        """Writes data into the pane and returns once tmux has parsed all of it."""
        view = memoryview(data)
        while view:
            n = os.write(self.fifo, view)
            view = view[n:]
        self.fed += len(data)
        deadline = time.monotonic() + 30
        delay = 0.0005
        while self._seen() < self.fed:
            if time.monotonic() > deadline:
                raise TimeoutError(f"tmux read {self._seen()} of {self.fed} bytes")
            time.sleep(delay)
            delay = min(delay * 2, 0.02)

    def _seen(self):
        try:
            return os.path.getsize(self.seen_path)
        except FileNotFoundError:
            return 0

    def resize(self, rows, cols):
        self.tmux("resize-window", "-x", str(cols), "-y", str(rows))
        self.rows, self.cols = rows, cols

    def cursor(self):
        x, y = self.tmux("display", "-p", "#{cursor_x} #{cursor_y}").split()
        return int(y), int(x)

    def styled_rows(self):
        """Each visible row as (ch, style) per column, up to the row's last written cell (see parse_styled_line)."""
        rows, cols = (int(v) for v in self.tmux("display", "-p", "#{pane_height} #{pane_width}").split())
        styled = self.tmux("capture-pane", "-p", "-e", "-N").split("\n")
        plain = self.tmux("capture-pane", "-p").split("\n")
        sgr = SgrState()
        out = []
        for r in range(rows):
            row = parse_styled_line(styled[r] if r < len(styled) else "", sgr, cols)
            ascii_text = "".join(style.get("_acs", c) for c, style in row).rstrip(" ")
            expected_plain = plain[r].rstrip(" ") if r < len(plain) else ""
            if ascii_text != expected_plain:
                raise AssertionError(f"row {r}: styled capture {ascii_text!r} disagrees with plain {expected_plain!r}")
            out.append([(c, {k: v for k, v in style.items() if k != "_acs"}) for c, style in row])
        return out

    def screen(self, trailing=None):
        """The visible screen as a checkpoint record (see README.md for the format).

        trailing: rows from probe_trailing() for the same screen; they supply the cells after each row's last
        written cell, which capture-pane leaves out.
        """
        fields = ["cursor_x", "cursor_y", "cursor_flag", "alternate_on", "keypad_cursor_flag", "keypad_flag",
                  "insert_flag", "wrap_flag", "origin_flag", "mouse_standard_flag", "mouse_button_flag",
                  "mouse_all_flag", "mouse_sgr_flag", "mouse_utf8_flag", "pane_height", "pane_width", "pane_title",
                  "history_size"]
        info = dict(zip(fields, self.tmux("display", "-p", "\x1f".join("#{%s}" % f for f in fields))
                        .rstrip("\n").split("\x1f")))
        rows, cols = int(info["pane_height"]), int(info["pane_width"])
        styled = self.styled_rows()
        if trailing is not None:
            styled = [row + probe[len(row):cols - 1] for row, probe in zip(styled, trailing)]
        styles, cell_rows = [], []
        for row in styled:
            runs = []
            for _, style in row:
                index = styles.index(style) if style in styles else (styles.append(style) or len(styles) - 1)
                if runs and runs[-1][0] == index:
                    runs[-1][1] += 1
                else:
                    runs.append([index, 1])
            cell_rows.append({"cells": [c for c, _ in row], "styles": runs})
        cursor_x = int(info["cursor_x"])
        mouse = ("any" if info["mouse_all_flag"] == "1" else "button" if info["mouse_button_flag"] == "1"
                 else "normal" if info["mouse_standard_flag"] == "1" else "none")
        encoding = "sgr" if info["mouse_sgr_flag"] == "1" else "utf8" if info["mouse_utf8_flag"] == "1" else "default"
        title = info["pane_title"]
        return {
            "rows": rows, "cols": cols,
            # tmux parks the cursor at column `cols` while a wrap is pending; xterm (and the API) keep it on the
            # last column with a pending-wrap flag. Both say the same thing: the next glyph goes to the next row.
            "cursor": {"row": int(info["cursor_y"]), "col": min(cursor_x, cols - 1),
                       "visible": info["cursor_flag"] == "1"},
            "alternate_screen": info["alternate_on"] == "1",
            "title": None if title == self.initial_title else title,
            "modes": {"application_cursor": info["keypad_cursor_flag"] == "1",
                      "application_keypad": info["keypad_flag"] == "1",
                      "mouse_tracking": mouse, "mouse_encoding": encoding,
                      "autowrap": info["wrap_flag"] == "1", "origin_mode": info["origin_flag"] == "1",
                      "insert_mode": info["insert_flag"] == "1"},
            "lines": ["".join(c for c, _ in row).rstrip(" ") for row in styled],
            "scrollback": self.history(int(info["history_size"])),
            "styles": styles,
            "cells": cell_rows,
        }

    def history(self, size):
        """The lines scrolled off the top of the normal screen, oldest first, as text."""
        if size == 0:
            return []
        text = self.tmux("capture-pane", "-p", "-e", "-S", str(-size), "-E", "-1")
        sgr = SgrState()
        return ["".join(c for c, _ in parse_styled_line(line, sgr, 2 * len(line))).rstrip(" ")
                for line in text.split("\n")[:size]]

    def probe_trailing(self):
        """Destroys the screen to reveal what capture-pane hides: the cells after each row's last written cell.

        Writing a plain 'X' into the last column of every row makes every cell before it part of the row as tmux
        reports it, with the attributes tmux keeps for it (erased cells keep the background they were erased
        with). Only the last column is lost, and no wide character can be hit: cells after a row's last written
        cell are all blank. Origin, insert and autowrap modes and the charset are reset first so the marks land
        as written. Returns styled_rows() of the probed screen; the pane is useless afterwards.
        """
        rows, cols = (int(v) for v in self.tmux("display", "-p", "#{pane_height} #{pane_width}").split())
        marks = b"".join(b"\x1b[%d;%dHX" % (r + 1, cols) for r in range(rows))
        self.feed(b"\x1b[?6l\x1b[4l\x1b[?7l\x1b(B\x0f\x1b[0m" + marks)
        return self.styled_rows()

    def close(self):
        try:
            os.close(self.fifo)
        except OSError:
            pass
        subprocess.run(["tmux", "-S", self.socket, "kill-server"], capture_output=True)
        shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class SgrState:
    """The small, independent SGR interpreter for `capture-pane -e` output (tmux emits SGR, SO and SI only)."""

    def __init__(self):
        self.reset()
        self.acs = False

    def reset(self):
        self.style = {"fg": "default", "bg": "default", "bold": False, "dim": False, "italic": False,
                      "underline": False, "inverse": False, "strike": False}

    def apply(self, text):
        # tmux writes `4:n` for underline styles; other parameters are plain numbers separated by ';'
        params = [[int(x) if x else 0 for x in p.split(":")] for p in text.split(";")] if text else [[0]]
        s = self.style
        i = 0
        while i < len(params):
            p = params[i][0]
            if p == 0:
                self.reset()
                s = self.style
            elif p == 4:
                s["underline"] = len(params[i]) == 1 or params[i][1] != 0
            elif p in (1, 2, 3, 7, 9):
                s[{1: "bold", 2: "dim", 3: "italic", 7: "inverse", 9: "strike"}[p]] = True
            elif p == 22:
                s["bold"] = s["dim"] = False
            elif p in (23, 24, 27, 29):
                s[{23: "italic", 24: "underline", 27: "inverse", 29: "strike"}[p]] = False
            elif 30 <= p <= 37:
                s["fg"] = {"ansi16": p - 30}
            elif 40 <= p <= 47:
                s["bg"] = {"ansi16": p - 40}
            elif 90 <= p <= 97:
                s["fg"] = {"ansi16": p - 90 + 8}
            elif 100 <= p <= 107:
                s["bg"] = {"ansi16": p - 100 + 8}
            elif p == 39:
                s["fg"] = "default"
            elif p == 49:
                s["bg"] = "default"
            elif p in (38, 48):
                flat = [q[0] for q in params[i:i + 5]]
                if flat[1:2] == [5] and len(flat) >= 3:
                    n = flat[2]
                    # the API keeps indexes below 16 as the ANSI colours they are
                    s["fg" if p == 38 else "bg"] = {"ansi16": n} if n < 16 else {"ansi256": n}
                    i += 3
                    continue
                if flat[1:2] == [2] and len(flat) >= 5:
                    s["fg" if p == 38 else "bg"] = {"rgb": flat[2:5]}
                    i += 5
                    continue
            # 5 (blink), 8 (hidden), 53 (overline) and the like have no place in the API's Style
            i += 1


SGR = re.compile(r"\x1b\[([0-9;:]*)m")


def parse_styled_line(line, sgr, cols):
    """Splits one `capture-pane -p -e -N` line into (ch, style) per column; wide chars yield a ('', style) twin.

    tmux only reports a line up to its last written cell: cells beyond that (never written, or erased with a
    background colour after the last written cell) are absent; TmuxOracle.probe_trailing() recovers them.
    """
    cells = []
    i = 0
    while i < len(line):
        m = SGR.match(line, i)
        if m:
            sgr.apply(m.group(1))
            i = m.end()
            continue
        ch = line[i]
        i += 1
        if ch == "\x0e":
            sgr.acs = True
            continue
        if ch == "\x0f":
            sgr.acs = False
            continue
        width = wcwidth(ch)
        base = len(cells) - 1
        while base > 0 and cells[base][0] == "":
            base -= 1
        # marks join the cell before them; tmux 3.3a also joins the character after a zero width joiner (U+200D)
        if base >= 0 and (width == 0 or cells[base][0].endswith("\u200d")):
            cells[base] = (cells[base][0] + ch, cells[base][1])
            continue
        style = dict(sgr.style)
        if sgr.acs and ch in DEC_GRAPHICS:
            style["_acs"] = ch
            ch = DEC_GRAPHICS[ch]
        cells.append((ch, style))
        if width == 2:
            cells.append(("", dict(sgr.style)))
    if len(cells) > cols:
        raise AssertionError(f"captured line is wider than {cols} columns: {line!r}")
    return cells


def write_json(path, value):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(value, f, ensure_ascii=False, indent=None, separators=(",", ":"))
        f.write("\n")
