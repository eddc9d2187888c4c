package dev.uictl.core.envelope;

import dev.uictl.core.schema.Nullable;
import java.util.List;

/** Optional guidance for agents; dropped by --terse. */
public record AgentHints(@Nullable String summary, @Nullable Integer nextOffset, @Nullable String suggestedAction,
                         @Nullable List<String> warnings) {
    public static AgentHints summary(String summary) {
        return new AgentHints(summary, null, null, null);
    }

    public AgentHints withNextOffset(Integer offset) {
        return new AgentHints(summary, offset, suggestedAction, warnings);
    }

    public AgentHints withWarnings(List<String> newWarnings) {
        return new AgentHints(summary, nextOffset, suggestedAction, newWarnings.isEmpty() ? null : newWarnings);
    }

    public AgentHints withSuggestedAction(String action) {
        return new AgentHints(summary, nextOffset, action, warnings);
    }
}
