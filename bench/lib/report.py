#!/usr/bin/env python3
"""Turns a hyperfine --export-json file into bench/results/<area>.{json,md}: medians, and ratios of each of our
commands against the anchor measured in the same run.

usage: report.py AREA HYPERFINE_JSON RESULTS_DIR [--anchor NAME]... [--budget NAME=MS]... [--extra KEY=VALUE]...
"""
import argparse
import datetime
import json
import os
import platform
import statistics
import subprocess


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("area")
    ap.add_argument("hyperfine_json")
    ap.add_argument("results_dir")
    ap.add_argument("--anchor", action="append", default=[], help="a command name that is a reference, not ours")
    ap.add_argument("--budget", action="append", default=[], help="NAME=MS: the SPEC budget for a command")
    ap.add_argument("--extra", action="append", default=[], help="KEY=VALUE measured outside hyperfine")
    a = ap.parse_args()

    with open(a.hyperfine_json) as f:
        runs = json.load(f)["results"]
    budgets = dict(b.split("=", 1) for b in a.budget)
    medians = {r["command"]: statistics.median(r["times"]) * 1000 for r in runs}
    rows = []
    for r in runs:
        name = r["command"]
        row = {
            "name": name,
            "median_ms": round(medians[name], 3),
            "mean_ms": round(r["mean"] * 1000, 3),
            "stddev_ms": round((r.get("stddev") or 0) * 1000, 3),
            "runs": len(r["times"]),
            "anchor": name in a.anchor,
        }
        if name in budgets:
            row["budget_ms"] = float(budgets[name])
            row["within_budget"] = medians[name] <= float(budgets[name])
        if name not in a.anchor:
            row["ratio_to_anchors"] = {x: round(medians[name] / medians[x], 3) for x in a.anchor if x in medians}
        rows.append(row)
    extra = dict(e.split("=", 1) for e in a.extra)
    doc = {
        "area": a.area,
        "measured_at": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "machine": {"cpus": os.cpu_count(), "kernel": platform.release(),
                    "commit": subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                                             text=True).stdout.strip()},
        "results": rows,
        "extra": extra,
    }
    os.makedirs(a.results_dir, exist_ok=True)
    with open(os.path.join(a.results_dir, a.area + ".json"), "w") as f:
        json.dump(doc, f, indent=2)
        f.write("\n")
    lines = [f"# Benchmark: {a.area}", "",
             f"Measured {doc['measured_at']} on {doc['machine']['cpus']} CPUs, commit {doc['machine']['commit']}"
             " (medians of hyperfine runs; ratios against anchors measured in the same run).", "",
             "| command | median ms | budget ms | ratio to anchors | runs |", "|---|---|---|---|---|"]
    for r in rows:
        ratios = ", ".join(f"{v}× {k}" for k, v in r.get("ratio_to_anchors", {}).items()) or ("anchor" if r["anchor"] else "")
        budget = ""
        if "budget_ms" in r:
            budget = f"{r['budget_ms']:g} ({'met' if r['within_budget'] else 'MISSED'})"
        lines.append(f"| `{r['name']}` | {r['median_ms']:.2f} | {budget} | {ratios} | {r['runs']} |")
    if extra:
        lines += ["", "| measurement | value |", "|---|---|"] + [f"| {k} | {v} |" for k, v in extra.items()]
    with open(os.path.join(a.results_dir, a.area + ".md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
