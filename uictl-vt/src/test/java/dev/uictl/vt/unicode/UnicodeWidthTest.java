package dev.uictl.vt.unicode;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.testkit.Requires;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class UnicodeWidthTest {

    @ParameterizedTest(name = "U+{0} -> {1}")
    @CsvSource({
            "0041, 1", "00E9, 1", "00AD, 1",         // soft hyphen is 1 in glibc
            "0301, 0", "200B, 0", "200D, 0", "FE0F, 0", "1160, 0",
            "4E2D, 2", "D55C, 2", "FF21, 2", "1F680, 2", "26A1, 2", "1F3FD, 2", "3164, 2",
            "2713, 1", "1F1FA, 1", "E000, 1", "F0000, 1",
            "0378, -1", "0085, -1", "009B, -1", "2028, -1", "10FFFF, -1",   // non-printable: dropped like tmux
    })
    void knownWidths(String hex, int width) {
        assertThat(CharWidth.of(Integer.parseInt(hex, 16))).isEqualTo(width);
    }

    @Test
    void everyCodePointMatchesThisMachinesGlibc() throws Throwable {
        Linker linker = Linker.nativeLinker();
        var lookup = linker.defaultLookup();
        MethodHandle version = linker.downcallHandle(lookup.find("gnu_get_libc_version").orElseThrow(),
                FunctionDescriptor.of(ValueLayout.ADDRESS));
        String glibc = ((MemorySegment) version.invokeExact()).reinterpret(64).getString(0);
        Requires.that(glibc.equals(WidthTable.GLIBC_VERSION),
                "glibc " + WidthTable.GLIBC_VERSION + " (the table's source; this machine has " + glibc + ")");

        MethodHandle setlocale = linker.downcallHandle(lookup.find("setlocale").orElseThrow(),
                FunctionDescriptor.of(ValueLayout.ADDRESS, ValueLayout.JAVA_INT, ValueLayout.ADDRESS));
        MethodHandle wcwidth = linker.downcallHandle(lookup.find("wcwidth").orElseThrow(),
                FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
        try (Arena arena = Arena.ofConfined()) {
            var set = (MemorySegment) setlocale.invokeExact(6 /* LC_ALL */, arena.allocateFrom("C.UTF-8"));
            Requires.that(!set.equals(MemorySegment.NULL), "the C.UTF-8 locale");
        }
        var mismatches = new ArrayList<String>();
        for (int cp = 0x20; cp <= 0x10FFFF; cp++) {
            if (cp >= 0xD800 && cp <= 0xDFFF) continue;
            int expected = (int) wcwidth.invokeExact(cp);
            if (cp == 0x7F) continue;   // DEL is a control, never printed
            if (CharWidth.of(cp) != expected && mismatches.size() < 20) mismatches.add(Integer.toHexString(cp));
        }
        assertThat(mismatches).isEmpty();
    }
}
