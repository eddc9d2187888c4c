package dev.uictl.engine.tmux.model;

import dev.uictl.core.schema.Describe;
import java.util.List;

@Describe("A message sent to tmux panes")
public record SendResult(String session,
                         @Describe("The weakest delivery among the panes") String delivery,
                         List<PaneDelivery> panes) {
}
