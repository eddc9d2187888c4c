package dev.uictl.app;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import tools.jackson.databind.JsonNode;

/** Commands run all at once, each on a virtual thread of its own, the way concurrent agents call uictl. */
final class ConcurrentCalls {
    private ConcurrentCalls() {
    }

    /**
     * Runs every call at once and returns, by name, how each ended: its error code ("success" when it succeeded),
     * followed by " after N ms" when it took longer than {@code boundMs}; a call still running {@code graceMs} past
     * the bound is "no answer within …" and is abandoned (a hung call must fail the test, not stall it).
     */
    static Map<String, String> codes(Map<String, String> env, Map<String, List<String>> calls, long boundMs,
                                     long graceMs) throws InterruptedException, ExecutionException {
        var pool = Executors.newVirtualThreadPerTaskExecutor();
        try {
            Map<String, Future<String>> runs = new TreeMap<>();
            calls.forEach((name, argv) -> runs.put(name, pool.submit(() -> {
                long start = System.nanoTime();
                JsonNode e = ContractAssert.envelope(UictlRun.run(env, "", argv.toArray(String[]::new)));
                long ms = (System.nanoTime() - start) / 1_000_000;
                String code = e.get("success").asBoolean() ? "success" : e.get("error").get("code").asString();
                return code + (ms <= boundMs ? "" : " after " + ms + " ms");
            })));
            Map<String, String> answers = new TreeMap<>();
            long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(boundMs + graceMs);
            for (var run : runs.entrySet()) {
                try {
                    answers.put(run.getKey(), run.getValue().get(Math.max(0, end - System.nanoTime()),
                            TimeUnit.NANOSECONDS));
                } catch (TimeoutException e) {
                    answers.put(run.getKey(), "no answer within " + (boundMs + graceMs) + " ms");
                }
            }
            return answers;
        } finally {
            pool.shutdownNow();
        }
    }
}
