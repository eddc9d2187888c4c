package dev.uictl.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.testkit.Poll;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** The extension gives a working desktop whose apps can be launched, and the GTK fixture reports its state. */
class PrivateDesktopExtensionTest {
    @RegisterExtension
    static final PrivateDesktopExtension DESKTOP = PrivateDesktopExtension.withDefaults();

    @TempDir
    Path tmp;

    @Test
    void theDesktopIsUpWithItsEnvironment() {
        assertThat(DESKTOP.env()).containsKeys("DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "UICTL_RUNTIME_DIR")
                .doesNotContainKey("AT_SPI_BUS_ADDRESS");
        assertThat(DESKTOP.state().a11yBus()).startsWith("unix:");
        assertThat(DESKTOP.state().alive()).isTrue();
        assertThat(Path.of("/tmp/.X11-unix/X" + DESKTOP.state().displayNumber())).exists();
    }

    @Test
    void theGtkFixtureAnnouncesItselfInItsStateFile() throws Exception {
        Path state = tmp.resolve("fixture.jsonl");
        Process app = DESKTOP.launchGtkFixture(state, "Extension Fixture");
        // The fixture writes its first line when its window is mapped; poll the file (the app's own event).
        Poll.until("the fixture is ready", java.time.Duration.ofSeconds(20), () -> {
            try {
                String text = Files.exists(state) ? Files.readString(state) : "";
                assertThat(app.isAlive()).as("fixture exited: %s", text).isTrue();
                return text.contains("\"ready\"");
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        assertThat(Files.readString(state)).contains("\"title\": \"Extension Fixture\"");
    }
}
