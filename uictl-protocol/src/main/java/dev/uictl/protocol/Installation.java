package dev.uictl.protocol;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The uictl checkout a client runs from: {@code build/build-id} names the build (set-up writes a new one each
 * time), {@code build/launch.args} is the Java command line (one argument per line) that starts the app.
 */
public record Installation(Path home) {

    /** From -Duictl.home, else $UICTL_HOME. */
    public static Installation current() {
        String home = System.getProperty("uictl.home", System.getenv("UICTL_HOME"));
        if (home == null) {
            throw new IllegalStateException("uictl.home is not set; start uictl through bin/uictl");
        }
        return new Installation(Path.of(home));
    }

    public String buildId() throws IOException {
        return Files.readString(home.resolve("build/build-id")).trim();
    }

    public List<String> launchCommand() throws IOException {
        return Files.readAllLines(home.resolve("build/launch.args")).stream().filter(l -> !l.isBlank()).toList();
    }
}
