package dev.uictl.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * A keyboard mapping with no keycode to spare (every key bound to an ordinary keysym, as a full hardware layout
 * can be): a key or character the layout lacks cannot be sent, so press, hotkey, key-down, key-up and type are
 * ACTION_FAILED and leave the mapping as it was (xmodmap, on its own connection, is the oracle). Once one keycode is
 * empty again the same press goes through (the control).
 */
class FullKeymapTest {
    @RegisterExtension
    static final PrivateDesktopExtension DESKTOP = PrivateDesktopExtension.of(800, 600, 1, false, false);
    private static final Pattern ROW = Pattern.compile("keycode\\s+(\\d+) =\\s*(.*)");
    /** Keysyms uictl may borrow a keycode from: multimedia keys and F13 and up. */
    private static final Pattern EXOTIC = Pattern.compile("XF86\\w*|F(1[3-9]|2\\d|3[0-5])|NoSymbol");

    @TempDir
    Path work;

    @Test
    void aKeyTheFullLayoutLacksCannotBeSentAndTheMappingStaysAsItWas() throws Exception {
        List<Integer> filled = new ArrayList<>();
        List<String> fill = new ArrayList<>();
        for (String row : keymap().lines().toList()) {
            Matcher m = ROW.matcher(row);
            if (m.matches() && List.of(m.group(2).trim().split("\\s+")).stream()
                    .allMatch(k -> k.isEmpty() || EXOTIC.matcher(k).matches())) {
                filled.add(Integer.parseInt(m.group(1)));
                fill.add("keycode " + m.group(1) + " = Greek_alpha");
            }
        }
        assertThat(filled).as("the server's layout has spare keycodes to fill").isNotEmpty();
        Path script = Files.write(work.resolve("fill.xmodmap"), fill);
        assertThat(ExternalTool.run(DESKTOP.env(), "xmodmap", script.toString()).exit()).isZero();
        String full = keymap();
        assertThat(full.lines()).as("no empty keycode left").noneMatch(l -> l.matches("keycode\\s+\\d+ =\\s*"));

        for (List<String> argv : List.of(List.of("press", "f35"), List.of("hotkey", "ctrl+f35"),
                List.of("key-down", "f35"), List.of("key-up", "f35"), List.of("type", "\u2603"))) {
            JsonNode e = run(argv.toArray(String[]::new));
            assertThat(e.get("success").asBoolean()).as(e.toString()).isFalse();
            assertThat(e.get("error").get("code").asString()).as(argv + ": " + e).isEqualTo("ACTION_FAILED");
        }
        assertThat(keymap()).as("nothing remapped").isEqualTo(full);

        assertThat(ExternalTool.run(DESKTOP.env(), "xmodmap", "-e", "keycode " + filled.getLast() + " =").exit())
                .isZero();
        JsonNode control = run("press", "f35");
        assertThat(control.get("success").asBoolean()).as("with one keycode empty again: " + control).isTrue();
    }

    private static String keymap() {
        return ExternalTool.run(DESKTOP.env(), "xmodmap", "-pke").text();
    }

    private static JsonNode run(String... argv) {
        return ContractAssert.envelope(UictlRun.run(DESKTOP.env(), "", argv));
    }
}
