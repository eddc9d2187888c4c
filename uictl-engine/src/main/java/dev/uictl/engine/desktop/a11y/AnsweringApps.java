package dev.uictl.engine.desktop.a11y;

import dev.uictl.atspi.bus.AtspiConnection;
import dev.uictl.atspi.bus.AtspiException;
import dev.uictl.atspi.bus.Budget;
import dev.uictl.atspi.iface.ObjectRef;
import dev.uictl.atspi.walk.Desktop;
import dev.uictl.atspi.walk.NodeReader;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The applications that answer, with their top-level windows, and the ones that stayed silent. All are asked at once
 * and share one wait: a hung application neither stalls the others nor disappears without being named. Only
 * {@link #PER_APP} without an answer since it was first asked names an application silent (a busy one may take a few
 * hundred milliseconds); a caller whose time ends sooner gets {@link AtspiException.OutOfTime}. Applications that
 * left meanwhile are in neither list.
 */
record AnsweringApps(Map<Desktop.App, List<ObjectRef>> windows, List<Desktop.App> silent) {
    static final Duration PER_APP = Duration.ofMillis(800);

    /** Every application of the desktop; the questions for their names already count as asking them. */
    static AnsweringApps ask(AtspiConnection bus, Budget budget) {
        long askedAt = System.nanoTime();
        return ask(bus, new Desktop(bus).applications(budget), budget, askedAt);
    }

    static AnsweringApps ask(AtspiConnection bus, List<Desktop.App> apps, Budget budget) {
        return ask(bus, apps, budget, System.nanoTime());
    }

    private static AnsweringApps ask(AtspiConnection bus, List<Desktop.App> apps, Budget budget, long askedAt) {
        NodeReader reader = new NodeReader(bus);
        Map<Desktop.App, CompletableFuture<List<ObjectRef>>> asked = new LinkedHashMap<>();
        for (Desktop.App app : apps) {
            asked.put(app, reader.children(app.root()));
        }
        Budget wait = budget.atMost(Duration.ofNanos(Math.max(0, askedAt + PER_APP.toNanos() - System.nanoTime())));
        Map<Desktop.App, List<ObjectRef>> windows = new LinkedHashMap<>();
        List<Desktop.App> silent = new ArrayList<>();
        for (var e : asked.entrySet()) {
            String appBus = e.getKey().root().bus();
            try {
                windows.put(e.getKey(), AtspiConnection.await(e.getValue(), wait, appBus, "GetChildren"));
            } catch (AtspiException.Unresponsive | AtspiException.OutOfTime hung) {
                if (System.nanoTime() - askedAt < PER_APP.toNanos()) {
                    throw new AtspiException.OutOfTime(appBus, "GetChildren");
                }
                silent.add(e.getKey());
            } catch (AtspiException.ObjectGone | AtspiException.CallFailed departed) {
                // it left the bus meanwhile: nothing to offer, nothing withheld
            }
        }
        return new AnsweringApps(windows, List.copyOf(silent));
    }
}
