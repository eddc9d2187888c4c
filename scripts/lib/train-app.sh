# Sourced by scripts/setup. train_app CACHE RUNTIME_DIR: creates the app's AOT cache from a daemon that serves the
# requests agents send most (contract, windows, input, screenshots, clipboard, accessibility snapshots, terminal
# sessions) on a private desktop, so a fresh daemon starts with those classes loaded and linked and with their method
# profiles (JEP 515): its first few hundred calls are then close to a long-running daemon's speed. Without a display
# (no Xvfb) it trains on the contract and terminal commands only; without the C client (no compiler) on one
# in-process `capabilities`. Returns non-zero when no cache was written.

train_app() {
  local cache=$1 rt=$2 uictl=("$home/build/uictl-c") desktop_env display=""
  mapfile -t launch < <(grep -v "^-XX:AOTCache=" "$home/build/launch.args")
  if [ ! -x "$home/build/uictl-c" ]; then
    UICTL_RUNTIME_DIR=$rt "${launch[0]}" -XX:AOTCacheOutput="$cache" "${launch[@]:1}" capabilities >/dev/null 2>&1
    [ -f "$cache" ]
    return
  fi
  desktop_env=$(env -u DISPLAY UICTL_RUNTIME_DIR="$rt" "${uictl[@]}" desktop up --name aot-training \
    --size 1280x800 --text 2>/dev/null) && display=$(sed -n "s/^export DISPLAY=//p" <<<"$desktop_env")
  display=${display//[\'\"]/}
  (
    export UICTL_RUNTIME_DIR=$rt
    if [ -n "$display" ]; then eval "$(grep '^export' <<<"$desktop_env")"; else unset DISPLAY; fi
    "${launch[0]}" -XX:AOTCacheOutput="$cache" "${launch[@]:1}" daemon run --idle-timeout 0 >/dev/null 2>&1 &
    for _ in $(seq 100); do
      "${uictl[@]}" daemon status 2>/dev/null | grep -q '"running":true' && break
      sleep 0.1
    done
    train_contract
    [ -n "$display" ] && train_desktop "$rt"
    [ -n "$display" ] && train_snapshot
    train_terminal
    "${uictl[@]}" daemon stop >/dev/null 2>&1
    wait
  )
  env -u DISPLAY UICTL_RUNTIME_DIR="$rt" "${uictl[@]}" desktop down --name aot-training >/dev/null 2>&1 || true
  env -u DISPLAY UICTL_RUNTIME_DIR="$rt" "${uictl[@]}" daemon stop >/dev/null 2>&1 || true
  [ -f "$cache" ]
}

# Each round repeats the calls, through the same client/daemon path users take.
train_rounds() {
  local rounds=$1; shift
  for _ in $(seq "$rounds"); do
    for line in "$@"; do eval "\"$home/build/uictl-c\" $line" >/dev/null 2>&1 || true; done
  done
}

train_contract() {
  train_rounds 100 "version" "tools" "get version" "capabilities --compact" "help list-windows" "nonsense" \
    "version --format toon" "version --text"
  train_rounds 5 "schema all" "doctor" "completion bash"
}

train_desktop() {
  "$home/build/uictl-c" launch --wait-window -- xterm -T aot-training >/dev/null 2>&1 || return 0
  train_rounds 150 "list-windows" "get active-window" "get mouse-position" "get screen-size" "click 640,400" \
    "press a" "press ctrl+shift+t" "mouse move 100 100" "list-windows --text" "clipboard get" \
    "focus title=aot-training" "wait window title=aot-training --timeout 1000"
  # Files too, PNG and JPEG, each replacing the one before (the path users take): a fresh daemon's first screenshot
  # to a file otherwise loads the JPEG encoder, the file writer and its renameat2 binding untrained.
  train_rounds 20 "screenshot --base64" "clipboard set training" "type 'héllo wörld'" "get monitors" \
    "list-apps" "screenshot --annotate --base64" "screenshot '$1/training.png'" "screenshot '$1/training.jpg'"
}

# Accessibility: snapshots of a GTK application as agents take them (fresh walks, walks brought up to date after a
# page switch, reused ones) and clicks by ref, so a fresh daemon's first snapshot runs trained code (it took twice
# as long as the second on gtk3-widget-factory untrained).
train_snapshot() {
  local pid i page ref
  command -v gtk3-widget-factory >/dev/null || return 0
  pid=$("$home/build/uictl-c" launch --wait-window -- gtk3-widget-factory 2>/dev/null \
    | sed -n 's/.*"pid":\([0-9]*\).*/\1/p' | head -1)
  [ -n "$pid" ] || return 0
  for i in $(seq 100); do
    "$home/build/uictl-c" snapshot --pid "$pid" -i --text 2>/dev/null | grep -q 'Page 2' && break
    sleep 0.05
  done
  for i in $(seq 10); do
    for page in 2 3 1; do
      ref=$("$home/build/uictl-c" snapshot --pid "$pid" -i --text 2>/dev/null | grep "radiobutton \"Page $page\"" \
        | grep -o 'ref=e[0-9]*' | cut -d= -f2)
      [ -n "$ref" ] && "$home/build/uictl-c" click "@$ref" >/dev/null 2>&1
      train_rounds 3 "snapshot --pid $pid -i" "snapshot --pid $pid" "snapshot --pid $pid -i --text" \
        "snapshot --pid $pid --max-nodes 400$i$page"
    done
  done
  kill "$pid" 2>/dev/null || true
}

train_terminal() {
  local i
  for i in $(seq 10); do
    "$home/build/uictl-c" term open --name "aot$i" --size 24x80 -- sh >/dev/null 2>&1 || return 0
    train_rounds 10 "term type aot$i 'echo ready'" "term keys aot$i Enter" "term screen aot$i" \
      "term wait aot$i --text ready --timeout 2000" "term list"
    "$home/build/uictl-c" term close "aot$i" >/dev/null 2>&1 || true
  done
}
