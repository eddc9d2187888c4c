package dev.uictl.engine.desktop.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uictl.core.error.UictlException;
import java.util.List;
import org.junit.jupiter.api.Test;

class KeyComboTest {
    private static List<String> names(String combo) {
        return KeyCombo.parse(combo).keys().stream().map(KeyCombo.Key::name).toList();
    }

    @Test
    void combosSplitOnPlusAndResolveAliases() {
        assertThat(names("ctrl+shift+t")).containsExactly("Control_L", "Shift_L", "t");
        assertThat(names("enter")).containsExactly("Return");
        assertThat(names("f5")).containsExactly("F5");
        assertThat(names("super")).containsExactly("Super_L");
        assertThat(names("ctrl++")).containsExactly("Control_L", "plus");
        assertThat(names("+")).containsExactly("plus");
        assertThat(names(" alt + F4 ")).containsExactly("Alt_L", "F4");
        assertThat(names("C-S-t")).containsExactly("Control_L", "Shift_L", "t");
        assertThat(names("C-c")).containsExactly("Control_L", "c");
        assertThat(names("é")).containsExactly("eacute");
    }

    @Test
    void hotkeyArgumentsFormOneCombo() {
        assertThat(KeyCombo.of(List.of("ctrl", "shift", "t")).keys()).extracting(KeyCombo.Key::name)
                .containsExactly("Control_L", "Shift_L", "t");
    }

    @Test
    void badCombosAreInvalidArgs() {
        for (String bad : new String[] {"", "ctrl+", "ctrl++shift", "nosuchkey", "ctrl+bogus"}) {
            assertThatThrownBy(() -> KeyCombo.parse(bad)).as(bad).isInstanceOf(UictlException.class);
        }
        assertThatThrownBy(() -> KeyCombo.of(List.of())).isInstanceOf(UictlException.class);
    }

    @Test
    void buttonsAndPointsParse() {
        assertThat(MouseButton.parse("right").number()).isEqualTo(3);
        assertThat(MouseButton.parse("2")).isEqualTo(MouseButton.MIDDLE);
        assertThat(MouseButton.parse("wheel_up")).isEqualTo(MouseButton.WHEEL_UP);
        assertThatThrownBy(() -> MouseButton.parse("sideways")).isInstanceOf(UictlException.class);
        assertThat(Point.looksLikePoint("10, 20")).isTrue();
        assertThat(Point.looksLikePoint("title~=x")).isFalse();
        assertThat(Point.parse("-5,7")).isEqualTo(new Point(-5, 7));
    }
}
