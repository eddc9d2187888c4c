package dev.uictl.engine.scenario.replay;

import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;
import java.util.List;

/** One entry of diff.json: a mismatching item and its line-level diff. */
@Describe("A line-level diff of one mismatching artifact")
public record DiffEntry(String kind, @Nullable Integer index, @Nullable String path, List<LineDiff.Line> diff) {
}
