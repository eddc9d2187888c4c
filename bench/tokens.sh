#!/usr/bin/env bash
# Bytes and tokens (gpt-tokenizer's o200k_base and cl100k_base, counted offline by bench/tokens/count.mjs) of the
# terminal outputs an agent reads, in each form: term type/keys results by default, with --terse, --diff and both;
# term screen with --cells=full (every cell) and --cells (runs); for a prompt-and-one-line bash screen, a vim screen
# with syntax colours and an htop screen, all 24x80, through bin/uictl (the documented entry). Every form of an
# action is measured on a fresh session brought to the same screen first. Writes bench/results/tokens.{json,md}.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
bench_work tokens
unset DISPLAY UICTL_FORMAT TMUX
trap 'bin/uictl daemon stop >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
[ -d bench/tokens/node_modules/gpt-tokenizer ] || (cd bench/tokens && npm ci --no-audit --no-fund --loglevel=error)
sample=uictl-engine/src/test/resources/compact/sample.py
mkdir -p "$work/out" "$work/home"
n=0

# open SCREEN: a fresh session named s$n showing SCREEN (bash | vim | htop), settled.
open() {
  n=$((n + 1))
  case $1 in
    bash) bin/uictl term open --name "s$n" --env PS1='$ ' --wait-text '$ ' -- bash --norc --noprofile -i ;;
    vim) bin/uictl term open --name "s$n" --wait-text SystemExit -- \
           vim -u NONE -i NONE -N -c 'syntax on' -c 'set number' "$sample" ;;
    htop) bin/uictl term open --name "s$n" --env HOME="$work/home" --wait-text PID -- htop -d 600 ;;
  esac >/dev/null
  [ "$1" != htop ] || bin/uictl term wait "s$n" --idle 300 >/dev/null
}

# measure SCREEN CASE FORM UICTL-ARGS...: the output of `uictl ARGS` (s@ replaced by the session) on a fresh SCREEN.
measure() {
  local screen=$1 case=$2 form=$3
  shift 3
  open "$screen"
  [ "$screen" != bash ] || [ "$case" = "term type" ] || bin/uictl term type "s$n" 'echo hello' >/dev/null
  bin/uictl "${@//s@/s$n}" > "$work/out/$screen.$case.$form.json"
  python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); sys.exit(0 if d["success"] else 1)' \
    "$work/out/$screen.$case.$form.json" || { cat "$work/out/$screen.$case.$form.json" >&2; exit 1; }
  bin/uictl term close "s$n" >/dev/null
}

# Prompt and one line: `$ echo hello`, `hello`, `$ ` once Enter is pressed.
for form in default terse diff terse+diff; do
  flags=()
  case $form in terse) flags=(--terse) ;; diff) flags=(--diff) ;; terse+diff) flags=(--terse --diff) ;; esac
  measure bash "term type" "$form" term type s@ 'echo hello' "${flags[@]}"
  measure bash "term keys" "$form" term keys s@ Enter --wait-regex '^hello\n\$' "${flags[@]}"
  measure vim "term keys" "$form" term keys s@ j "${flags[@]}"
  measure htop "term keys" "$form" term keys s@ Down "${flags[@]}"
done
for screen in bash vim htop; do
  measure "$screen" "term screen" "lines" term screen s@
  measure "$screen" "term screen" "lines terse" term screen s@ --terse
  measure "$screen" "term screen" "cells=full" term screen s@ --cells=full
  measure "$screen" "term screen" "cells (runs)" term screen s@ --cells
done

node bench/tokens/count.mjs "$work"/out/*.json > "$work/counts.jsonl"
python3 - "$work/counts.jsonl" bench/results "$(cut -d' ' -f1-3 /proc/loadavg)" <<'PY'
import json, os, sys
rows = []
for line in open(sys.argv[1]):
    c = json.loads(line)
    screen, case, form = os.path.basename(c["file"])[:-5].split(".", 2)
    rows.append({"screen": screen, "output": case, "form": form, "bytes": c["bytes"],
                 "o200k_base": c["o200k_base"], "cl100k_base": c["cl100k_base"]})
order = {"bash": 0, "vim": 1, "htop": 2}
forms = ["default", "terse", "diff", "terse+diff", "lines", "lines terse", "cells=full", "cells (runs)"]
rows.sort(key=lambda r: (r["output"] != "term type", r["output"], order[r["screen"]], forms.index(r["form"])))
result = {"benchmark": "tokens", "tokenizer": "gpt-tokenizer 4.0.0 (o200k_base, cl100k_base)",
          "entry": "bin/uictl", "size": "24x80", "load_average": sys.argv[3], "results": rows}
with open(os.path.join(sys.argv[2], "tokens.json"), "w") as f:
    json.dump(result, f, indent=2)
    f.write("\n")
md = ["# Tokens of terminal outputs", "",
      "Bytes and tokens of one whole reply (the JSON envelope and its newline) through `bin/uictl`, 24x80 terminals, "
      "counted with gpt-tokenizer 4.0.0 (`o200k_base`: GPT-4o and later; `cl100k_base`: GPT-4). Screens: bash "
      "with the prompt `$ ` after `echo hello` (type: typing it; keys: Enter, then the output and the next prompt); "
      "vim -u NONE with `syntax on` and line numbers on a Python file (keys: `j`); htop (keys: `Down`). Each form "
      "of an action ran on a fresh session brought to the same screen. Produced by `bench/tokens.sh`; load average "
      + sys.argv[3] + ".", "",
      "| screen | output | form | bytes | o200k tokens | cl100k tokens |", "|---|---|---|---:|---:|---:|"]
for r in rows:
    md.append(f"| {r['screen']} | `{r['output']}` | {r['form']} | {r['bytes']:,} | {r['o200k_base']:,} | "
              f"{r['cl100k_base']:,} |")
with open(os.path.join(sys.argv[2], "tokens.md"), "w") as f:
    f.write("\n".join(md) + "\n")
print("\n".join(md))
PY
