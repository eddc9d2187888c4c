package dev.uictl.engine.desktop.model;

import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;
import java.util.List;

@Describe("A started program")
public record LaunchResult(long pid, List<String> command,
                           @Describe("its first window, when --wait-window was given") @Nullable Window window,
                           @Nullable Long elapsedMs) {
}
