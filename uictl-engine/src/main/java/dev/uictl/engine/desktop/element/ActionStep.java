package dev.uictl.engine.desktop.element;

import dev.uictl.core.schema.Nullable;

/**
 * One entry of an action's call log: what was tried ({@code step}, e.g. "Action.DoAction(click)"), by which
 * mechanism, and its outcome: {@code delivered} (the application accepted it), {@code refused} (it answered no),
 * {@code skipped} (not applicable to this element or mode), {@code failed} (the call failed; see {@code detail}),
 * {@code unverified} (delivered, but the expected state did not follow).
 */
public record ActionStep(String step, String mechanism, String outcome, @Nullable String detail) {
}
