#!/bin/sh
# The agent loop in shell — observe → act → wait → verify — on a terminal program and on the desktop.
# Needs uictl on PATH (or UICTL=/path/to/bin/uictl); the desktop half needs a DISPLAY (`uictl desktop up`).
# Exits non-zero as soon as a step fails: every uictl call exits non-zero when its envelope says success:false.
set -eu
uictl() { "${UICTL:-uictl}" "$@"; }

# Terminal: a Python REPL under a PTY
uictl term open --name loop-calc -- python3 -q > /dev/null
uictl term wait loop-calc --text '>>> ' --timeout 10000 > /dev/null          # wait until it is ready
uictl term type loop-calc 'print(sum(range(10)))' > /dev/null                # act
uictl term keys loop-calc Enter > /dev/null
uictl term wait loop-calc --regex '^45' --timeout 5000 > /dev/null           # wait for the consequence
uictl --format text term screen loop-calc | grep -q '^45'                    # verify by observing
echo "terminal: python printed 45"
uictl term close loop-calc > /dev/null

# Reading a failure: the exit code says which family, the envelope says what and what to do next
if out=$(uictl term screen no-such-session); then exit 1; else code=$?; fi
echo "error: exit $code, $(printf '%s' "$out" | grep -o '"code":"[A-Z_]*"')"

# Desktop: type a command into a shell window; the window it opens proves the keys arrived
if [ -n "${DISPLAY:-}" ]; then
  uictl launch --wait-window -- xterm -T loop-shell > /dev/null
  uictl focus title=loop-shell > /dev/null
  uictl type 'xmessage -title loop-done ok &' > /dev/null
  uictl press enter > /dev/null
  uictl wait window title=loop-done --timeout 10000 > /dev/null
  echo "desktop: the typed command opened its window"
  uictl close title=loop-done > /dev/null
  uictl close title=loop-shell > /dev/null
fi
