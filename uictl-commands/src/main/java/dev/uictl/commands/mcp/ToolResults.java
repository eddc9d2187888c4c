package dev.uictl.commands.mcp;

import dev.uictl.commands.observe.ScreenshotCommand.Screenshot;
import dev.uictl.core.envelope.Envelope;
import dev.uictl.core.json.Json;
import dev.uictl.core.render.Format;
import dev.uictl.core.render.RenderOptions;
import dev.uictl.core.render.Renderer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * An envelope as an MCP tool result: the envelope itself as structuredContent (for revisions that have it), its
 * compact text form as the text content, isError when it failed (the error's code, hint, details and delivery are
 * in both forms), and a screenshot's image as image content so a model can look at it.
 */
final class ToolResults {
    /** Images larger than this stay a path: a model's context is no place for them. */
    static final long MAX_IMAGE_BYTES = 8L << 20;

    private ToolResults() {
    }

    static ObjectNode of(Envelope envelope, ProtocolRevision revision) {
        ObjectNode structured = (ObjectNode) Json.tree(envelope);
        ArrayNode content = Json.mapper().createArrayNode();
        ObjectNode image = envelope.data() instanceof Screenshot shot ? image(shot) : null;
        if (image != null && structured.get("data").has("base64")) {
            // the image content carries the pixels; repeating them as base64 text would double the tokens
            ((ObjectNode) structured.get("data")).remove("base64");
        }
        ObjectNode text = content.addObject();
        text.put("type", "text");
        text.put("text", Renderer.render(envelope.withId(null), new RenderOptions(Format.TEXT, false, false))
                .stripTrailing());
        if (image != null) {
            content.add(image);
        }
        ObjectNode result = Json.object();
        result.set("content", content);
        if (revision.hasStructuredOutput()) {
            result.set("structuredContent", structured);
        }
        result.put("isError", !envelope.success());
        return result;
    }

    /** The screenshot's picture, from its inline base64 or its file; null when it is too large to inline. */
    private static ObjectNode image(Screenshot shot) {
        String base64 = shot.base64();
        if (base64 == null) {
            try {
                Path path = Path.of(shot.path());
                if (Files.size(path) > MAX_IMAGE_BYTES) {
                    return null;
                }
                base64 = Base64.getEncoder().encodeToString(Files.readAllBytes(path));
            } catch (IOException e) {
                return null;
            }
        } else if (shot.bytes() > MAX_IMAGE_BYTES) {
            return null;
        }
        ObjectNode image = Json.object();
        image.put("type", "image");
        image.put("data", base64);
        image.put("mimeType", shot.format().equals("jpeg") ? "image/jpeg" : "image/png");
        return image;
    }
}
