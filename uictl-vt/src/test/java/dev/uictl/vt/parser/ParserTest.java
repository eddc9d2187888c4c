package dev.uictl.vt.parser;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ParserTest {

    /** Records every action as text, the way vte's tests record {@code Sequence}s. */
    private static final class Recorder implements Performer {
        final List<String> actions = new ArrayList<>();
        private final StringBuilder text = new StringBuilder();

        @Override
        public void print(int codePoint) {
            text.appendCodePoint(codePoint);
        }

        @Override
        public void printAscii(byte[] data, int from, int to) {
            text.append(new String(data, from, to - from, StandardCharsets.US_ASCII));
            actions.add("run:" + (to - from));
        }

        private void flush() {
            if (!text.isEmpty()) actions.add("print:" + text);
            text.setLength(0);
        }

        @Override
        public void execute(int control) {
            flush();
            actions.add("exec:" + control);
        }

        @Override
        public void csiDispatch(Params params, int collected, int finalByte) {
            flush();
            actions.add("csi:" + collectedText(collected) + "|" + params + "|" + (char) finalByte);
        }

        @Override
        public void escDispatch(int collected, int finalByte) {
            flush();
            actions.add("esc:" + collectedText(collected) + "|" + (char) finalByte);
        }

        @Override
        public void oscDispatch(byte[] data, int length) {
            flush();
            actions.add("osc:" + new String(data, 0, length, StandardCharsets.UTF_8));
        }

        @Override
        public void hook(Params params, int collected, int finalByte) {
            flush();
            actions.add("hook:" + collectedText(collected) + "|" + params + "|" + (char) finalByte);
        }

        @Override
        public void put(int b) {
            actions.add("put:" + (char) b);
        }

        @Override
        public void unhook() {
            actions.add("unhook");
        }

        @Override
        public void ignored(String description) {
            flush();
            actions.add("ignored");
        }

        List<String> done() {
            flush();
            actions.removeIf(a -> a.startsWith("run:"));
            return actions;
        }

        private static String collectedText(int collected) {
            var sb = new StringBuilder();
            for (int shift = 16; shift >= 0; shift -= 8) if ((collected >>> shift & 0xFF) != 0) sb.append((char) (collected >>> shift & 0xFF));
            return sb.toString();
        }
    }

    private static List<String> parse(String... chunks) {
        var recorder = new Recorder();
        var parser = new Parser(recorder);
        for (String chunk : chunks) parser.advance(chunk.getBytes(StandardCharsets.UTF_8));
        return recorder.done();
    }

    private static List<String> parseBytes(byte[]... chunks) {
        var recorder = new Recorder();
        var parser = new Parser(recorder);
        for (byte[] chunk : chunks) parser.advance(chunk);
        return recorder.done();
    }

    @Test
    void printsAndExecutes() {
        assertThat(parse("ab\r\ncd\u0007")).containsExactly("print:ab", "exec:13", "exec:10", "print:cd", "exec:7");
    }

    @Test
    void asciiRunsArriveInOneCall() {
        var recorder = new Recorder();
        new Parser(recorder).advance("hello world\r".getBytes(StandardCharsets.US_ASCII));
        assertThat(recorder.actions).containsExactly("run:11", "print:hello world", "exec:13");
    }

    @Test
    void csiWithParamsPrivateMarkerAndIntermediates() {
        assertThat(parse("\033[1;2H")).containsExactly("csi:|1;2|H");
        assertThat(parse("\033[H")).containsExactly("csi:||H");
        assertThat(parse("\033[;5H")).containsExactly("csi:|0;5|H");
        assertThat(parse("\033[?1049h")).containsExactly("csi:?|1049|h");
        assertThat(parse("\033[?12$p")).containsExactly("csi:?$|12|p");
        assertThat(parse("\033[2 q")).containsExactly("csi: |2|q");
        assertThat(parse("\033[>c")).containsExactly("csi:>||c");
    }

    @Test
    void colonSubParameters() {
        var recorder = new Recorder();
        var captured = new ArrayList<String>();
        new Parser(new Performer() {
            public void print(int cp) { }
            public void execute(int c) { }
            public void csiDispatch(Params p, int collected, int f) {
                for (int i = 0; i < p.size(); i++) captured.add(p.get(i) + (p.isSub(i) ? "s" : ""));
            }
            public void escDispatch(int collected, int f) { }
            public void oscDispatch(byte[] d, int l) { }
        }).advance("\033[38:2::1:2:3;1m".getBytes(StandardCharsets.US_ASCII));
        assertThat(captured).containsExactly("38", "2s", "0s", "1s", "2s", "3s", "1");
        assertThat(recorder.actions).isEmpty();
    }

    @Test
    void parametersAreClampedAndBounded() {
        assertThat(parse("\033[99999999A")).containsExactly("csi:|65535|A");
        String many = "1;".repeat(40) + "1";
        var result = parse("\033[" + many + "m");
        assertThat(result).hasSize(1);
        assertThat(result.getFirst().split("\\|")[1].split(";")).hasSize(Params.MAX_PARAMS);
    }

    @Test
    void sequencesMaySplitAnywhere() {
        assertThat(parse("\033", "[", "1", ";", "2", "H")).containsExactly("csi:|1;2|H");
        assertThat(parse("\033]0;ti", "tle\007")).containsExactly("osc:0;title");
    }

    @Test
    void escDispatchWithIntermediates() {
        assertThat(parse("\033(0\033#8\0337")).containsExactly("esc:(|0", "esc:#|8", "esc:|7");
    }

    @Test
    void oscEndsWithBelOrSt() {
        assertThat(parse("\033]2;a b\007x")).containsExactly("osc:2;a b", "print:x");
        assertThat(parse("\033]2;ä\033\\x")).containsExactly("osc:2;ä", "esc:|\\", "print:x");
    }

    @Test
    void canAndSubAbortASequence() {
        assertThat(parse("\033[12\u0018x")).containsExactly("exec:24", "print:x");
        assertThat(parse("\033]0;t\u001ax")).containsExactly("exec:26", "print:x");
    }

    @Test
    void controlsInsideCsiExecuteWithoutBreakingIt() {
        assertThat(parse("\033[1\n2H")).containsExactly("exec:10", "csi:|12|H");
    }

    @Test
    void escRestartsASequence() {
        assertThat(parse("\033[12\033[3A")).containsExactly("csi:|3|A");
    }

    @Test
    void malformedCsiIsIgnored() {
        assertThat(parse("\033[1?2Ax")).containsExactly("ignored", "print:x");
    }

    @Test
    void dcsIsHookedAndPassedThrough() {
        assertThat(parse("\033P1$qm\033\\")).containsExactly("hook:$|1|q", "put:m", "unhook", "esc:|\\");
    }

    @Test
    void sosPmApcStringsAreSkipped() {
        assertThat(parse("\033_Gabc\033\\x")).containsExactly("ignored", "esc:|\\", "print:x");
    }

    @Test
    void utf8DecodesAcrossChunks() {
        byte[] bytes = "a中🚀".getBytes(StandardCharsets.UTF_8);
        var chunks = new byte[bytes.length][];
        for (int i = 0; i < bytes.length; i++) chunks[i] = new byte[]{bytes[i]};
        assertThat(parseBytes(chunks)).containsExactly("print:a中🚀");
    }

    @Test
    void invalidUtf8BecomesReplacementCharacters() {
        assertThat(parseBytes(new byte[]{'a', (byte) 0xFF, 'b'})).containsExactly("print:a\uFFFDb");
        assertThat(parseBytes(new byte[]{(byte) 0xE4, (byte) 0xB8, 'c'})).containsExactly("print:\uFFFDc");
        assertThat(parseBytes(new byte[]{(byte) 0xC0, (byte) 0x80})).containsExactly("print:\uFFFD\uFFFD");
        assertThat(parseBytes(new byte[]{(byte) 0xED, (byte) 0xA0, (byte) 0x80})).containsExactly("print:\uFFFD\uFFFD\uFFFD");
        assertThat(parseBytes(new byte[]{(byte) 0xE4, (byte) 0xB8}, new byte[]{0x1B, '[', 'A'}))
                .containsExactly("print:\uFFFD", "csi:||A");
    }

    @Test
    void c1BytesAreNotControlsInUtf8() {
        assertThat(parseBytes(new byte[]{(byte) 0x9B, 'A'})).containsExactly("print:\uFFFDA");
    }

    @Test
    void fastPathsAgreeWithTheByteByByteMachine() {
        var random = new java.util.Random(42);
        byte[] alphabet = "\u001b[;:?>$ 0123456789mHAh]P\\\u0007\r\nabc\u0018\u001a\u007f\u0000\t\u000e"
                .getBytes(StandardCharsets.UTF_8);
        byte[][] utf8 = {"é".getBytes(StandardCharsets.UTF_8), "中".getBytes(StandardCharsets.UTF_8),
                "🚀".getBytes(StandardCharsets.UTF_8), {(byte) 0xE4, (byte) 0xB8}, {(byte) 0xFF}, {(byte) 0xED, (byte) 0xA0}};
        for (int round = 0; round < 300; round++) {
            var out = new java.io.ByteArrayOutputStream();
            for (int k = 0; k < 60; k++) {
                if (random.nextInt(8) == 0) out.writeBytes(utf8[random.nextInt(utf8.length)]);
                else out.write(alphabet[random.nextInt(alphabet.length)]);
            }
            byte[] input = out.toByteArray();
            var bytewise = new byte[input.length][];
            for (int i = 0; i < input.length; i++) bytewise[i] = new byte[]{input[i]};
            assertThat(parseBytes(input)).as("input %s", java.util.HexFormat.of().formatHex(input))
                    .isEqualTo(parseBytes(bytewise));
        }
    }

    @Test
    void theGroundFastPathsDoWhatTheTableSays() {
        int ground = State.GROUND.ordinal();
        for (int b = 0; b < 0x20; b++) {
            if (b == 0x1B) continue;
            int entry = TransitionTable.lookup(ground, b);
            assertThat(TransitionTable.action(entry)).as("C0 0x%02x", b).isEqualTo(Action.EXECUTE);
            assertThat(TransitionTable.next(entry)).as("C0 0x%02x", b).isEqualTo(ground);
        }
        int esc = TransitionTable.lookup(ground, 0x1B);
        assertThat(TransitionTable.next(esc)).isEqualTo(State.ESCAPE.ordinal());
        assertThat(TransitionTable.action(esc)).isEqualTo(Action.NONE);
        int bracket = TransitionTable.lookup(State.ESCAPE.ordinal(), '[');
        assertThat(TransitionTable.next(bracket)).isEqualTo(State.CSI_ENTRY.ordinal());
        assertThat(TransitionTable.action(bracket)).isEqualTo(Action.NONE);
    }

    @Test
    void escBracketSplitOrWholeStartsTheSameSequence() {
        assertThat(parse("a\u001b[1;31mb")).isEqualTo(parse("a\u001b", "[1;31mb")).containsExactly("print:a", "csi:|1;31|m", "print:b");
        assertThat(parse("\u001b[?25l\u001b[2J")).containsExactly("csi:?|25|l", "csi:|2|J");
        assertThat(parse("\u001b]0;t\u001b[m")).containsExactly("osc:0;t", "csi:||m");   // ESC [ inside a string: ST then CSI
    }
}
