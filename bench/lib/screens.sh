# Sourced by benchmarks that need real screen content on a private 1920x1080 desktop. Needs $work (bench_work)
# and a `pids` array; the caller's cleanup kills the pids in reverse order.

# start_desktop: a private Xvfb and openbox; exports DISPLAY and sets xvfb_pid. A high, random display number: low
# numbers freed by other runs on a shared machine get reused at once.
start_desktop() {
  local number
  for _ in $(seq 20); do
    number=$((200 + RANDOM % 400))
    [ -e "/tmp/.X11-unix/X$number" ] || [ -e "/tmp/.X$number-lock" ] || break
  done
  Xvfb ":$number" -screen 0 1920x1080x24 -nolisten tcp -noreset 2>/dev/null &
  xvfb_pid=$!; pids+=("$xvfb_pid")
  export DISPLAY=":$number"
  for _ in $(seq 200); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.05; done
  openbox --sm-disable >/dev/null 2>&1 & pids+=($!)
  for _ in $(seq 100); do xprop -root _NET_SUPPORTING_WM_CHECK 2>/dev/null | grep -q window && break; sleep 0.05; done
  xset s off -dpms 2>/dev/null || true
}

# show_photo: a photo-like full screen on the root window: a fractal landscape with sensor-like noise, whose PNG
# takes ~60% of the raw pixels, as photographs do (a generated image: the machine has no photographs to show).
show_photo() {
  convert -size 1920x1080 -seed 7 plasma:fractal -blur 0x1 -attenuate 0.3 +noise Gaussian -depth 8 "$work/photo.png"
  display -window root "$work/photo.png" || true # sets the root background, then exits 1 (ImageMagick 6)
}

# show_code FILE1 FILE2: a text-heavy UI screen: a full-screen xterm running vim with syntax colours and line
# numbers on two files side by side, anti-aliased DejaVu Sans Mono on a dark background, as an editor looks.
# Returns once the window is on the screen.
show_code() {
  xterm -fullscreen -fa 'DejaVu Sans Mono' -fs 10 -bg '#1e1e1e' -fg '#d4d4d4' -e \
    vim -N -u NONE -R -O -c 'set t_Co=256 background=dark number laststatus=2' -c 'syntax on' -c 'autocmd VimResized * wincmd =' "$1" "$2" &
  pids+=($!)
  for _ in $(seq 200); do
    [ -n "$(xdotool search --onlyvisible --class xterm 2>/dev/null)" ] && break
    sleep 0.05
  done
}

# wait_still: returns once three captures 0.3 s apart are identical (the programs have finished drawing); sets
# still_sum to the screen's checksum for a later check that the timed run saw one unchanging screen.
wait_still() {
  local previous="" now same=0
  for _ in $(seq 150); do
    now=$(import -window root rgb:- | md5sum)
    if [ "$now" = "$previous" ]; then same=$((same + 1)); else same=0; fi
    [ "$same" -ge 3 ] && break
    previous=$now; sleep 0.3
  done
  still_sum=$now
}
