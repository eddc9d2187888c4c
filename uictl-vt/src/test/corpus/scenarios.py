"""The scripted sessions of the differential corpus; one Scenario per recording under ../resources/ref/.

Each step sends keys (or resizes), waits until the program's output has been quiet, and by default marks a
checkpoint there: the replay compares the emulator with tmux at every checkpoint. Keys are the bytes xterm sends
in the mode the program put the terminal in (application cursor keys once ncurses has sent smkx).
"""
import os
import shutil
from dataclasses import dataclass, field

FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures")
PYTHON = "/usr/bin/python3"  # the Debian interpreter that has python3-urwid

ESC, ENTER, TAB, SPACE = "\x1b", "\r", "\t", " "
UP, DOWN, RIGHT = "\x1bOA", "\x1bOB", "\x1bOC"  # application cursor mode
N_UP = "\x1b[A"  # normal cursor mode (bash)
F1, F2, F3, F5, F9, F10 = "\x1bOP", "\x1bOQ", "\x1bOR", "\x1b[15~", "\x1b[20~", "\x1b[21~"


def ctrl(c):
    return chr(ord(c.upper()) - 64)


@dataclass
class Send:
    keys: str
    name: str | None = None  # checkpoint name; None: no checkpoint after this step
    quiet_ms: int = 300

    def run(self, rec):
        os.write(rec.fd, self.keys.encode())
        rec.quiet(self.quiet_ms)
        if self.name:
            rec.checkpoint(self.name)


@dataclass
class Start:
    name: str = "start"
    quiet_ms: int = 500

    def run(self, rec):
        rec.quiet(self.quiet_ms)
        rec.checkpoint(self.name)


@dataclass
class Resize:
    rows: int
    cols: int
    quiet_ms: int = 400

    def run(self, rec):
        rec.resize(self.rows, self.cols)
        rec.quiet(self.quiet_ms)
        rec.checkpoint(f"resize {self.rows}x{self.cols}")


@dataclass
class Scenario:
    name: str
    argv: list
    steps: list
    rows: int = 24
    cols: int = 80
    env: dict = field(default_factory=dict)
    files: dict = field(default_factory=dict)  # workdir-relative path -> text, or fixture file name prefixed '@'

    def prepare(self, workdir):
        os.makedirs(workdir, exist_ok=True)
        for path, content in self.files.items():
            target = os.path.join(workdir, path)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            if content.startswith("@"):
                shutil.copy(os.path.join(FIXTURES, content[1:]), target)
            else:
                with open(target, "w", encoding="utf-8") as f:
                    f.write(content)
            if path.endswith(".sh"):
                os.chmod(target, 0o755)

    def describe(self):
        return " ".join(self.argv)


def typed(text, name=None):
    """Types text one key at a time (readline and vim see separate reads), checkpointing after the last key."""
    return [Send(ch, None, 60) for ch in text[:-1]] + [Send(text[-1], name)]


LESS_TEXT = "".join(
    f"{i:04d} {'needle ' if i % 37 == 0 else ''}the quick brown fox jumps over the lazy dog {'~' * (i % 23)}\n"
    for i in range(1, 401))

WIDE_TEXT = "".join(
    f"\x1b[38;5;{i * 37 % 256}m{i:03d}\x1b[0m \u4e2d\u6587{'=' * (i % 9)} "
    + " ".join(f"\x1b[{31 + (i + w) % 7}mword{w}\x1b[39m" for w in range(28))
    + f" \x1b[1;4;48;5;{i % 256}mend{i}\x1b[0m\n"
    for i in range(1, 61))

FANCY_PS1 = (r"\[\e[38;5;208m\]" "\u7528\u6237" r"\[\e[0m\]@\[\e]8;;file:///tmp\e\\\]"
             r"\[\e[4;38;2;80;160;255m\]link\[\e[0m\e]8;;\e\\\] \[\e[48;5;22m\]\w\[\e[0m\]\$ ")

