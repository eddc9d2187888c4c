package dev.uictl.x11.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uictl.x11.proto.core.GetInputFocus;
import dev.uictl.x11.wire.X11Exception;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("x11")
class AuthLiveTest {
    @Test
    void theCookieFromXauthorityOpensAnAuthenticatedServer(@TempDir Path dir) throws Exception {
        Path serverAuth = dir.resolve("server.auth");
        String cookie = HexFormat.of().formatHex(new byte[]{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16});
        Process xauth = new ProcessBuilder("xauth", "-f", serverAuth.toString(), "add", ":0", ".", cookie)
                .redirectErrorStream(true).start();
        assertThat(xauth.waitFor()).isZero();

        try (TestDisplay d = TestDisplay.start("-auth", serverAuth.toString())) {
            Path clientAuth = dir.resolve("client.auth");
            Process add = new ProcessBuilder("xauth", "-f", clientAuth.toString(), "add", d.display(), ".", cookie)
                    .redirectErrorStream(true).start();
            assertThat(add.waitFor()).isZero();

            try (X11Connection c = X11Connection.open(d.display(), Map.of("XAUTHORITY", clientAuth.toString()))) {
                assertThat(c.call(new GetInputFocus())).isNotNull();
            }
            Files.writeString(dir.resolve("empty"), "");
            assertThatThrownBy(() -> X11Connection.open(d.display(), Map.of("XAUTHORITY", dir.resolve("empty").toString())))
                    .isInstanceOf(X11Exception.ConnectFailed.class).hasMessageContaining("refused");
        }
    }
}
