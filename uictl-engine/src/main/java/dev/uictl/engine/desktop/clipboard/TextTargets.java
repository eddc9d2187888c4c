package dev.uictl.engine.desktop.clipboard;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The conversion targets uictl offers for text it owns, and how each is encoded (ICCCM, plus the MIME names GTK
 * and Qt ask for). Latin-1 targets replace characters outside Latin-1 with '?'.
 */
final class TextTargets {
    static final String TARGETS = "TARGETS";
    static final String TIMESTAMP = "TIMESTAMP";
    static final String UTF8_STRING = "UTF8_STRING";
    static final String STRING = "STRING";
    /** Every target answered, in the order TARGETS lists them. */
    static final List<String> OFFERED = List.of(TARGETS, TIMESTAMP, UTF8_STRING, "text/plain;charset=utf-8",
            "TEXT", STRING, "text/plain");

    private TextTargets() {
    }

    /** Whether an owner's answer of property type {@code type} is text (the ICCCM text types, any text/ MIME type). */
    static boolean isText(String type) {
        return switch (type) {
            case UTF8_STRING, STRING, "TEXT", "COMPOUND_TEXT" -> true;
            default -> type.startsWith("text/");
        };
    }

    /** The bytes for a text target, or null when the target is not a text target we serve. */
    static byte[] encode(String target, String text) {
        return switch (target) {
            case UTF8_STRING, "text/plain;charset=utf-8", "TEXT" -> text.getBytes(StandardCharsets.UTF_8);
            case STRING, "text/plain" -> latin1(text);
            default -> null;
        };
    }

    /** The property type to store a text target's bytes with: the MIME targets are their own type. */
    static String typeOf(String target) {
        return switch (target) {
            case "TEXT" -> UTF8_STRING;
            default -> target;
        };
    }

    private static byte[] latin1(String text) {
        CharsetEncoder encoder = StandardCharsets.ISO_8859_1.newEncoder()
                .onUnmappableCharacter(CodingErrorAction.REPLACE).onMalformedInput(CodingErrorAction.REPLACE)
                .replaceWith(new byte[] {'?'});
        try {
            ByteBuffer out = encoder.encode(CharBuffer.wrap(text));
            byte[] bytes = new byte[out.remaining()];
            out.get(bytes);
            return bytes;
        } catch (CharacterCodingException e) {
            throw new IllegalStateException("Latin-1 encoding with replacement cannot fail", e);
        }
    }
}
