/**
 * A headless terminal emulator: program output in, screen snapshots out.
 *
 * <pre>{@code
 * Terminal terminal = new Terminal(24, 80);
 * terminal.onReply(bytes -> pty.write(bytes));          // answers to DSR/DA/DECRQM queries
 * terminal.onEvent(event -> log(event));                // title changes, bell, unsupported sequences
 * terminal.write(buffer, 0, n);                         // raw bytes as read from the PTY, split anywhere
 * ScreenSnapshot screen = terminal.snapshot(false, 0);  // lines, cursor, modes, title
 * pty.write(KeyEncoder.encode("C-c", terminal.keyModes()));
 * }</pre>
 *
 * <p>Layers, each usable alone: {@code parser} (Paul Williams' DEC ANSI state machine, no meaning attached),
 * {@code xterm} (what the sequences mean, one class per family), {@code screen} (packed cells, buffers, scrollback,
 * resize with reflow), {@code unicode} (glibc {@code wcwidth} table), {@code keys} (key names to bytes).
 * Semantics follow xterm as tmux 3.3a implements it (tmux is the oracle of the differential corpus, {@code RefTest}),
 * except where tmux departs from xterm: there xterm is followed, the recordings list tmux's screens as oracle defects,
 * and libvterm's test corpus ({@code LibvtermConformanceTest}) checks the result; {@code docs/vt-sequences.md} lists
 * what is implemented and each departure from tmux.
 */
package dev.uictl.vt;
