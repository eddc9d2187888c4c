package dev.uictl.x11.keysym;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class KeysymsTest {
    @Test
    void latin1IsItsOwnKeysymAndEverythingElseIsUnicodeOffset() {
        assertThat(Keysyms.forCodePoint('a')).isEqualTo(0x61);
        assertThat(Keysyms.forCodePoint('é')).isEqualTo(0xe9);
        assertThat(Keysyms.forCodePoint('€')).isEqualTo(0x010020ac);
        assertThat(Keysyms.forCodePoint("😀".codePointAt(0))).isEqualTo(0x0101f600);
        assertThat(Keysyms.forCodePoint('\n')).isEqualTo(0xff0d);
        assertThat(Keysyms.forCodePoint('\t')).isEqualTo(0xff09);
    }

    @Test
    void codePointsRoundTrip() {
        for (int cp : new int[] {'a', '~', 0xa0, 0xff, 0x100, 0x20ac, 0x65e5, 0x1f600}) {
            assertThat(Keysyms.codePointOf(Keysyms.forCodePoint(cp))).contains(cp);
        }
        assertThat(Keysyms.codePointOf(0xffc2)).isEmpty();
    }

    @Test
    void namesAliasesAndValuesResolve() {
        assertThat(Keysyms.byName("Return")).contains(0xff0d);
        assertThat(Keysyms.byName("enter")).contains(0xff0d);
        assertThat(Keysyms.byName("ENTER")).contains(0xff0d);
        assertThat(Keysyms.byName("ctrl")).contains(0xffe3);
        assertThat(Keysyms.byName("super")).contains(0xffeb);
        assertThat(Keysyms.byName("win")).contains(0xffeb);
        assertThat(Keysyms.byName("F5")).contains(0xffc2);
        assertThat(Keysyms.byName("f12")).contains(0xffc9);
        assertThat(Keysyms.byName("pgdn")).contains(0xff56);
        assertThat(Keysyms.byName("XF86AudioMute")).contains(0x1008ff12);
        assertThat(Keysyms.byName("0xff0d")).contains(0xff0d);
        assertThat(Keysyms.byName("U20AC")).contains(0x010020ac);
        assertThat(Keysyms.byName("eacute")).contains(0xe9);
        assertThat(Keysyms.byName("Eacute")).contains(0xc9);
        assertThat(Keysyms.byName("c")).contains((int) 'c');
        assertThat(Keysyms.byName("T")).contains((int) 'T');
        assertThat(Keysyms.byName("✓")).contains(0x01002713);
        assertThat(Keysyms.byName("nosuchkey")).isEmpty();
        assertThat(Keysyms.byName("0x")).isEmpty();
        assertThat(Keysyms.byName("")).isEmpty();
    }

    @Test
    void namesComeBackInXSpelling() {
        assertThat(Keysyms.name(0xff0d)).isEqualTo("Return");
        assertThat(Keysyms.name(0x21)).isEqualTo("exclam");
        assertThat(Keysyms.name(0xe9)).isEqualTo("eacute");
        assertThat(Keysyms.name(0xff)).isEqualTo("ydiaeresis");
        assertThat(Keysyms.name(0x010020ac)).isEqualTo("U20AC");
        assertThat(Keysyms.name(0x12345)).isEqualTo("0x12345");
        assertThat(Keysyms.isModifier(0xffe3)).isTrue();
        assertThat(Keysyms.isModifier(0x61)).isFalse();
    }
}
