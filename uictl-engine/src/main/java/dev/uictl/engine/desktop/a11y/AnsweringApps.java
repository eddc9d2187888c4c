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
 * The applications that answer, with their top-level windows, and the ones that stayed silent. All are asked at once;
 * each gets {@link #PER_APP} for its answer, so a hung application neither stalls the others nor disappears without
 * being named. Applications that left meanwhile are in neither list.
 */
record AnsweringApps(Map<Desktop.App, List<ObjectRef>> windows, List<Desktop.App> silent) {
    static final Duration PER_APP = Duration.ofMillis(800);

    static AnsweringApps ask(AtspiConnection bus, List<Desktop.App> apps, Budget budget) {
        NodeReader reader = new NodeReader(bus);
        Map<Desktop.App, CompletableFuture<List<ObjectRef>>> asked = new LinkedHashMap<>();
        for (Desktop.App app : apps) {
            asked.put(app, reader.children(app.root()));
        }
        Map<Desktop.App, List<ObjectRef>> windows = new LinkedHashMap<>();
        List<Desktop.App> silent = new ArrayList<>();
        for (var e : asked.entrySet()) {
            try {
                windows.put(e.getKey(), AtspiConnection.await(e.getValue(), budget.atMost(PER_APP),
                        e.getKey().root().bus(), "GetChildren"));
            } catch (AtspiException.Unresponsive hung) {
                silent.add(e.getKey());
            } catch (AtspiException.ObjectGone | AtspiException.CallFailed departed) {
                // it left the bus meanwhile: nothing to offer, nothing withheld
            }
        }
        return new AnsweringApps(windows, List.copyOf(silent));
    }
}
