package dev.uictl.engine.desktop.a11y;

import dev.uictl.atspi.bus.AtspiConnection;
import dev.uictl.atspi.bus.AtspiException;
import dev.uictl.atspi.bus.Budget;
import dev.uictl.atspi.iface.Text;
import dev.uictl.atspi.walk.Desktop;
import dev.uictl.atspi.walk.States;
import dev.uictl.core.call.CallContext;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** {@code find}, {@code get} and {@code is}: element queries and single-property reads over live elements. */
public final class ElementQueries {
    public static final List<String> GET_PROPERTIES = List.of("text", "value", "name", "bounds", "role", "states",
            "actions");
    public static final List<String> IS_PROPERTIES = List.of("visible", "enabled", "checked", "focused", "expanded");

    private final SnapshotService snapshots;
    private final SnapshotStore store;

    public ElementQueries(SnapshotService snapshots) {
        this.snapshots = snapshots;
        this.store = snapshots.store();
    }

    @Describe("Elements matching a query, each with a ref of a query snapshot (qualified, so the session's latest "
            + "snapshot stays as it was)")
    public record Found(@Describe("the query as resolved (window selector >> terms)") String query,
                        @Describe("number of matches before --first/--nth/--limit") int count,
                        @Describe("the query snapshot the refs belong to") @Nullable String snapshotId,
                        @Describe("the matches, in document order (absent with --count)") @Nullable List<FoundElement> elements,
                        @Describe("applications that did not answer (hung or stopped): their elements may match too "
                                + "and are not counted") @Nullable List<SilentApp> unanswered) {
    }

    @Describe("An application that did not answer the search")
    public record SilentApp(@Describe("absent when it did not even tell its name") @Nullable String name,
                            long pid) {
        static SilentApp of(Desktop.App app) {
            return new SilentApp(app.name().isEmpty() ? null : app.name(), app.pid());
        }

        /** As a person would name it: "gedit (pid 42)", or "pid 43" when it did not tell its name. */
        @Override
        public String toString() {
            return name == null ? "pid " + pid : name + " (pid " + pid + ")";
        }
    }

    @Describe("One element a query found")
    public record FoundElement(@Describe("qualified ref: @<snapshot_id>:eN") String refId, String role,
                               @Nullable String name, @Nullable List<String> states, @Nullable Element.Rect bounds,
                               long pid) {
    }

    @Describe("One property of an element")
    public record Property(@Describe("the target as given") String target, String property,
                           @Describe("text, value, name or role; absent when the element has none") @Nullable String value,
                           @Describe("with --property bounds") @Nullable Element.Rect bounds,
                           @Describe("with --property states") @Nullable List<String> states,
                           @Describe("with --property actions: the names `uictl action` takes (empty when it has "
                                   + "none)") @Nullable List<String> actions) {
    }

    @Describe("Whether an element is in a state")
    public record Check(@Describe("the target as given") String target, String property, boolean result) {
    }

    /** Matches of {@code target}; {@code pick} is 0 (all, up to limit), or the 1-based match to keep. */
    public Found find(CallContext ctx, String target, boolean countOnly, int pick, int limit) {
        ElementResolver.Matches matches = snapshots.resolver().findAll(ctx, target);
        List<ElementResolver.Match> all = matches.found();
        if (all.isEmpty() && !matches.silent().isEmpty()) {
            throw AccessibilityErrors.silentApps(target, 0, matches.silent());
        }
        List<SilentApp> silent = matches.silent().isEmpty() ? null
                : matches.silent().stream().map(SilentApp::of).toList();
        if (countOnly) {
            return new Found(target, all.size(), null, null, silent);
        }
        List<ElementResolver.Match> shown = pick > 0 ? (pick <= all.size() ? List.of(all.get(pick - 1)) : List.of())
                : all.subList(0, Math.min(limit, all.size()));
        String id = store.nextId();
        Map<String, RefEntry> refs = new java.util.LinkedHashMap<>();
        List<FoundElement> out = new ArrayList<>();
        for (ElementResolver.Match m : shown) {
            String ref = "e" + (refs.size() + 1);
            long start = ProcessHandle.of(m.pid()).map(ElementResolver::processStart).orElse(0L);
            refs.put(ref, new RefEntry(ref, m.info().id(), m.pid(), start, m.info().role(), m.info().name(),
                    m.info().description(), m.path(), m.root(), m.bounds(), m.readBy(), null));
            List<String> states = ElementStates.notable(m.info().states());
            out.add(new FoundElement("@" + id + ":" + ref, ElementRoles.canonical(m.info()),
                    m.info().name().isEmpty() ? null : m.info().name(), states.isEmpty() ? null : states,
                    m.bounds() == null ? null : new Element.Rect(m.bounds().x(), m.bounds().y(), m.bounds().width(),
                            m.bounds().height()), m.pid()));
        }
        if (!refs.isEmpty()) {
            store.put(ctx.session(), new StoredSnapshot(id, shown.getFirst().root(), shown.getFirst().pid(),
                    Map.copyOf(refs), Map.of()), false);
        }
        return new Found(target, all.size(), refs.isEmpty() ? null : id, out, silent);
    }

