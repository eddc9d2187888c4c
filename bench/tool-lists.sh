#!/usr/bin/env bash
# MCP tool lists that fit a context (issue 27): bytes and tokens (gpt-tokenizer's o200k_base and cl100k_base, offline,
# bench/tokens/count.mjs) of the whole tools/list answer (one page) and of initialize's instructions at revision
# 2025-11-25, for the default set, each group, all tools, and all tools with --full (the list as it was before
# groups); and of one large tool result (term screen --cells=full) answered whole (--max-result-tokens at its
# maximum) and cut by the default cap. Through bin/uictl (the documented entry) and its daemon.
# Writes bench/results/tool-lists.{json,md}.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
bench_work tool-lists
unset DISPLAY UICTL_FORMAT TMUX
trap 'bin/uictl term close bench-cap >/dev/null 2>&1 || true; bin/uictl daemon stop >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
[ -d bench/tokens/node_modules/gpt-tokenizer ] || (cd bench/tokens && npm ci --no-audit --no-fund --loglevel=error)
mkdir -p "$work/out"

# session NAME MCP-ARGS... < REQUESTS: one MCP session; answer N (1-based) goes to $work/out/NAME.N.json
session() {
  local name=$1
  shift
  bin/uictl mcp "$@" | awk -v out="$work/out/$name" '{ print > (out "." NR ".json") }'
}
init='{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}'
list='{"jsonrpc":"2.0","id":2,"method":"tools/list"}'

selections=(default desktop a11y input term tmux runs meta all "all --full")
for sel in "${selections[@]}"; do
  read -r tools full <<<"$sel"
  printf '%s\n%s\n' "$init" "$list" | session "${sel// /}" --page-size 1000 --tools "$tools" ${full:+"$full"}
done

bin/uictl term open --name bench-cap --wait-text ready -- sh -c 'printf "ready\n"; exec sleep 600' >/dev/null
call='{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"term_screen","arguments":{"session":"bench-cap","cells":"full"}}}'
printf '%s\n%s\n' "$init" "$call" | session result-whole --max-result-tokens 10000000
printf '%s\n%s\n' "$init" "$call" | session result-cut

python3 - "$work/out" <<'PY'
import glob, json, os, sys
out = sys.argv[1]
for f in glob.glob(os.path.join(out, "*.1.json")):
    instructions = json.load(open(f))["result"]["instructions"]
    open(f[:-7] + ".instructions.txt", "w").write(instructions)
PY
node bench/tokens/count.mjs "$work"/out/*.2.json "$work"/out/*.instructions.txt > "$work/counts.jsonl"
python3 - "$work/counts.jsonl" "$work/out" bench/results "$(cut -d' ' -f1-3 /proc/loadavg)" <<'PY'
import json, os, sys
counts = {}
for line in open(sys.argv[1]):
    c = json.loads(line)
    counts[os.path.basename(c["file"])] = c
out, results, load = sys.argv[2], sys.argv[3], sys.argv[4]
order = ["default", "desktop", "a11y", "input", "term", "tmux", "runs", "meta", "all", "all--full"]
rows = []
for name in order:
    listed = json.load(open(os.path.join(out, name + ".2.json")))["result"]["tools"]
    c, i = counts[name + ".2.json"], counts[name + ".instructions.txt"]
    rows.append({"selection": name.replace("--", " --"), "tools": len(listed), "bytes": c["bytes"],
                 "o200k_base": c["o200k_base"], "cl100k_base": c["cl100k_base"],
                 "instructions_bytes": i["bytes"], "instructions_o200k_base": i["o200k_base"]})
cap = []
for name, what in (("result-whole", "term screen --cells=full, whole (--max-result-tokens 10000000)"),
                   ("result-cut", "term screen --cells=full, cut by the default cap (25,000 tokens)")):
    c = counts[name + ".2.json"]
    cap.append({"result": what, "bytes": c["bytes"], "o200k_base": c["o200k_base"], "cl100k_base": c["cl100k_base"]})
doc = {"benchmark": "tool-lists", "tokenizer": "gpt-tokenizer 4.0.0 (o200k_base, cl100k_base)", "entry": "bin/uictl mcp",
       "revision": "2025-11-25", "load_average": load, "results": rows, "results_cap": cap}
with open(os.path.join(results, "tool-lists.json"), "w") as f:
    json.dump(doc, f, indent=2)
    f.write("\n")
md = ["# MCP tool lists", "",
      "Bytes and tokens of the whole `tools/list` answer (one JSON-RPC line, one page) and of initialize's "
      "`instructions`, by `uictl mcp --tools SELECTION` at revision 2025-11-25, counted with gpt-tokenizer 4.0.0 "
      "(`o200k_base`: GPT-4o and later; `cl100k_base`: GPT-4). Definitions are short (one-line descriptions, no "
      "output schemas) except with `--full`, the list as it was before tool groups. The issue's budget for the "
      "default list: 32 KB (about 8,000 tokens). Produced by `bench/tool-lists.sh`; load average " + load + ".", "",
      "| selection | tools | bytes | o200k tokens | cl100k tokens | instructions bytes | instructions o200k |",
      "|---|---:|---:|---:|---:|---:|---:|"]
for r in rows:
    md.append(f"| `{r['selection']}` | {r['tools']} | {r['bytes']:,} | {r['o200k_base']:,} | {r['cl100k_base']:,} | "
              f"{r['instructions_bytes']:,} | {r['instructions_o200k_base']:,} |")
md += ["", "One large result, as the host receives it (the tools/call answer line):", "",
       "| result | bytes | o200k tokens | cl100k tokens |", "|---|---:|---:|---:|"]
for r in cap:
    md.append(f"| {r['result']} | {r['bytes']:,} | {r['o200k_base']:,} | {r['cl100k_base']:,} |")
with open(os.path.join(results, "tool-lists.md"), "w") as f:
    f.write("\n".join(md) + "\n")
print("\n".join(md))
PY
