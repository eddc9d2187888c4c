package dev.uictl.app.daemon;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Resident memory, thread count and open descriptors of this process, from /proc, and its Java heap (in use,
 * committed, maximum) from {@link Runtime}: the heap figures of the MemoryMXBean without loading java.management.
 */
record ProcStatus(Long rssKb, Long heapUsedKb, Long heapCommittedKb, Long heapMaxKb, Long threads, Long openFds) {
    static ProcStatus read() {
        Long rss = null;
        Long threads = null;
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmRSS:")) {
                    rss = Long.parseLong(line.replaceAll("[^0-9]", ""));
                } else if (line.startsWith("Threads:")) {
                    threads = Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
        } catch (IOException | NumberFormatException e) {
            // leave unknown
        }
        Long fds = null;
        try (var list = Files.list(Path.of("/proc/self/fd"))) {
            fds = list.count();
        } catch (IOException e) {
            // leave unknown
        }
        Runtime heap = Runtime.getRuntime();
        long committed = heap.totalMemory();
        return new ProcStatus(rss, (committed - heap.freeMemory()) / 1024, committed / 1024, heap.maxMemory() / 1024,
                threads, fds);
    }
}
