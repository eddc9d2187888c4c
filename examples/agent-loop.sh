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
uictl --format text term screen loop-calc | grep -q '^| 45'                  # verify by observing
echo "terminal: python printed 45"
uictl term close loop-calc > /dev/null

# Reading a failure: the exit code says which family, the envelope says what and what to do next
if out=$(uictl term screen no-such-session); then exit 1; else code=$?; fi
echo "error: exit $code, $(printf '%s' "$out" | grep -o '"code":"[A-Z_]*"')"

# Desktop: the program in the xterm sets its title when it is ready and again once it has read our line
if [ -n "${DISPLAY:-}" ]; then
  uictl launch --wait-window -- xterm -T loop-shell -e sh -c \
    'printf "\033]2;loop-ready\007"; read name; printf "\033]2;hello-%s\007" "$name"; sleep 60' > /dev/null
  uictl wait window title=loop-ready --timeout 10000 > /dev/null              # wait until it is ready
  uictl focus title=loop-ready > /dev/null
  uictl type loop > /dev/null                                                 # act
  uictl press enter > /dev/null
  uictl wait window title=hello-loop --timeout 10000 > /dev/null           # the consequence
  echo "desktop: the program read the typed line"
  uictl close title=hello-loop > /dev/null
fi
