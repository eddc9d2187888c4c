package dev.uictl.vt.keys;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uictl.vt.KeyModes;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class KeyEncoderTest {

    private static final KeyModes NORMAL = KeyModes.DEFAULT;
    private static final KeyModes APPLICATION = new KeyModes(true, true, false);

    /** Readable form: ESC as "^[", other controls as ^X, DEL as ^?. */
    private static String show(byte[] bytes) {
        var sb = new StringBuilder();
        for (byte b : bytes) {
            int c = b & 0xFF;
            if (c == 0x1B) sb.append("^[");
            else if (c < 0x20) sb.append('^').append((char) (c + 64));
            else if (c == 0x7F) sb.append("^?");
            else sb.append((char) c);
        }
        return sb.toString();
    }

    @ParameterizedTest(name = "{0} -> {1} / {2}")
    @CsvSource(delimiter = '|', quoteCharacter = '\'', value = {
            // key | normal mode | DECCKM + DECKPAM
            "Enter | ^M | ^M",
            "Tab | ^I | ^I",
            "S-Tab | ^[[Z | ^[[Z",
            "BTab | ^[[Z | ^[[Z",
            "Escape | ^[ | ^[",
            "BSpace | ^? | ^?",
            "C-BSpace | ^H | ^H",
            "M-BSpace | ^[^? | ^[^?",
            "Space | ' ' | ' '",
            "C-Space | ^@ | ^@",
            "Up | ^[[A | ^[OA",
            "Down | ^[[B | ^[OB",
            "Right | ^[[C | ^[OC",
            "Left | ^[[D | ^[OD",
            "Home | ^[[H | ^[OH",
            "End | ^[[F | ^[OF",
            "IC | ^[[2~ | ^[[2~",
            "Insert | ^[[2~ | ^[[2~",
            "DC | ^[[3~ | ^[[3~",
            "Delete | ^[[3~ | ^[[3~",
            "PgUp | ^[[5~ | ^[[5~",
            "PageUp | ^[[5~ | ^[[5~",
            "PgDn | ^[[6~ | ^[[6~",
            "PageDown | ^[[6~ | ^[[6~",
            "F1 | ^[OP | ^[OP",
            "F4 | ^[OS | ^[OS",
            "F5 | ^[[15~ | ^[[15~",
            "F6 | ^[[17~ | ^[[17~",
            "F10 | ^[[21~ | ^[[21~",
            "F11 | ^[[23~ | ^[[23~",
            "F12 | ^[[24~ | ^[[24~",
            "S-Up | ^[[1;2A | ^[[1;2A",
            "C-Left | ^[[1;5D | ^[[1;5D",
            "M-Up | ^[[1;3A | ^[[1;3A",
            "C-S-Right | ^[[1;6C | ^[[1;6C",
            "S-F5 | ^[[15;2~ | ^[[15;2~",
            "C-F1 | ^[[1;5P | ^[[1;5P",
            "C-Delete | ^[[3;5~ | ^[[3;5~",
            "C-c | ^C | ^C",
            "C-a | ^A | ^A",
            "C-z | ^Z | ^Z",
            "C-[ | ^[ | ^[",
            "C-\\ | ^\\ | ^\\",
            "C-] | ^] | ^]",
            "C-_ | ^_ | ^_",
            "C-? | ^? | ^?",
            "^c | ^C | ^C",
            "M-x | ^[x | ^[x",
            "M-f | ^[f | ^[f",
            "C-M-a | ^[^A | ^[^A",
            "M-Enter | ^[^M | ^[^M",
            "S-a | A | A",
            "x | x | x",
            "- | - | -",
            "M-- | ^[- | ^[-",
            "KP5 | 5 | ^[Ou",
            "KPEnter | ^M | ^[OM",
            "KP* | * | ^[Oj",
    })
    void encodesKeysPerMode(String key, String normal, String application) {
        assertThat(show(KeyEncoder.encode(key, NORMAL))).isEqualTo(normal);
        assertThat(show(KeyEncoder.encode(key, APPLICATION))).isEqualTo(application);
    }

    @Test
    void namesAreCaseInsensitive() {
        assertThat(KeyEncoder.encode("enter", NORMAL)).isEqualTo(new byte[]{'\r'});
        assertThat(KeyEncoder.encode("PGUP", NORMAL)).isEqualTo(KeyEncoder.encode("PgUp", NORMAL));
    }

    @Test
    void aSingleCharacterStandsForItselfInUtf8() {
        assertThat(KeyEncoder.encode("é", NORMAL)).isEqualTo("é".getBytes(StandardCharsets.UTF_8));
        assertThat(KeyEncoder.encode("🚀", NORMAL)).isEqualTo("🚀".getBytes(StandardCharsets.UTF_8));
        assertThat(KeyEncoder.encode("M-é", NORMAL)).isEqualTo("\033é".getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void unknownKeysNameTheKeyAndTheValidForms() {
        assertThatThrownBy(() -> KeyEncoder.encode("F13", NORMAL))
                .isInstanceOf(KeySyntaxException.class)
                .hasMessageContaining("'F13'")
                .hasMessageContaining("Enter")
                .hasMessageContaining("C-c")
                .satisfies(e -> assertThat(((KeySyntaxException) e).key()).isEqualTo("F13"));
        assertThatThrownBy(() -> KeyEncoder.encode("", NORMAL)).isInstanceOf(KeySyntaxException.class);
        assertThatThrownBy(() -> KeyEncoder.encode("X-a", NORMAL)).isInstanceOf(KeySyntaxException.class);
    }

    /** xterm has no bytes for these chords: it would send the key without the modifier, so they are refused. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "C-Tab | Ctrl+Tab", "C-S-Tab | Ctrl+Tab", "C-BTab | Ctrl+BTab", "S-Space | Shift+Space",
            "C-Enter | Ctrl+Enter", "S-Enter | Shift+Enter", "C-Escape | Ctrl+Escape", "S-BSpace | Shift+BSpace",
            "C-KP5 | Ctrl+KP5", "S-KPEnter | Shift+KPENTER", "S-1 | Shift+1", "C-1 | Ctrl+1", "C-é | Ctrl+é",
            "C-S-a | Ctrl+Shift+a", "M-S-; | Shift+;"})
    void chordsWithoutAnEncodingAreRefusedNotSentAsAnotherKey(String key, String chord) {
        for (KeyModes modes : new KeyModes[]{NORMAL, APPLICATION}) {
            assertThatThrownBy(() -> KeyEncoder.encode(key, modes))
                    .isInstanceOf(KeySyntaxException.class)
                    .hasMessageContaining("'" + key + "'")
                    .hasMessageContaining(chord + " has no encoding")
                    .satisfies(e -> assertThat(((KeySyntaxException) e).key()).isEqualTo(key));
        }
    }

    @Test
    void pasteIsBracketedOnlyWhenTheProgramAskedForIt() {
        assertThat(KeyEncoder.paste("a\nb", NORMAL)).isEqualTo("a\nb".getBytes(StandardCharsets.UTF_8));
        var bracketed = new KeyModes(false, false, true);
        assertThat(new String(KeyEncoder.paste("a\nb", bracketed), StandardCharsets.UTF_8))
                .isEqualTo("\033[200~a\nb\033[201~");
        assertThat(new String(KeyEncoder.paste("x\033[201~y", bracketed), StandardCharsets.UTF_8))
                .isEqualTo("\033[200~xy\033[201~");
    }
}
