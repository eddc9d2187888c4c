package dev.uictl.engine.desktop.input;

import dev.uictl.engine.desktop.connection.DisplayConnections;
import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.engine.desktop.env.DesktopOptions;
import dev.uictl.engine.desktop.env.DesktopRequestFlags;
import dev.uictl.engine.desktop.env.DesktopState;
import dev.uictl.engine.desktop.env.DesktopStore;
import dev.uictl.engine.desktop.env.PrivateDesktops;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The warm connection of a display whose X server went away is replaced when a server comes back there. */
class InputReconnectTest {
    @TempDir
    Path runtime;

    @Test
    void inputWorksAgainAfterTheXServerOfTheDisplayIsReplaced() throws Exception {
        PrivateDesktops desktops = new PrivateDesktops();
        DesktopStore store = desktops.store(Map.of("UICTL_RUNTIME_DIR", runtime.toString()));
        try (DisplayConnections connections = new DisplayConnections();
             InputService input = new InputService(connections)) {
            DesktopState first = desktops.up(store, new DesktopOptions("again", null, 800, 600, 1, false, false),
                    DesktopRequestFlags.NONE, System.getenv()).desktop();
            InputTestContext ctx = new InputTestContext(first.env());
            input.move(ctx, new Point(10, 20));
            desktops.down(store, "again");

            DesktopState second = desktops.up(store, new DesktopOptions("again", first.displayNumber(), 800, 600, 1,
                    false, false), DesktopRequestFlags.NONE, System.getenv()).desktop();
            try {
                assertThat(second.display()).isEqualTo(first.display());
                PointerResult moved = input.move(ctx, new Point(321, 123));
                assertThat(moved.x()).isEqualTo(321);
                assertThat(pointer(second)).isEqualTo("x:321 y:123");
            } finally {
                desktops.down(store, "again");
            }
        }
    }

    /** xdotool's view of the pointer, independent of uictl. */
    private static String pointer(DesktopState d) throws Exception {
        ProcessBuilder pb = new ProcessBuilder("xdotool", "getmouselocation");
        pb.environment().putAll(d.env());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor();
        return out.substring(0, out.indexOf(" screen:"));
    }
}
