package dev.uictl.x11.io;

import dev.uictl.x11.proto.core.GetAtomName;
import dev.uictl.x11.proto.core.InternAtom;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Atom names ↔ numbers for one connection. {@link #intern(String...)} sends every missing InternAtom first and
 * then waits once (x11rb's {@code atom_manager!}), so N atoms cost one round trip.
 */
public final class AtomCache {
    private final X11Connection connection;
    private final Map<String, Integer> byName = new ConcurrentHashMap<>();
    private final Map<Integer, String> byAtom = new ConcurrentHashMap<>();

    public AtomCache(X11Connection connection) {
        this.connection = connection;
    }

    /** The cache every user of {@code connection} shares (atoms are the server's, so one lookup serves all). */
    public static AtomCache of(X11Connection connection) {
        return connection.shared(AtomCache.class, AtomCache::new);
    }

    /** Interns every name (creating missing atoms) in one round trip; the map keeps the argument order. */
    public Map<String, Integer> intern(String... names) {
        Map<String, Cookie<Integer>> sent = new LinkedHashMap<>();
        for (String name : names) {
            if (!byName.containsKey(name) && !sent.containsKey(name)) {
                sent.put(name, connection.send(new InternAtom(name, false)));
            }
        }
        sent.forEach((name, cookie) -> remember(name, cookie.reply()));
        Map<String, Integer> out = new LinkedHashMap<>();
        for (String name : names) {
            out.put(name, byName.get(name));
        }
        return out;
    }

    /** One atom, interned on first use. */
    public int atom(String name) {
        Integer known = byName.get(name);
        return known != null ? known : intern(name).get(name);
    }

    /** The names of {@code atoms} in one round trip; unknown atoms (errors) map to "". */
    public List<String> names(int... atoms) {
        List<Cookie<String>> cookies = new ArrayList<>();
        for (int a : atoms) {
            cookies.add(byAtom.containsKey(a) ? null : connection.send(new GetAtomName(a)));
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < atoms.length; i++) {
            Cookie<String> c = cookies.get(i);
            if (c == null) {
                out.add(byAtom.get(atoms[i]));
            } else {
                String name = replyOrEmpty(c);
                if (!name.isEmpty()) {
                    remember(name, atoms[i]);
                }
                out.add(name);
            }
        }
        return out;
    }

    public String name(int atom) {
        return names(atom).getFirst();
    }

    private static String replyOrEmpty(Cookie<String> c) {
        try {
            return c.reply();
        } catch (dev.uictl.x11.wire.X11Exception.Protocol badAtom) {
            return "";
        }
    }

    private void remember(String name, int atom) {
        byName.put(name, atom);
        byAtom.put(atom, name);
    }
}
