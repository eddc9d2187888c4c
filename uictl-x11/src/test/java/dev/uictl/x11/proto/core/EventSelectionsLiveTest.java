package dev.uictl.x11.proto.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.x11.io.TestDisplay;
import dev.uictl.x11.io.X11Connection;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The server's your-event-mask for our connection is the union of the interests still held. */
@Tag("x11")
class EventSelectionsLiveTest {
    static TestDisplay display;
    static X11Connection x;

    @BeforeAll
    static void start() throws Exception {
        display = TestDisplay.start();
        x = display.connect();
    }

    @AfterAll
    static void stop() throws Exception {
        x.close();
        display.close();
    }

    private int serverMask(int window) {
        return x.call(new GetWindowAttributes(window)).yourEventMask();
    }

    @Test
    void twoInterestsInOneWindowDoNotOverwriteEachOther() {
        int w = x.generateId();
        x.send(CreateWindow.simple(w, x.root(), 0, 0, 10, 10, 0)).check();
        EventSelections selections = EventSelections.of(x);
        assertThat(EventSelections.of(x)).isSameAs(selections);

        var properties = selections.select(w, EventMask.PROPERTY_CHANGE);
        var structure = selections.select(w, EventMask.STRUCTURE_NOTIFY);
        var propertiesAgain = selections.select(w, EventMask.PROPERTY_CHANGE);
        assertThat(serverMask(w)).isEqualTo(EventMask.PROPERTY_CHANGE | EventMask.STRUCTURE_NOTIFY);

        properties.close();
        assertThat(serverMask(w)).as("another interest still needs PropertyChange")
                .isEqualTo(EventMask.PROPERTY_CHANGE | EventMask.STRUCTURE_NOTIFY);
        propertiesAgain.close();
        propertiesAgain.close();
        assertThat(serverMask(w)).isEqualTo(EventMask.STRUCTURE_NOTIFY);
        structure.close();
        assertThat(serverMask(w)).isZero();
    }
}
