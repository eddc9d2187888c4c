package dev.uictl.app;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads what an {@code xev -event button} window logged: the independent oracle of pointer input. */
final class XevLog {
    private static final Pattern BUTTON = Pattern.compile("\\bbutton (\\d+),");

    private XevLog() {
    }

    /** The buttons of every ButtonPress xev logged so far, in order (empty while it has logged nothing). */
    static List<Integer> presses(Path log) {
        List<Integer> out = new ArrayList<>();
        List<String> lines;
        try {
            lines = Files.exists(log) ? Files.readAllLines(log, StandardCharsets.UTF_8) : List.of();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        boolean inPress = false;
        for (String line : lines) {
            if (line.startsWith("ButtonPress event")) {
                inPress = true;
            } else if (line.startsWith("ButtonRelease event") || line.isBlank()) {
                inPress = false;
            }
            Matcher m = BUTTON.matcher(line);
            if (inPress && m.find()) {
                out.add(Integer.parseInt(m.group(1)));
                inPress = false;
            }
        }
        return out;
    }
}
