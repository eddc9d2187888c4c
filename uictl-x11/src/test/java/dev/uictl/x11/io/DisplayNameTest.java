package dev.uictl.x11.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class DisplayNameTest {
    @Test
    void parsesLocalForms() {
        assertThat(DisplayName.parse(":0")).isEqualTo(new DisplayName(":0", 0, 0));
        assertThat(DisplayName.parse(":12.1")).isEqualTo(new DisplayName(":12.1", 12, 1));
        assertThat(DisplayName.parse("unix:3")).isEqualTo(new DisplayName("unix:3", 3, 0));
        assertThat(DisplayName.parse(":7").socket()).isEqualTo(Path.of("/tmp/.X11-unix/X7"));
    }

    @Test
    void rejectsRemoteEmptyAndMalformed() {
        assertThatThrownBy(() -> DisplayName.parse(null)).hasMessageContaining("not set");
        assertThatThrownBy(() -> DisplayName.parse("")).hasMessageContaining("not set");
        assertThatThrownBy(() -> DisplayName.parse("host:0")).hasMessageContaining("remote");
        assertThatThrownBy(() -> DisplayName.parse(":x")).hasMessageContaining(":N");
        assertThatThrownBy(() -> DisplayName.parse(":1.")).hasMessageContaining(":N");
        assertThatThrownBy(() -> DisplayName.parse("0")).hasMessageContaining("display number");
    }
}
