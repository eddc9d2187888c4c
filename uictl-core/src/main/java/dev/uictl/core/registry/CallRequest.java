package dev.uictl.core.registry;

import dev.uictl.core.call.Cancellation;
import dev.uictl.core.envelope.Envelope;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;

/**
 * One structured command call — serve's {@code {"command":…,"args":{…}}} form, a batch object, an MCP tools/call:
 * a command name or alias and its arguments as JSON, bound by {@link JsonArgs} without an argv round trip.
 *
 * @param session      the refs/snapshots namespace; null for the caller's (UICTL_SESSION or "default")
 * @param cancellation this call's own token (an MCP client may cancel one call of many); null for the caller's
 * @param emitted      receives the intermediate envelopes a streaming command emits; null writes them to the
 *                     caller's output like a command-line run does
 */
public record CallRequest(String command, JsonNode args, String session, Cancellation cancellation,
                          Consumer<Envelope> emitted) {

    public static CallRequest of(String command, JsonNode args) {
        return new CallRequest(command, args, null, null, null);
    }
}
