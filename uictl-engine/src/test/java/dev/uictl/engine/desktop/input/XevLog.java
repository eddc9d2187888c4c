package dev.uictl.engine.desktop.input;

import dev.uictl.testkit.Poll;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The events xev logged, parsed from its text output: the independent oracle of what the X server delivered
 * to a real client window.
 */
final class XevLog {
    /** One logged event: its type line plus the detail lines that follow it. */
    record Event(String type, String text) {
        private static final Pattern ROOT = Pattern.compile("root:\\((-?\\d+),(-?\\d+)\\)");
        private static final Pattern BUTTON = Pattern.compile("button (\\d+)");
        private static final Pattern KEYSYM = Pattern.compile("keysym (0x[0-9a-f]+), ([^)]+)\\)");
        private static final Pattern KEYCODE = Pattern.compile("keycode (\\d+)");

        int[] root() {
            Matcher m = ROOT.matcher(text);
            return m.find() ? new int[] {Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2))} : null;
        }

        int button() {
            Matcher m = BUTTON.matcher(text);
            return m.find() ? Integer.parseInt(m.group(1)) : -1;
        }

        int keysym() {
            Matcher m = KEYSYM.matcher(text);
            return m.find() ? Integer.parseUnsignedInt(m.group(1).substring(2), 16) : -1;
        }

        String keysymName() {
            Matcher m = KEYSYM.matcher(text);
            return m.find() ? m.group(2).strip() : "";
        }

        int keycode() {
            Matcher m = KEYCODE.matcher(text);
            return m.find() ? Integer.parseInt(m.group(1)) : -1;
        }
    }

    private final Path file;
    private int consumed;

    XevLog(Path file) {
        this.file = file;
    }

    List<Event> all() {
        List<Event> out = new ArrayList<>();
        String text;
        try {
            text = Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        // xev separates events by blank lines; the first line names the event type.
        for (String block : text.split("\n\n")) {
            String b = block.strip();
            if (!b.isEmpty()) {
                out.add(new Event(b.substring(0, b.indexOf(' ') < 0 ? b.length() : b.indexOf(' ')), b));
            }
        }
        return out;
    }

    /** Events logged since the last {@link #mark()}. */
    List<Event> fresh() {
        List<Event> all = all();
        return all.subList(Math.min(consumed, all.size()), all.size());
    }

    void mark() {
        consumed = all().size();
    }

    /** Waits until the fresh events satisfy {@code done} (xev writes as the events arrive). */
    List<Event> await(Predicate<List<Event>> done) throws InterruptedException {
        try {
            return Poll.value("xev logs the expected events", Poll.DEFAULT_TIMEOUT, () -> {
                List<Event> fresh = fresh();
                return done.test(fresh) ? java.util.Optional.of(fresh) : java.util.Optional.empty();
            });
        } catch (AssertionError e) {
            throw new AssertionError("xev did not log the expected events; got " + fresh(), e);
        }
    }

    static Predicate<List<Event>> count(String type, int n) {
        return events -> events.stream().filter(e -> e.type().equals(type)).count() >= n;
    }
}