    public Property get(CallContext ctx, String target, String property) {
        ResolvedElement e = snapshots.resolver().resolve(ctx, target);
        Budget budget = Budgets.of(ctx);
        AtspiConnection bus = snapshots.connections().connection(ctx);
        try {
            return switch (property) {
                case "name" -> new Property(target, property, e.info().name(), null, null, null);
                case "role" -> new Property(target, property, e.role(), null, null, null);
                case "states" -> new Property(target, property, null, null, ElementStates.notable(e.info().states()),
                        null);
                case "bounds" -> new Property(target, property, null, e.bounds() == null ? null
                        : new Element.Rect(e.bounds().x(), e.bounds().y(), e.bounds().width(), e.bounds().height()),
                        null, null);
                case "value" -> new Property(target, property, value(bus, e, budget), null, null, null);
                case "text" -> new Property(target, property, text(bus, e, budget), null, null, null);
                case "actions" -> new Property(target, property, null, null, null, actions(bus, e, budget));
                default -> throw badProperty(property, GET_PROPERTIES);
            };
        } catch (AtspiException x) {
            throw AccessibilityErrors.map(x);
        }
    }

    public Check is(CallContext ctx, String target, String property) {
        if (!IS_PROPERTIES.contains(property)) {
            throw badProperty(property, IS_PROPERTIES);
        }
        ResolvedElement e = snapshots.resolver().resolve(ctx, target);
        States s = e.info().states();
        boolean result = switch (property) {
            case "visible" -> ElementStates.visible(s);
            case "enabled" -> ElementStates.enabled(s);
            case "checked" -> s.has(States.CHECKED) || s.has(States.PRESSED);
            case "focused" -> s.has(States.FOCUSED);
            default -> s.has(States.EXPANDED);
        };
        return new Check(target, property, result);
    }

    private static String value(AtspiConnection bus, ResolvedElement e, Budget budget) {
        var f = ElementDetails.startValue(bus, e.info());
        return f == null ? null : ElementDetails.format(AtspiConnection.await(f, budget, e.id().bus(), "value"));
    }

    private static List<String> actions(AtspiConnection bus, ResolvedElement e, Budget budget) {
        ElementDetails.Detail d = ElementDetails.read(bus, List.of(e.info()), budget).get(e.id());
        return d == null || d.actions() == null ? List.of() : d.actions();
    }

    /** The element's text: Text interface content when it has one (not for passwords), else its name. */
    private static String text(AtspiConnection bus, ResolvedElement e, Budget budget) {
        if (e.info().role() != 40 && e.info().implementsInterface(Text.NAME)) {
            String t = bus.invoke(e.id(), Text.class, "GetText", budget, 0, -1);
            if (t != null) {
                return t;
            }
        }
        return e.info().name();
    }

    private static UictlException badProperty(String p, List<String> allowed) {
        return UictlException.of(ErrorCode.INVALID_ARGS, "unknown property '" + p + "'; use one of " + allowed)
                .withHint("Run e.g. `uictl " + (allowed.contains("text") ? "get" : "is") + " @e1 --property "
                        + allowed.getFirst() + "`.");
    }
}
