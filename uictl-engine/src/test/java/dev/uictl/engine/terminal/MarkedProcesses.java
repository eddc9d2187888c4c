package dev.uictl.engine.terminal;

import dev.uictl.testkit.Poll;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Test oracle read straight from /proc: live processes whose environment holds an entry. */
final class MarkedProcesses {
    private MarkedProcesses() {
    }

    static List<Long> carrying(String entry) {
        List<Long> pids = new ArrayList<>();
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path p : procs.filter(d -> d.getFileName().toString().matches("\\d+")).toList()) {
                try {
                    String stat = Files.readString(p.resolve("stat"));
                    if (stat.substring(stat.lastIndexOf(')') + 2).startsWith("Z")) {
                        continue;
                    }
                    String env = Files.readString(p.resolve("environ"), StandardCharsets.ISO_8859_1);
                    if (List.of(env.split("\0")).contains(entry)) {
                        pids.add(Long.parseLong(p.getFileName().toString()));
                    }
                } catch (IOException e) {
                    // ended meanwhile
                }
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return pids;
    }

    /** Processes appear asynchronously and /proc has no change event, so this polls. */
    static List<Long> await(String entry, int atLeast) throws InterruptedException {
        return Poll.value(atLeast + " processes with " + entry, Poll.DEFAULT_TIMEOUT, () -> {
            List<Long> seen = carrying(entry);
            return seen.size() >= atLeast ? java.util.Optional.of(seen) : java.util.Optional.empty();
        });
    }
}
