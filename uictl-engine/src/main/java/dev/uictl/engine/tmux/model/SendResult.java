package dev.uictl.engine.tmux.model;

import dev.uictl.core.schema.Describe;
import java.util.List;

@Describe("A message sent to tmux panes")
public record SendResult(String session,
                         @Describe("The weakest delivery among the panes") String delivery,
                         @Describe("Where each pane's output stood when Enter went (without Enter: once the text "
                                 + "was echoed): pass it to `tmux wait --since` to see the response even if it "
                                 + "arrived before the wait began") String since,
                         List<PaneDelivery> panes) {
}
