package dev.uictl.engine.desktop.a11y;

import dev.uictl.atspi.bus.AccessibleId;
import dev.uictl.atspi.bus.AtspiConnection;
import dev.uictl.atspi.bus.AtspiException;
import dev.uictl.atspi.bus.Budget;
import dev.uictl.atspi.iface.ObjectRef;
import dev.uictl.atspi.iface.Rect;
import dev.uictl.atspi.walk.Bounds;
import dev.uictl.atspi.walk.Desktop;
import dev.uictl.atspi.walk.NodeReader;
import dev.uictl.engine.desktop.model.Window;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Top-level accessible windows of applications, and their match to X windows: same pid, then the title, then the X
 * client area lying inside the accessible's extents (GTK reports the WM frame around it).
 */
final class TopLevels {
    private TopLevels() {
    }

    static List<TopLevel> of(AtspiConnection bus, List<Desktop.App> apps, Budget budget) {
        return of(bus, AnsweringApps.ask(bus, apps, budget), budget);
    }

    /** The windows of the applications that answered (a hung application has no windows to offer). */
    static List<TopLevel> of(AtspiConnection bus, AnsweringApps answering, Budget budget) {
        NodeReader reader = new NodeReader(bus);
        record Pending(Desktop.App app, NodeReader.PendingInfo info, CompletableFuture<Rect> extents) {
        }
        List<Pending> pending = new ArrayList<>();
        answering.windows().forEach((app, refs) -> {
            for (ObjectRef r : refs) {
                AccessibleId id = AccessibleId.of(r);
                pending.add(new Pending(app, reader.start(id), reader.extents(id)));
            }
        });
        List<TopLevel> out = new ArrayList<>();
        for (Pending p : pending) {
            try {
                Budget b = budget.atMost(AnsweringApps.PER_APP);
                out.add(new TopLevel(p.app(), p.info().await(b),
                        Bounds.of(AtspiConnection.await(p.extents(), b, p.app().root().bus(), "GetExtents"))));
            } catch (AtspiException.Unresponsive | AtspiException.ObjectGone | AtspiException.CallFailed skip) {
                // a window that hung or closed meanwhile is not offered
            }
        }
        return out;
    }

    /** The accessible window an X window shows, if its application is accessible. */
    static Optional<TopLevel> match(Window w, List<TopLevel> tops) {
        TopLevel best = null;
        int bestScore = 0;
        for (TopLevel t : tops) {
            if (w.pid() == null || t.app().pid() != w.pid()) {
                continue;
            }
            int score = 1;
            if (t.info().name().equals(w.title())) {
                score += 4;
            }
            if (contains(t.bounds(), w)) {
                score += 2;
            }
            if (t.info().states().has(dev.uictl.atspi.walk.States.SHOWING)) {
                score += 1;
            }
            if (score > bestScore) {
                best = t;
                bestScore = score;
            }
        }
        return Optional.ofNullable(best);
    }

    /** The X window showing an accessible window. */
    static Optional<Window> match(TopLevel t, List<Window> windows) {
        Window best = null;
        int bestScore = 0;
        for (Window w : windows) {
            if (w.pid() == null || t.app().pid() != w.pid()) {
                continue;
            }
            int score = 1 + (t.info().name().equals(w.title()) ? 4 : 0) + (contains(t.bounds(), w) ? 2 : 0);
            if (score > bestScore) {
                best = w;
                bestScore = score;
            }
        }
        return Optional.ofNullable(best);
    }

    private static boolean contains(Bounds b, Window w) {
        return b != null && !b.isEmpty() && w.x() >= b.x() && w.y() >= b.y()
                && w.x() + w.width() <= b.x() + b.width() && w.y() + w.height() <= b.y() + b.height();
    }
}
