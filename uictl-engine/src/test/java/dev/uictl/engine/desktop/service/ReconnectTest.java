package dev.uictl.engine.desktop.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.engine.desktop.connection.DisplayConnections;
import dev.uictl.testkit.Poll;
import dev.uictl.testkit.XvfbDisplay;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The X server dies under a live service: a clean error, then service again once a server is back on that display. */
@Tag("x11")
class ReconnectTest {
    @Test
    void serverDeathIsACleanErrorAndTheServiceRecovers() throws Exception {
        String display;
        try (DisplayConnections connections = new DisplayConnections();
             DesktopService service = new DesktopService(connections)) {
            try (TestDesktop first = TestDesktop.start(false)) {
                display = first.display();
                CommandContext ctx = first.context("s");
                assertThat(service.screenSize(ctx).width()).isEqualTo(1280);
                var pendingWait = java.util.concurrent.CompletableFuture.supplyAsync(
                        () -> service.waits().window(ctx, "title=never", false, 60_000, 60_000));
                first.xvfb().destroyForcibly().waitFor();
                // whether the wait is mid-check or asleep (a minute-long poll), the lost connection ends it at once
                assertThatThrownBy(() -> pendingWait.get(10, TimeUnit.SECONDS))
                        .hasCauseInstanceOf(UictlException.class)
                        .satisfies(e -> assertThat(((UictlException) e.getCause()).code()).isEqualTo(ErrorCode.DEPENDENCY_MISSING));
                assertThatThrownBy(() -> service.screenSize(ctx)).isInstanceOfSatisfying(UictlException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.DEPENDENCY_MISSING);
                    assertThat(e.hint()).contains("uictl desktop up");
                });
            }
            try (XvfbDisplay again = XvfbDisplay.on(display, "800x600x24")) {
                CommandContext ctx = TestDesktop.context("s", java.util.Map.of("DISPLAY", display));
                Integer width = Poll.value("the restarted server answers", Poll.DEFAULT_TIMEOUT, () -> {
                    try {
                        return java.util.Optional.of(service.screenSize(ctx).width());
                    } catch (UictlException notYet) {
                        return java.util.Optional.empty();
                    }
                });
                assertThat(width).isEqualTo(800);
            }
        }
    }
}
