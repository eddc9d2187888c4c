package dev.uictl.engine.desktop.capture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class CaptureAreaTest {

    @Test
    void parsesXYWidthHeight() {
        assertThat(CaptureArea.parse("10, -20,300,40")).isEqualTo(new CaptureArea(10, -20, 300, 40));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "1,2,3", "1,2,3,4,5", "a,2,3,4", "1,2,0,4", "1,2,3,-4", "1.5,2,3,4"})
    void rejectsMalformedRegions(String text) {
        assertThatThrownBy(() -> CaptureArea.parse(text)).isInstanceOfSatisfying(UictlException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGS);
            assertThat(e.hint()).contains("uictl screenshot --region");
        });
    }

    @Test
    void clipsToTheScreenOrToNothing() {
        assertThat(new CaptureArea(-10, 790, 100, 50).clipTo(1280, 800)).contains(new CaptureArea(0, 790, 90, 10));
        assertThat(new CaptureArea(0, 0, 1280, 800).clipTo(1280, 800)).contains(new CaptureArea(0, 0, 1280, 800));
        assertThat(new CaptureArea(1280, 0, 10, 10).clipTo(1280, 800)).isEmpty();
        assertThat(new CaptureArea(Integer.MAX_VALUE - 5, 0, 100, 10).clipTo(1280, 800)).isEmpty();
    }
}
