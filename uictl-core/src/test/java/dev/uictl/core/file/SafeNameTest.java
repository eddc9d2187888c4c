package dev.uictl.core.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import org.junit.jupiter.api.Test;

class SafeNameTest {
    @Test
    void plainNamesPass() {
        for (String ok : new String[] {"default", "a", "shell-1", "v1.2_x", "...", ".hidden", "x".repeat(64)}) {
            assertThat(SafeName.check("desktop name", ok)).isEqualTo(ok);
        }
    }

    @Test
    void namesThatClimbPointAtTheDirectoryOrLeaveTheAlphabetFail() {
        for (String bad : new String[] {".", "..", "../x", "a/b", "/abs", "", "sp ace", "x".repeat(65), "é",
                "a\0b", "tab\t"}) {
            assertThatThrownBy(() -> SafeName.check("session name", bad))
                    .isInstanceOfSatisfying(UictlException.class, e -> {
                        assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGS);
                        assertThat(e.getMessage()).startsWith("session name");
                    });
        }
        assertThat(SafeName.isSafe(null)).isFalse();
    }
}
