package dev.uictl.engine.desktop.model;

import dev.uictl.core.page.Pagination;
import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;
import java.util.List;

@Describe("Managed windows, topmost first; refs renumbered from w1 by this listing")
public record WindowList(List<Window> windows, Pagination pagination, @Nullable Filters filters) {
    @Describe("Filters that narrowed the list")
    public record Filters(@Nullable String app) {
    }
}
