package dev.uictl.core.render;

import dev.toonformat.jtoon.JToon;
import dev.uictl.core.envelope.Envelope;
import dev.uictl.core.json.Json;

/** Turns an envelope into the bytes of one reply in the chosen format; always ends with a newline. */
public final class Renderer {
    private Renderer() {
    }

    public static String render(Envelope envelope, RenderOptions options) {
        // Text keeps the record's own compact rendering; the structured formats get its terse form.
        Envelope e = !options.terse() ? envelope
                : options.format() == Format.TEXT ? envelope.withoutHints() : envelope.terse();
        String body = switch (options.format()) {
            case JSON -> options.pretty() ? Json.writePretty(e) : Json.write(e);
            case TOON -> JToon.encodeJson(Json.write(e));
            case TEXT -> TextRenderer.render(e);
            case MD -> MarkdownRenderer.render(e);
        };
        return body.endsWith("\n") ? body : body + "\n";
    }
}
