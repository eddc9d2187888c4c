package dev.uictl.engine.desktop.a11y;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import java.security.SecureRandom;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Per-session snapshot ref maps, bounded: each session keeps its newest {@link #PER_SESSION} snapshots and the
 * daemon its {@link #SESSIONS} most recently used sessions; older ones are evicted (their refs then give
 * {@code SNAPSHOT_NOT_FOUND}). Ids carry a per-daemon tag so an id from an earlier daemon never matches.
 */
public final class SnapshotStore {
    static final int PER_SESSION = 32;
    static final int SESSIONS = 64;

    private final String tag = Long.toString(new SecureRandom().nextInt(36 * 36), 36);
    private final AtomicLong counter = new AtomicLong();
    private final LinkedHashMap<String, Session> sessions = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Session> eldest) {
            return size() > SESSIONS;
        }
    };

    private static final class Session {
        final LinkedHashMap<String, StoredSnapshot> snapshots = new LinkedHashMap<>() {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, StoredSnapshot> eldest) {
                return size() > PER_SESSION;
            }
        };
        String latest;
    }

    String nextId() {
        return "s" + tag + Long.toString(counter.incrementAndGet(), 36);
    }

    /** Keeps a snapshot; {@code latest} makes it the one bare {@code @eN} refs mean. */
    synchronized void put(String session, StoredSnapshot s, boolean latest) {
        Session sess = sessions.computeIfAbsent(session, k -> new Session());
        sess.snapshots.put(s.id(), s);
        if (latest) {
            sess.latest = s.id();
        }
    }

    synchronized Optional<StoredSnapshot> find(String session, String id) {
        Session sess = sessions.get(session);
        return sess == null ? Optional.empty() : Optional.ofNullable(sess.snapshots.get(id));
    }

    /**
     * The newest earlier snapshot of the session that handed out {@code ref}: a bare ref names the latest snapshot,
     * and a later `snapshot --root` or `find` makes another one latest.
     */
    synchronized Optional<String> earlierWith(String session, String ref) {
        Session sess = sessions.get(session);
        if (sess == null) {
            return Optional.empty();
        }
        List<StoredSnapshot> all = new java.util.ArrayList<>(sess.snapshots.values());
        for (int i = all.size() - 1; i >= 0; i--) {
            StoredSnapshot s = all.get(i);
            if (!s.id().equals(sess.latest) && s.refs().containsKey(ref)) {
                return Optional.of(s.id());
            }
        }
        return Optional.empty();
    }

    /** The snapshot {@code id} of the session, or the latest when id is null; SNAPSHOT_NOT_FOUND otherwise. */
    synchronized StoredSnapshot get(String session, String id) {
        Session sess = sessions.get(session);
        String want = id != null ? id : sess == null ? null : sess.latest;
        StoredSnapshot s = want == null || sess == null ? null : sess.snapshots.get(want);
        if (s == null) {
            throw UictlException.of(ErrorCode.SNAPSHOT_NOT_FOUND, id == null
                            ? "no snapshot in session '" + session + "' yet"
                            : "snapshot " + id + " is not known in session '" + session + "' (evicted or from "
                            + "another daemon or session)")
                    .withHint("Run `uictl snapshot -i` and use the refs it returns.")
                    .withDetail("session", session).withDetail("snapshot_id", id == null ? "" : id);
        }
        return s;
    }
}
