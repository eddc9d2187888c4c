package dev.uictl.engine.tmux;

import dev.uictl.tmux.command.PaneInfo;
import java.util.ArrayList;
import java.util.List;

/**
 * The panes a call acts on: the listed selectors, every pane ({@code --all}), or (neither) the session's active
 * pane.
 */
public record PaneTargets(List<PaneSelector> selectors, boolean all) {
    public static final PaneTargets ACTIVE = new PaneTargets(List.of(), false);
    public static final PaneTargets ALL = new PaneTargets(List.of(), true);

    public PaneTargets {
        selectors = List.copyOf(selectors);
    }

    List<PaneInfo> resolve(String session, List<PaneInfo> panes) {
        if (all) {
            return panes;
        }
        if (selectors.isEmpty()) {
            return panes.stream().filter(p -> p.active() && p.windowActive()).findFirst()
                    .map(List::of).orElse(panes.isEmpty() ? List.of() : List.of(panes.getFirst()));
        }
        List<PaneInfo> out = new ArrayList<>();
        for (PaneSelector s : selectors) {
            PaneInfo p = s.resolve(session, panes);
            if (!out.contains(p)) {
                out.add(p);
            }
        }
        return out;
    }
}
