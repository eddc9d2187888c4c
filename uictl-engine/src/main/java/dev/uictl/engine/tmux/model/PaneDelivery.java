package dev.uictl.engine.tmux.model;

import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;

@Describe("How a message reached one pane, with the evidence")
public record PaneDelivery(
        @Describe("W.P") String pane,
        String paneId,
        @Describe("keys (literal send-keys in chunks) or paste (bracketed paste buffer)") String mode,
        int chunks,
        @Describe("UTF-8 bytes of the message") int bytes,
        @Describe("The visible screen showed the end of the message before Enter") boolean echoSeen,
        @Describe("Bytes the pane wrote after the text was sent") long outputAfterText,
        boolean enterSent,
        @Describe("The pane wrote output after Enter (the program reacted)") boolean reactedToEnter,
        @Nullable @Describe("Bytes of the message still waiting in the pane's terminal for its program to read them "
                + "(it is stopped or busy: the terminal itself echoed them); null when the terminal could not be "
                + "looked at") Integer unreadBytes,
        @Describe("delivered_verified when the screen showed the text (and, with Enter, the program reacted) and the "
                + "program read what it was sent; else delivered_unverified") String delivery,
        long elapsedMs) {
}
