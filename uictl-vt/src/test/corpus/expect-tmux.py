#!/usr/bin/env python3
"""Computes expected.json for corpus recordings by replaying them into tmux 3.3a, the reference terminal.

    expect-tmux.py [NAME ...]      (no NAME: every directory under ../resources/ref)

For each recording: a fresh tmux pane of the initial size is fed recording.bin; at each resize offset the window is
resized; at each checkpoint offset the screen tmux shows (rows, styled cells, cursor, alternate screen, modes,
title) is stored. The cells capture-pane leaves out (after a row's last written cell) come from a second pane
replayed to the same offset and probed destructively (TmuxOracle.probe_trailing). See README.md for the format.
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tmux_oracle import TmuxOracle, write_json  # noqa: E402

REF_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "resources", "ref")


def expect(directory):
    with open(os.path.join(directory, "steps.json"), encoding="utf-8") as f:
        steps = json.load(f)
    with open(os.path.join(directory, "recording.bin"), "rb") as f:
        recording = f.read()
    checkpoints = []
    with TmuxOracle(steps["rows"], steps["cols"]) as tmux:
        for i, event in enumerate(steps["events"]):
            tmux.feed(recording[tmux.fed:event["offset"]])
            if event["type"] == "resize":
                tmux.resize(event["rows"], event["cols"])
            else:
                with replay(steps, recording, i) as probe:
                    trailing = probe.probe_trailing()
                checkpoints.append({"name": event["name"], "offset": event["offset"], **tmux.screen(trailing)})
    version = subprocess.run(["tmux", "-V"], capture_output=True, text=True).stdout.strip()
    write_json(os.path.join(directory, "expected.json"), {"oracle": version, "checkpoints": checkpoints})
    return len(checkpoints)


def replay(steps, recording, upto):
    """A second pane brought to the state before event `upto`, to be probed destructively."""
    probe = TmuxOracle(steps["rows"], steps["cols"])
    try:
        for event in steps["events"][:upto]:
            probe.feed(recording[probe.fed:event["offset"]])
            if event["type"] == "resize":
                probe.resize(event["rows"], event["cols"])
        probe.feed(recording[probe.fed:steps["events"][upto]["offset"]])
        return probe
    except BaseException:
        probe.close()
        raise


def main(names):
    names = names or sorted(d for d in os.listdir(REF_DIR) if os.path.isdir(os.path.join(REF_DIR, d)))
    for name in names:
        print(f"{name}: {expect(os.path.join(REF_DIR, name))} checkpoints")


if __name__ == "__main__":
    main(sys.argv[1:])
