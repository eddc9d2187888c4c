#!/usr/bin/env python3
"""Scripted act -> observe loops through the C client, as an agent runs them, for bench/act-observe.sh.

Each step clicks an element by ref (timed), takes `snapshot -i` right after (timed: the change is folded in) and
again (timed: nothing changed), then checks the full snapshot against a python3-pyatspi dump of the application
taken right after it (fixtures/atspi_dump.py, timed: the anchor): same tree shape, names, descriptions, notable
states, hidden-children counts and bounds. Writes hyperfine-shaped JSON (for bench/lib/report.py) and prints the
checks' summary as JSON on stdout.

usage: act_observe.py OUT_JSON ROUNDS APP:PID:ROLE:NAME1,NAME2,... [...]
(each step clicks the next of the enabled elements of that role and those names)
"""
import json
import statistics
import subprocess
import sys
import time

CLIENT = "build/uictl-c"
SESSION = "bench-act-observe"
# ElementStates.notable, from AT-SPI state numbers
FOCUSED, CHECKED, MIXED, PRESSED, SELECTED, EXPANDED, EXPANDABLE = 12, 4, 32, 20, 23, 10, 9
SENSITIVE, READ_ONLY, SHOWING, MODAL, BUSY, REQUIRED, INVALID = 24, 43, 25, 16, 3, 33, 36
APPLICATION = 75


def timed(argv):
    t0 = time.perf_counter()
    done = subprocess.run(argv, stdout=subprocess.PIPE, text=True)
    ms = (time.perf_counter() - t0) * 1000
    if done.returncode != 0:
        sys.exit("%s failed (%d): %s" % (" ".join(argv), done.returncode, done.stdout[:2000]))
    return ms, done.stdout


def uictl(*args):
    return timed([CLIENT, "--session", SESSION, *args])


def notable(states, role):
    if role == APPLICATION:
        return []
    s = set(states)
    out = []
    for cond, word in ((FOCUSED in s, "focused"), (CHECKED in s, "checked"), (MIXED in s, "mixed"),
                       (PRESSED in s, "pressed"), (SELECTED in s, "selected"), (EXPANDED in s, "expanded"),
                       (EXPANDABLE in s and EXPANDED not in s, "collapsed"), (SENSITIVE not in s, "disabled"),
                       (READ_ONLY in s, "readonly"), (SHOWING not in s, "hidden"), (MODAL in s, "modal"),
                       (BUSY in s, "busy"), (REQUIRED in s, "required"), (INVALID in s, "invalid")):
        if cond:
            out.append(word)
    return out


def compare(ours, theirs, path, out):
    """Differences between a snapshot element (with bounds) and a pyatspi node, as WalkDifferentialTest judges."""
    here = path + "/" + (theirs["role_name"] + "[" + theirs["name"] + "]")
    checks = (("name", ours.get("name") or "", theirs["name"]),
              ("description", ours.get("description") or "", theirs["description"]),
              ("states", ours.get("states") or [], notable(theirs["states"], theirs["role"])),
              ("hidden children", ours.get("children_count") or 0,
               max(0, theirs["child_count"] - len(theirs.get("children", [])))))
    for what, a, b in checks:
        if a != b:
            out.append("%s %s: ours %r, pyatspi %r" % (here, what, a, b))
    ext = theirs.get("extents")
    if ext is not None and ours.get("bounds") is not None:
        b = ours["bounds"]
        if [b["x"], b["y"], b["width"], b["height"]] != ext:
            out.append("%s bounds: ours %r, pyatspi %r" % (here, b, ext))
    kids, theirs_kids = ours.get("children") or [], theirs.get("children", [])
    if len(kids) != len(theirs_kids):
        out.append("%s children: ours %d, pyatspi %d" % (here, len(kids), len(theirs_kids)))
    for a, b in zip(kids, theirs_kids):
        compare(a, b, here, out)


def refs(text, role, names):
    """The refs of the enabled elements of ROLE with these names in a `snapshot -i --text`, qualified by its id."""
    snapshot = text.split()[2]
    found = {}
    for line in text.splitlines():
        for n in names:
            if n not in found and ("%s \"%s\"" % (role, n)) in line and "ref=" in line \
                    and "[disabled]" not in line:
                found[n] = "@%s:%s" % (snapshot, line.split("ref=")[1].split("]")[0])
    missing = [n for n in names if n not in found]
    if missing:
        sys.exit("no %s named %s in:\n%s" % (role, missing, text))
    return [found[n] for n in names]


def main():
    out_json, rounds = sys.argv[1], int(sys.argv[2])
    results, checks = {}, {}

    def add(name, ms):
        results.setdefault(name, []).append(ms / 1000)

    for spec in sys.argv[3:]:
        app, pid, role, names = spec.split(":", 3)
        names = names.split(",")
        _, text = uictl("snapshot", "--pid", pid, "-i", "--text")
        diffs, steps = [], 0
        for r in range(rounds):
            # the ref from the latest snapshot (a session keeps only its last few)
            ms, _ = uictl("click", refs(text, role, names)[r % len(names)])
            add("uictl click @ref %s" % app, ms)
            ms, _ = uictl("snapshot", "--pid", pid, "-i", "--text")
            add("uictl snapshot -i %s right after the click" % app, ms)
            ms, text = uictl("snapshot", "--pid", pid, "-i", "--text")
            add("uictl snapshot -i %s again, no change" % app, ms)
            _, full = timed([CLIENT, "--session", SESSION + "-check", "snapshot", "--pid", pid, "--include-bounds"])
            ms, dump = timed(["/usr/bin/python3", "fixtures/atspi_dump.py", "--pid", pid])
            add("pyatspi walk %s" % app, ms)
            found = []
            compare(json.loads(full)["data"]["tree"], json.loads(dump), "", found)
            steps += 1
            if found:
                # a physical (XTEST) click is handled by the application after the call returns: when a snapshot
                # taken now equals that same dump, the application changed after our snapshot, not before it
                _, again = timed([CLIENT, "--session", SESSION + "-check", "snapshot", "--pid", pid,
                                  "--include-bounds"])
                now = []
                compare(json.loads(again)["data"]["tree"], json.loads(dump), "", now)
                diffs.append({"step": r, "differences": found[:3], "count": len(found),
                              "our next snapshot equals the dump": not now})
        checks[app] = {"steps": steps, "steps_differing": len(diffs), "first_differences": diffs[:3]}

    doc = {"results": []}
    for name, times in results.items():
        doc["results"].append({"command": name, "times": times, "mean": statistics.mean(times),
                               "stddev": statistics.stdev(times) if len(times) > 1 else 0})
    with open(out_json, "w") as f:
        json.dump(doc, f)
    print(json.dumps(checks))


if __name__ == "__main__":
    main()
