package dev.uictl.engine.desktop.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.x11.wire.X11Exception;
import dev.uictl.x11.wire.XError;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The mapping table from X11 library failures to error codes, every row. */
class DesktopErrorsTest {
    static Stream<Arguments> table() {
        return Stream.of(
                Arguments.of(new X11Exception.ConnectFailed(":9", "no X server", null), ErrorCode.DEPENDENCY_MISSING, "desktop up"),
                Arguments.of(new X11Exception.ConnectionLost("eof", null), ErrorCode.DEPENDENCY_MISSING, "desktop up"),
                Arguments.of(new X11Exception.Timeout("silent"), ErrorCode.TIMEOUT, "doctor"),
                Arguments.of(new X11Exception.ExtensionMissing("RANDR"), ErrorCode.DEPENDENCY_MISSING, "RANDR"),
                Arguments.of(new X11Exception.Protocol(new XError(XError.BAD_WINDOW, 7, 0x400001, 20, 0)),
                        ErrorCode.WINDOW_NOT_FOUND, "list-windows"),
                Arguments.of(new X11Exception.Protocol(new XError(XError.BAD_DRAWABLE, 7, 0x400001, 14, 0)),
                        ErrorCode.WINDOW_NOT_FOUND, "list-windows"),
                Arguments.of(new X11Exception.Protocol(new XError(XError.BAD_MATCH, 7, 0, 12, 0)), ErrorCode.ACTION_FAILED, null),
                Arguments.of(new X11Exception.RequestTooLong(70000, 65535), ErrorCode.ACTION_FAILED, null));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("table")
    void everyLibraryFailureHasItsCode(X11Exception failure, ErrorCode code, String hintPart) {
        UictlException e = DesktopErrors.map(failure, ":9");
        assertThat(e.code()).isEqualTo(code);
        assertThat(e.hint()).isNotBlank();
        if (hintPart != null) {
            assertThat(e.hint()).contains(hintPart);
        }
        assertThat(e.getCause()).isSameAs(failure);
    }

    /** Only the rows whose failure is about a window: every row checks something. */
    static Stream<Arguments> windowRows() {
        return table().filter(row -> row.get()[1] == ErrorCode.WINDOW_NOT_FOUND);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("windowRows")
    void windowErrorsNameTheWindow(X11Exception failure, ErrorCode code, String hintPart) {
        assertThat(DesktopErrors.map(failure, ":9").details()).containsEntry("xid", "0x400001");
    }

    @org.junit.jupiter.api.Test
    void theTableHasWindowRows() {
        assertThat(windowRows()).hasSize(2);
    }

    @org.junit.jupiter.api.Test
    void noDisplayIsDependencyMissing() {
        assertThat(DesktopErrors.noDisplay().code()).isEqualTo(ErrorCode.DEPENDENCY_MISSING);
        assertThat(DesktopErrors.noDisplay().hint()).contains("uictl desktop up");
    }
}
