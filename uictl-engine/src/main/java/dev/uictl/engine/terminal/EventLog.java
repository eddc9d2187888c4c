package dev.uictl.engine.terminal;

import java.util.ArrayDeque;
import java.util.List;

/** The newest session events (bounded); repeated unsupported sequences are logged once. Guarded by the session. */
final class EventLog {
    private static final int LIMIT = 512;
    private final ArrayDeque<SessionEvent> events = new ArrayDeque<>();
    private final java.util.Set<String> seenUnsupported = new java.util.HashSet<>();
    private final long openedNanos;
    private long seq;

    EventLog(long openedNanos) {
        this.openedNanos = openedNanos;
    }

    void add(String type, String detail) {
        if (type.equals("unsupported") && (seenUnsupported.size() > LIMIT || !seenUnsupported.add(detail))) {
            return;
        }
        events.addLast(new SessionEvent(++seq, (System.nanoTime() - openedNanos) / 1_000_000, type, detail));
        if (events.size() > LIMIT) {
            events.removeFirst();
        }
    }

    long lastSeq() {
        return seq;
    }

    List<SessionEvent> since(long afterSeq) {
        return events.stream().filter(e -> e.seq() > afterSeq).toList();
    }
}
