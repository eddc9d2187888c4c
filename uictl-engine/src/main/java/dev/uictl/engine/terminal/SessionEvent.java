package dev.uictl.engine.terminal;

import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;

/** Something that happened in a session besides screen content. */
@Describe("A session event: title change, bell, unsupported sequence, resize, output budget or exit")
public record SessionEvent(@Describe("Increasing per session") long seq,
                           @Describe("Milliseconds since the session was opened") long atMs,
                           @Describe("title | bell | unsupported | resize | output_budget | exit") String type,
                           @Nullable @Describe("The new title, the sequence, the size, the exit status…") String detail) {
}