GIT_GRAPH = "; ".join([
    "export GIT_AUTHOR_NAME=corpus GIT_AUTHOR_EMAIL=c@example.com GIT_COMMITTER_NAME=corpus",
    "export GIT_COMMITTER_EMAIL=c@example.com GIT_AUTHOR_DATE=2026-01-01T00:00:00Z GIT_COMMITTER_DATE=2026-01-01T00:00:00Z",
    "git init -q -b main repo && cd repo",
    "for i in 1 2 3; do echo $i > f$i; git add f$i; git commit -qm \"main $i \u2713\"; done",
    "git checkout -qb topic HEAD~1",
    "for i in 4 5; do echo $i > t$i; git add t$i; git commit -qm \"topic $i \u4e2d\u6587\"; done",
    "git checkout -q main && git merge -q --no-ff -m 'merge topic' topic && git tag v1",
    "git log --graph --color=always --decorate --all --format='%C(yellow)%h%C(auto)%d %s %C(blue)%an' | less -R",
])

BASH_PS1 = r"\[\e[1;32m\]corpus\[\e[0m\]:\[\e[34m\]~/demo\[\e[0m\]\$ "

ALL = [
    Scenario(
        "vim_edit_resize",
        ["vim", "-u", "vimrc", "-i", "NONE", "-n", "sample.py"],
        files={"vimrc": "@vimrc", "sample.py": "@sample.py"},
        steps=[
            Start(quiet_ms=800),
            *typed("ggOimport sys" + ESC, "insert line"),
            *typed("jjcwHELLO" + ESC, "change word"),
            *typed("o# 中文 テキスト ✓ café" + ESC, "insert wide text"),
            *typed(":vsplit" + ENTER, "vsplit"),
            Resize(30, 100),
            Send(ctrl("d"), "ctrl-d"),
            Send(ctrl("d"), "ctrl-d again"),
            Send(ctrl("e") + ctrl("e") + ctrl("y"), "ctrl-e ctrl-y"),
            *typed("dd", "delete line"),
            *typed("5O" + ESC, None), Send("", "open five lines"),
            Send("u", "undo"),
            *typed(":%s/self/SELF/g" + ENTER, "substitute"),
            Resize(24, 80),
            *typed("G", "bottom"),
            Send(ctrl("w") + "c", "close split"),
            *typed(":qa!" + ENTER),
        ]),
    Scenario(
        "htop_resize",
        ["sh", "-c", "exec htop -d 100 -p $$"],  # only itself: the recording shows no other processes
        steps=[
            Start(quiet_ms=1000),
            Send(F2, "setup"),
            Send(DOWN, "setup down"),
            Send(F10, "setup closed"),
            Resize(35, 120),
            Send(F5, "tree"),
            Send(F1, "help"),
            Send("q", "help closed"),
            Resize(20, 70),
            Send("q"),
        ]),
    Scenario(
        "less_search",
        ["less", "book.txt"],
        files={"book.txt": LESS_TEXT},
        steps=[
            Start(),
            *typed("/needle" + ENTER, "search"),
            Send("n", "next match"),
            Send("n", "next match again"),
            Send("N", "previous match"),
            Send("G", "end"),
            Send("k", "up"),
            Send("kkk", "up three"),
            Send("b", "back a page"),
            Send("u", "up half a page"),
            Send("g", "top"),
            Send(SPACE, "page down"),
            *typed("&fox" + ENTER, "filter"),
            Send("q"),
        ]),
    Scenario(
        "bash_readline",
        ["bash", "--noprofile", "--norc", "-i"],
        env={"PS1": BASH_PS1, "HISTFILE": "/dev/null", "INPUTRC": "inputrc"},
        files={"inputrc": "set show-all-if-ambiguous on\nset bell-style none\n", "alpha.txt": "a\n", "alphabet.md": "b\n", "beta/readme": "c\n", "gamma.sh": "echo gamma\n"},
        steps=[
            Start(quiet_ms=500),
            *typed("ls --color=always -F" + ENTER, "ls"),
            *typed("echo one two three four" + ENTER, "echo"),
            *typed(N_UP, "history up"),
            Send("\x1bb\x1bb", "meta-b twice"),
            Send(ctrl("w"), "ctrl-w"),
            Send("\x1bd", "meta-d"),
            Send(ctrl("e") + " five", "ctrl-e and type"),
            Send(ENTER, "run edited"),
            *typed("cat al" + TAB, "completion list"),
            Send("p" + TAB, "completed"),
            Send(ctrl("u"), "ctrl-u"),
            Send(ctrl("r") + "one", "reverse search"),
            Send(ctrl("g"), "search aborted"),
            *typed("printf '\\e[38;5;208morange\\e[0m \\e[38;2;10;200;30mtrue\\e[0m \\e[1;4;3mbold\\e[0m\\n'"
                   + ENTER, "printf colours"),
            *typed("echo " + "0123456789" * 15 + ENTER, "long wrapped line"),
            *typed("for i in $(seq 1 40); do echo line $i; done" + ENTER, "scrolled"),
            *typed("cat <<EOF" + ENTER, None), *typed("heredoc line" + ENTER, None), *typed("EOF" + ENTER, "heredoc"),
            *typed("exit" + ENTER),
        ]),
    Scenario(
        "man_page",
        ["man", "ls"],  # groff's bold and underline reach the terminal as SGR through less
        steps=[
            Start(quiet_ms=1500),
            *typed("/sort" + ENTER, "search"),
            Send(SPACE, "page down"),
            Send("b", "page up"),
            Resize(30, 100),
            Send("q"),
        ]),
    Scenario(
        "top_resize",
        ["sh", "-c", "exec top -d 30 -p $$"],  # only itself: the recording shows no other processes
        steps=[
            Start(quiet_ms=1000),
            Send("z", "colour"),
            Send("x", "sort column highlighted"),
            Send("1", "cpus"),
            Resize(20, 100),
            Send("h", "help"),
            Send(ESC, "help closed"),
            Send("q"),
        ]),
    Scenario(
        "bash_resize",
        ["bash", "--noprofile", "--norc", "-i"],
        env={"PS1": BASH_PS1, "HISTFILE": "/dev/null"},
        steps=[
            Start(quiet_ms=500),
            *typed("echo " + "abcdefghij" * 12 + ENTER, "long line"),
            Resize(24, 60),
            *typed("echo narrower" + ENTER, "typed at 60"),
            Resize(30, 100),
            *typed("echo wider" + ENTER, "typed at 100"),
            *typed("seq 1 30" + ENTER, "scrolled"),
            Resize(20, 70),
            Resize(26, 90),
            *typed("exit" + ENTER),
        ]),
    Scenario(
        "python_curses",
        [PYTHON, "curses_app.py"],
        files={"curses_app.py": "@curses_app.py"},
        steps=[
            Start(quiet_ms=600),
            Send(DOWN, "down"),
            Send(DOWN, "down again"),
            Send(ENTER, "chosen"),
            Send("w", "wide text"),
            Send(UP, "up"),
            Resize(30, 90),
            Send("s", "scroll region"),
            Send("q"),
        ]),
    Scenario(
        "urwid_app",
        [PYTHON, "urwid_app.py"],
        files={"urwid_app.py": "@urwid_app.py"},
        steps=[
            Start(quiet_ms=800),
            Send(DOWN, "down"),
            Send(DOWN, "down again"),
            Send(ENTER, "pressed"),
            Send(TAB, "focus edit"),
            *typed("héllo 世界", "typed"),
            Resize(20, 60),
            Send(UP, "up"),
            Send("Q"),
        ]),
    Scenario(
        "dialog_menus",
        ["sh", "dialogs.sh"],
        files={"dialogs.sh": "@dialogs.sh"},
        steps=[
            Start(quiet_ms=600),
            Send(DOWN, "menu down"),
            Send(DOWN, "menu down again"),
            Send(ENTER, "checklist"),
            Send(SPACE, "checked"),
            Send(DOWN + SPACE, "checked second"),
            Send(ENTER, "gauge and yesno"),
            Send(TAB, "yesno tab"),
            Send(ENTER, "inputbox"),
            *typed("abc", "input typed"),
            Send(ENTER),
        ]),
    Scenario(
        "mc",
        ["mc", "-u"],
        files={"files/notes.txt": "Notes\n" + "line of notes\n" * 30, "files/script.sh": "echo hi\n",
               "files/sub/deep.txt": "deep\n", "files/wide-中文.txt": "wide\n"},
        steps=[
            Start(quiet_ms=1500),
            Send(DOWN, "down"),
            Send(ENTER, "directory entered"),
            Send(TAB, "other panel"),
            Send(TAB + DOWN + DOWN, "file selected"),
            Send(F3, "viewer"),
            Send(F10, "viewer closed"),
            Send(F9, "menu"),
            Send(RIGHT + DOWN, "menu right"),
            Send(F10, "menu closed"),
            Resize(30, 100),
            Send(F10),
        ]),
    Scenario(
        "vttest_cursor",
        ["vttest"],
        steps=[Start(quiet_ms=600), Send("1" + ENTER, "screen 1"),
               *[Send(ENTER, f"screen {i}") for i in range(2, 7)],
               Send(ENTER, "menu"), Send("0" + ENTER)]),
    Scenario(
        "vttest_screen",
        ["vttest"],
        steps=[Start(quiet_ms=600), Send("2" + ENTER, "screen 1"),
               *[Send(ENTER, f"screen {i}", 600) for i in range(2, 16)],
               Send(ENTER, "menu"), Send("0" + ENTER)]),
    Scenario(
        "vttest_charsets",
        ["vttest"],
        steps=[Start(quiet_ms=600), Send("3" + ENTER, "character sets"), Send(ENTER, "menu"),
               Send("8" + ENTER, "vt102 screen 1"), *[Send(ENTER, f"vt102 screen {i}") for i in range(2, 15)],
               Send(ENTER, "menu again"), Send("0" + ENTER)]),
    Scenario(
        # tmux 3.3a draws a zero-width-joiner sequence in one cell; glibc, readline and the emulator give each
        # emoji its own width: the checkpoints are listed in this recording's oracle-defects.json
        "utf8_zwj",
        ["sh", "-c", "printf '👨\\342\\200\\215👩\\342\\200\\215👧|after'; read x"],
        steps=[Start(), Send(ENTER)]),
    Scenario(
        "edge_sequences",
        [PYTHON, "edge_sequences.py"],
        files={"edge_sequences.py": "@edge_sequences.py"},
        steps=[Start(), *[Send(ENTER, f"screen {i}") for i in range(2, 9)], Send(ENTER)]),
    Scenario(
        "vttest_colors",
        ["vttest"],
        # menu 11.6, ISO 6429 colours: the colour pattern, SGR 0 reset, and background colour erase (ED, EL, ECH)
        steps=[Start(quiet_ms=600), Send("11" + ENTER, "non-vt100 menu"), Send("6" + ENTER, "colour menu"),
               Send("2" + ENTER, "colour pattern", 500), Send(ENTER, "colour menu again", 500),
               Send("3" + ENTER, "sgr 0 reset", 500), Send(ENTER, "colour menu 3", 500),
               Send("4" + ENTER, "bce ed el", 500), Send(ENTER, "bce ed el 2", 500),
               Send(ENTER, "colour menu 4", 500),
               Send("5" + ENTER, "bce ech", 500), Send(ENTER, "bce ech 2", 500), Send(ENTER, "colour menu 5", 500),
               Send("0" + ENTER, "menu 11"), Send("0" + ENTER, "main menu"), Send("0" + ENTER)]),
    Scenario(
        "utf8_stress",
        ["sh", "-c", "for part in 1,10p 11,18p 19,99p; do sed -n $part utf8-stress.txt; read x; done"],
        files={"utf8-stress.txt": "@utf8-stress.txt"},
        steps=[Start(), Send(ENTER, "part 2"), Send(ENTER, "part 3"), Send(ENTER)]),
    Scenario(
        # less -S: lines wider than the screen, scrolled sideways through 256-colour, CJK and attribute runs
        "less_chop_colors",
        ["less", "-RS", "wide.txt"],
        files={"wide.txt": WIDE_TEXT},
        steps=[Start(), Send(ESC + ")", "right half a screen"), Send(ESC + ")", "right again"),
               Send(ESC + "(", "left"), *typed("/end4" + ENTER, "search"), Send("G", "end"), Send("g", "top"),
               Send("q")]),
    Scenario(
        # a prompt with a 256-colour CJK user, an OSC 8 hyperlink around 24-bit colour text and a coloured cwd
        "bash_fancy_prompt",
        ["bash", "--noprofile", "--norc", "-i"],
        env={"PS1": FANCY_PS1, "HISTFILE": "/dev/null"},
        steps=[Start(), *typed("echo \u4e2d\u6587 ok" + ENTER, "echo cjk"),
               *typed("printf '\\e]8;;http://example.com\\e\\\\here\\e]8;;\\e\\\\ done\\n'" + ENTER, "hyperlink"),
               *typed("cd /" + ENTER, "cd"), Send("exit" + ENTER)]),
    Scenario(
        # the python REPL (readline): tab completion lists, a coloured and wide print, a traceback
        "python_repl",
        [PYTHON, "-q"],
        steps=[Start(), *typed("import os" + ENTER, "import"), *typed("os.pa" + TAB + TAB, "completion list"),
               *typed("th.jo" + TAB, "completed"), Send(ESC + "[H" + ctrl("k"), None),
               *typed("print('\\x1b[1;35mcolour\\x1b[0m \u4e2d\u6587 \u2713')" + ENTER, "coloured print"),
               *typed("1/0" + ENTER, "traceback"), Send(ctrl("d"))]),
    Scenario(
        # vim with listchars, syntax colours, a horizontal and a vertical split and window switching
        "vim_list_split",
        ["vim", "-u", "vimrc", "-i", "NONE", "-n", "sample.py"],
        files={"vimrc": "@vimrc", "sample.py": "@sample.py"},
        steps=[Start(quiet_ms=800),
               *typed(":set list listchars=tab:>-,trail:~,eol:$" + ENTER, "list"),
               *typed("A  \t" + ESC, "trailing blanks"),
               *typed(":split" + ENTER, "split"), *typed(":vsplit" + ENTER, "vsplit"),
               Send(ctrl("w") + "j", "window below"), *typed("G", "bottom of lower window"),
               Send(ctrl("w") + "_", "maximised"), Send(ctrl("w") + "=", "equalised"),
               *typed(":only" + ENTER, "only"), *typed(":qa!" + ENTER)]),
    Scenario(
        # git log --graph with colours and decorations on a tiny repo with a merge, paged by less -R
        "git_graph_less",
        ["sh", "-c", GIT_GRAPH],
        steps=[Start(quiet_ms=1500), Send("j", "down"), Send("G", "end"), Send("q")]),
    Scenario(
        # watch -d -c: ten redraws 0.1 s apart (a counter in colour, a growing list, differences highlighted)
        "watch_counter",
        ["sh", "-c", "echo 0 > n; exec watch -n 0.1 -d -c -t sh count.sh"],
        files={"count.sh": "n=$(cat n); [ $n -lt 9 ] && echo $((n + 1)) > n\n"
                           "printf '\\033[1;3%sm%s\\033[0m \\033[48;5;%sm \\033[0m\\n' $((n % 8)) $n $((n * 20))\n"
                           "seq -s ' ' 1 $((n * 3))\n"},
        steps=[Start(quiet_ms=1500), Send(ctrl("c"))]),
]
