package dev.uictl.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DaemonAddressTest {

    @Test
    void displayKeyDropsTheColonAndKeepsSafeCharacters() {
        assertThat(DaemonAddress.displayKey(":0")).isEqualTo("0");
        assertThat(DaemonAddress.displayKey(":99.0")).isEqualTo("99.0");
        assertThat(DaemonAddress.displayKey("my-host_1.lan:2")).isEqualTo("my-host_1.lan_2");
    }

    @Test
    void displayKeyReplacesEveryUnsafeCharacter() {
        assertThat(DaemonAddress.displayKey("/tmp/../x y:1")).isEqualTo("_tmp_.._x_y_1");
        assertThat(DaemonAddress.displayKey(":é€")).isEqualTo("__");
    }

    @Test
    void noDisplayHasItsOwnKey() {
        assertThat(DaemonAddress.displayKey(null)).isEqualTo("nodisplay");
        assertThat(DaemonAddress.displayKey("")).isEqualTo("nodisplay");
    }

    @Test
    void runtimeDirectoryFollowsTheEnvironmentInOrderOfPrecedence() {
        var explicit = DaemonAddress.forEnvironment(Map.of("UICTL_RUNTIME_DIR", "/r", "XDG_RUNTIME_DIR", "/x",
                "HOME", "/h", "DISPLAY", ":5"));
        var xdg = DaemonAddress.forEnvironment(Map.of("XDG_RUNTIME_DIR", "/x", "HOME", "/h"));
        var home = DaemonAddress.forEnvironment(Map.of("HOME", "/h"));

        assertThat(explicit.socket()).isEqualTo(Path.of("/r/daemon-5.sock"));
        assertThat(xdg.socket()).isEqualTo(Path.of("/x/uictl/daemon-nodisplay.sock"));
        assertThat(home.socket()).isEqualTo(Path.of("/h/.cache/uictl/daemon-nodisplay.sock"));
        assertThat(home.logFile()).isEqualTo(Path.of("/h/.cache/uictl/daemon-nodisplay.log"));
        assertThat(home.pidFile()).isEqualTo(Path.of("/h/.cache/uictl/daemon-nodisplay.pid"));
    }
}
