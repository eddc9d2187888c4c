package dev.uictl.engine.desktop.input;

import dev.uictl.engine.desktop.connection.DisplayConnections;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uictl.core.error.Delivery;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.testkit.Poll;
import dev.uictl.x11.keysym.Keysyms;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** XTEST input checked against xev's log of what a real client window received. */
class InputServiceTest {
    private static Path runtime;
    private static TestDesktops desktop;
    private static final DisplayConnections connections = new DisplayConnections();
    private static InputService input;
    private static XevLog xev;
    private static int[] origin;
    private InputTestContext ctx;

    @BeforeAll
    static void start() throws Exception {
        runtime = Files.createTempDirectory("uictl-input-");
        desktop = new TestDesktops(runtime, "input");
        Path log = runtime.resolve("xev.log");
        desktop.launch(log, Map.of(), "stdbuf", "-oL", "xev", "-geometry", "500x400+20+20",
                "-event", "keyboard", "-event", "button", "-event", "mouse");
        String id = desktop.activate("^Event Tester$");
        origin = desktop.origin(id);
        xev = new XevLog(log);
        input = new InputService(connections);
    }

    @AfterAll
    static void stop() throws Exception {
        if (input != null) {
            input.close();
        }
        connections.close();
        if (desktop != null) {
            desktop.close();
        }
        try (var walk = Files.walk(runtime)) {
            walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    @BeforeEach
    void fresh() {
        ctx = new InputTestContext(desktop.env());
        xev.mark();
    }

    private static Point inside(int dx, int dy) {
        return new Point(origin[0] + dx, origin[1] + dy);
    }

    @Test
    void clicksArriveAtTheExactPointWithTheChosenButton() throws Exception {
        Point a = inside(40, 50);
        Point b = inside(300, 211);
        PointerResult left = input.click(ctx, "click", a, null, MouseButton.LEFT, 1, null);
        input.click(ctx, "click", b, null, MouseButton.RIGHT, 1, null);
        input.click(ctx, "click", b, null, MouseButton.MIDDLE, 2, null);

        List<XevLog.Event> presses = xev.await(XevLog.count("ButtonPress", 4)).stream()
                .filter(e -> e.type().equals("ButtonPress")).toList();
        assertThat(presses).extracting(XevLog.Event::button).containsExactly(1, 3, 2, 2);
        assertThat(presses.getFirst().root()).containsExactly(a.x(), a.y());
        assertThat(presses.get(1).root()).containsExactly(b.x(), b.y());
        assertThat(left.delivery()).isEqualTo("delivered_unverified");
        assertThat(left.x()).isEqualTo(a.x());
    }

    @Test
    void modifiersAreHeldDuringTheClickAndReleasedAfter() throws Exception {
        Point p = inside(77, 88);
        PointerResult r = input.click(ctx, "click", p, null, MouseButton.LEFT, 1, KeyCombo.of(List.of("ctrl", "shift")));

        List<XevLog.Event> events = xev.await(XevLog.count("KeyRelease", 2));
        XevLog.Event press = events.stream().filter(e -> e.type().equals("ButtonPress")).findFirst().orElseThrow();
        // Core state bits: Shift 0x1, Control 0x4.
        assertThat(press.text()).contains("state 0x5");
        assertThat(events.stream().filter(e -> e.type().equals("KeyRelease")).map(XevLog.Event::keysymName))
                .containsExactly("Shift_L", "Control_L");
        assertThat(r.modifiers()).containsExactly("Control_L", "Shift_L");
    }

    @Test
    void typedTextArrivesAsExactlyThoseKeysymsIncludingOnesTheLayoutLacks() throws Exception {
        String text = "aZ!é€✓日";
        TypeResult r = input.type(ctx, text, 0);

        List<Integer> expected = text.codePoints().map(Keysyms::forCodePoint).boxed().toList();
        List<XevLog.Event> presses = xev.await(events -> typedKeys(events).size() >= expected.size());
        assertThat(typedKeys(presses)).containsExactlyElementsOf(expected);
        assertThat(r.remapped()).containsExactly("eacute", "U20AC", "U2713", "U65E5");
        assertThat(r.chars()).isEqualTo(7);
    }

    @Test
    void remappedKeycodesAreRestoredOnceTypingIsIdle() throws Exception {
        // Closing the service restores whatever earlier tests left remapped, at once: a clean baseline.
        input.close();
        input = new InputService(connections);
        String before = desktop.run("xmodmap", "-pke");
        input.type(ctx, "ñ", 0);
        xev.await(events -> typedKeys(events).contains(0xf1));

        Poll.until("keymap restored", () -> {
            try {
                return desktop.run("xmodmap", "-pke").equals(before);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        });
    }

    @Test
    void aComboPressesInOrderAndReleasesInReverse() throws Exception {
        KeyResult r = input.press(ctx, "press", KeyCombo.parse("ctrl+shift+t"));

        List<XevLog.Event> events = xev.await(XevLog.count("KeyRelease", 3));
        List<XevLog.Event> presses = events.stream().filter(e -> e.type().equals("KeyPress")).toList();
        List<XevLog.Event> releases = events.stream().filter(e -> e.type().equals("KeyRelease")).toList();
        assertThat(presses).extracting(XevLog.Event::keysymName).containsExactly("Control_L", "Shift_L", "T");
        assertThat(releases).extracting(XevLog.Event::keycode)
                .containsExactlyElementsOf(presses.stream().map(XevLog.Event::keycode).toList().reversed());
        assertThat(r.keys()).extracting(KeyInfo::name).containsExactly("Control_L", "Shift_L", "t");
        assertThat(r.held()).isEmpty();
    }

    @Test
    void namedKeysAndShiftedCharactersAddShiftOnlyWhenNeeded() throws Exception {
        input.press(ctx, "press", KeyCombo.parse("f5"));
        input.press(ctx, "press", KeyCombo.parse("enter"));
        input.press(ctx, "press", KeyCombo.parse("ctrl++"));

        List<XevLog.Event> events = xev.await(XevLog.count("KeyRelease", 5));
        assertThat(events.stream().filter(e -> e.type().equals("KeyPress")).map(XevLog.Event::keysymName).toList())
                .containsExactly("F5", "Return", "Control_L", "Shift_L", "plus");
    }

    @Test
    void wheelScrollsAreButtonsFourToSeven() throws Exception {
        input.move(ctx, inside(100, 100));
        PointerResult down = input.scroll(ctx, 3, false);
        input.scroll(ctx, -2, true);

        List<XevLog.Event> presses = xev.await(XevLog.count("ButtonPress", 5)).stream()
                .filter(e -> e.type().equals("ButtonPress")).toList();
        assertThat(presses).extracting(XevLog.Event::button).containsExactly(5, 5, 5, 6, 6);
        assertThat(down.button()).isEqualTo("wheel-down");
    }

    @Test
    void dragPressesAtTheStartMovesAndReleasesAtTheEnd() throws Exception {
        Point from = inside(50, 60);
        Point to = inside(250, 160);
        input.drag(ctx, from, to, MouseButton.LEFT);

        List<XevLog.Event> events = xev.await(XevLog.count("ButtonRelease", 1));
        XevLog.Event press = events.stream().filter(e -> e.type().equals("ButtonPress")).findFirst().orElseThrow();
        XevLog.Event release = events.stream().filter(e -> e.type().equals("ButtonRelease")).findFirst().orElseThrow();
        assertThat(press.root()).containsExactly(from.x(), from.y());
        assertThat(release.root()).containsExactly(to.x(), to.y());
        assertThat(events.stream().filter(e -> e.type().equals("MotionNotify")).count()).isGreaterThan(1);
    }

    @Test
    void heldKeysAndButtonsAreReleasedWhenTheClientGoesAway() throws Exception {
        input.move(ctx, inside(120, 120));
        KeyResult held = input.keyDown(ctx, KeyCombo.parse("shift"));
        PointerResult button = input.button(ctx, MouseButton.LEFT, true, null);
        assertThat(held.held()).containsExactly("Shift_L");
        assertThat(button.heldButtons()).containsExactly("left");
        xev.await(events -> events.stream().anyMatch(e -> e.type().equals("ButtonPress")));

        ctx.disconnect();

        List<XevLog.Event> events = xev.await(events2 -> events2.stream().anyMatch(e -> e.type().equals("KeyRelease"))
                && events2.stream().anyMatch(e -> e.type().equals("ButtonRelease")));
        assertThat(events.stream().filter(e -> e.type().equals("KeyRelease")).map(XevLog.Event::keysymName))
                .containsExactly("Shift_L");
        KeyResult after = input.press(new InputTestContext(desktop.env()), "press", KeyCombo.parse("a"));
        assertThat(after.held()).isEmpty();
    }

    @Test
    void keyUpReleasesWhatKeyDownHeld() throws Exception {
        input.keyDown(ctx, KeyCombo.parse("ctrl+alt"));
        KeyResult up = input.keyUp(ctx, KeyCombo.parse("ctrl+alt"));

        List<XevLog.Event> events = xev.await(XevLog.count("KeyRelease", 2));
        assertThat(events.stream().filter(e -> e.type().equals("KeyRelease")).map(XevLog.Event::keysymName))
                .containsExactly("Alt_L", "Control_L");
        assertThat(up.held()).isEmpty();
    }

    @Test
    void pointsOutsideTheScreenAreRefusedBeforeAnythingIsSent() {
        assertThatThrownBy(() -> input.click(ctx, "click", new Point(5000, 10), null, MouseButton.LEFT, 1, null))
                .isInstanceOfSatisfying(UictlException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGS);
                    assertThat(e.delivery()).isEqualTo(Delivery.NOT_DELIVERED);
                });
    }

    @Test
    void withoutAReachableDisplayInputIsADependencyMissingNamingDesktopUp() {
        for (Map<String, String> env : List.of(Map.<String, String>of(), Map.of("DISPLAY", ":4999"))) {
            assertThatThrownBy(() -> input.move(new InputTestContext(env), new Point(1, 1)))
                    .isInstanceOfSatisfying(UictlException.class, e -> {
                        assertThat(e.code()).isEqualTo(ErrorCode.DEPENDENCY_MISSING);
                        assertThat(e.hint()).contains("uictl desktop up");
                        assertThat(e.delivery()).isEqualTo(Delivery.NOT_DELIVERED);
                    });
        }
    }

    /** Keysyms of KeyPress events, without the Shift that was added for upper-level characters. */
    private static List<Integer> typedKeys(List<XevLog.Event> events) {
        return events.stream().filter(e -> e.type().equals("KeyPress")).map(XevLog.Event::keysym)
                .filter(k -> k != 0xffe1).toList();
    }
}
