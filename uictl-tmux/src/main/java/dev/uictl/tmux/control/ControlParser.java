package dev.uictl.tmux.control;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Turns the lines tmux writes in control mode into {@link ControlEvent}s. Lines are bytes (pane output is not
 * necessarily valid UTF-8). Inside a {@code %begin} block every line is reply text, even one starting with
 * {@code %} (a {@code list-panes} reply is {@code %0}); the block ends only at the {@code %end}/{@code %error} whose
 * time, number and flags match its {@code %begin}.
 */
public final class ControlParser {
    private String[] open; // time, number, flags of the open block, or null
    private List<String> body = new ArrayList<>();

    /** The event a line completes, or null when the line is part of an unfinished reply block (or empty). */
    public ControlEvent feed(byte[] line) {
        int len = line.length;
        if (len > 0 && line[len - 1] == '\r') {
            len--;
        }
        if (open != null) {
            String text = new String(line, 0, len, StandardCharsets.UTF_8);
            String[] words = text.split(" ");
            boolean end = words.length == 4 && (words[0].equals("%end") || words[0].equals("%error"))
                    && Arrays.equals(Arrays.copyOfRange(words, 1, 4), open);
            if (!end) {
                body.add(text);
                return null;
            }
            ControlEvent.Reply reply = new ControlEvent.Reply(Long.parseLong(open[0]), Long.parseLong(open[1]),
                    Integer.parseInt(open[2]), words[0].equals("%end"), body);
            open = null;
            body = new ArrayList<>();
            return reply;
        }
        if (len == 0 || line[0] != '%') {
            return null; // tmux writes nothing outside blocks that is not a notification
        }
        int space = indexOf(line, (byte) ' ', 0, len);
        String name = new String(line, 1, (space < 0 ? len : space) - 1, StandardCharsets.US_ASCII);
        return switch (name) {
            case "begin" -> {
                String[] words = new String(line, 0, len, StandardCharsets.US_ASCII).split(" ");
                if (words.length == 4) {
                    open = Arrays.copyOfRange(words, 1, 4);
                }
                yield null;
            }
            case "output" -> output(line, space, len);
            case "extended-output" -> extendedOutput(line, space, len);
            case "pause", "continue" -> new ControlEvent.FlowControl(argsOf(line, space, len).getFirst(),
                    name.equals("pause"));
            case "exit" -> new ControlEvent.Exit(space < 0 ? "" : new String(line, space + 1, len - space - 1,
                    StandardCharsets.UTF_8));
            default -> new ControlEvent.Notification(name, argsOf(line, space, len));
        };
    }

    /** {@code %output %3 bytes…}. */
    private static ControlEvent output(byte[] line, int space, int len) {
        int second = indexOf(line, (byte) ' ', space + 1, len);
        String pane = new String(line, space + 1, (second < 0 ? len : second) - space - 1, StandardCharsets.US_ASCII);
        byte[] data = second < 0 ? new byte[0] : OctalEscapes.decode(line, second + 1, len);
        return new ControlEvent.Output(pane, data, 0);
    }

    /** {@code %extended-output %3 age … : bytes…} (further fields may come before the colon). */
    private static ControlEvent extendedOutput(byte[] line, int space, int len) {
        int colon = -1;
        for (int i = space + 1; i < len; i++) {
            if (line[i] == ':' && line[i - 1] == ' ' && (i + 1 == len || line[i + 1] == ' ')) {
                colon = i;
                break;
            }
        }
        int headerEnd = colon < 0 ? len : colon - 1;
        String[] header = new String(line, space + 1, headerEnd - space - 1, StandardCharsets.US_ASCII).split(" ");
        long age = header.length > 1 ? parseLongOr(header[1], 0) : 0;
        byte[] data = colon < 0 || colon + 2 > len ? new byte[0] : OctalEscapes.decode(line, colon + 2, len);
        return new ControlEvent.Output(header[0], data, age);
    }

    private static List<String> argsOf(byte[] line, int space, int len) {
        if (space < 0) {
            return List.of();
        }
        return List.of(new String(line, space + 1, len - space - 1, StandardCharsets.UTF_8).split(" "));
    }

    private static int indexOf(byte[] line, byte b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (line[i] == b) {
                return i;
            }
        }
        return -1;
    }

    private static long parseLongOr(String s, long otherwise) {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            return otherwise;
        }
    }
}
