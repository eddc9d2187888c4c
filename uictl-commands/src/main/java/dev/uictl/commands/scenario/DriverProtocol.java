package dev.uictl.commands.scenario;

import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;
import dev.uictl.engine.scenario.artifacts.AssertionOutcome;
import dev.uictl.engine.scenario.artifacts.BudgetStatus;
import dev.uictl.engine.scenario.artifacts.RunResult;
import dev.uictl.sandbox.Policy;
import dev.uictl.engine.terminal.ExitInfo;
import java.util.List;

/** The NDJSON messages of `driver --stdio` (protocol_version 2, ptybox-compatible). */
final class DriverProtocol {
    static final int VERSION = 2;
    static final List<String> ACTIONS = List.of("key", "text", "paste", "resize", "wait", "observe", "terminate");
    static final List<String> CONDITIONS = List.of("screen_contains", "screen_matches", "cursor_at", "process_exited",
            "screen_stable");
    static final List<String> ASSERTIONS = List.of("screen_contains", "not_contains", "regex_match", "line_equals",
            "line_contains", "line_matches", "cursor_at", "screen_empty", "cursor_visible", "cursor_hidden",
            "exit_code", "style_at");

    private DriverProtocol() {
    }

    /** The three messages; {@link AnyMessage} is their common shape for the schema. */
    public sealed interface Message permits Handshake, Response, End {
    }

    /** Every field any driver message may carry, by type (the JSON Schema of `driver`'s output lines). */
    @Describe("One line of a driver session: type handshake (first), response (one per request) or end (last)")
    public record AnyMessage(@Describe("handshake | response | end") String type, int protocolVersion,
                             @Nullable String runId, @Nullable String sessionId,
                             @Nullable RunResult.Size terminalSize, @Nullable Policy.Budgets budgets,
                             @Nullable List<String> supportedActions, @Nullable List<String> supportedConditions,
                             @Nullable List<String> supportedAssertions, @Nullable DriverScreen screen,
                             @Nullable Object requestId, @Nullable String status, @Nullable Observation observation,
                             @Nullable List<AssertionOutcome> assertions, @Nullable Error error,
                             @Nullable Metrics actionMetrics, @Nullable BudgetStatus budgetStatus,
                             @Nullable RunResult runResult) {
    }

    @Describe("The first line: the session and what it supports")
    public record Handshake(@Describe("handshake") String type, int protocolVersion, String runId, String sessionId,
                            RunResult.Size terminalSize, Policy.Budgets budgets, List<String> supportedActions,
                            List<String> supportedConditions, List<String> supportedAssertions,
                            @Describe("The screen once the program was ready") DriverScreen screen) implements Message {
    }

    @Describe("The answer to one request, in request order; request_id echoes the request's")
    public record Response(@Describe("response") String type, int protocolVersion,
                           @Nullable @Describe("The request's request_id (null when the line was not JSON)") Object requestId,
                           @Describe("ok | error") String status,
                           @Nullable Observation observation,
                           @Describe("The request's assertions, checked at its last observation") List<AssertionOutcome> assertions,
                           @Nullable Error error,
                           Metrics actionMetrics,
                           BudgetStatus budgetStatus) implements Message {
    }

    @Describe("What the program shows after the request")
    public record Observation(String runId, String sessionId, @Describe("Milliseconds since the session started")
                              long timestampMs, DriverScreen screen,
                              @Describe("Output the program wrote since the previous response (escape sequences "
                                      + "kept): its last " + DELTA_KEPT + " characters unless the request asked for "
                                      + "cells (\"cells\":true or --cells); the screen shows what it drew")
                              String transcriptDelta,
                              @Nullable @Describe("Characters left out at the start of transcript_delta (all of "
                                      + "them are in the artifacts' transcript.log); absent when it is whole")
                              Integer transcriptOmitted,
                              @Nullable ExitInfo exit) {
        /**
         * The output since the previous response, its tail only unless {@code whole}: a screenful of output is
         * already on the screen, and both would take a step past 2 KB at 24x80.
         */
        static Observation of(String runId, String sessionId, long timestampMs, DriverScreen screen, String delta,
                              boolean whole, ExitInfo exit) {
            if (whole || delta.length() <= DELTA_KEPT) {
                return new Observation(runId, sessionId, timestampMs, screen, delta, null, exit);
            }
            int from = delta.length() - DELTA_KEPT;
            if (Character.isLowSurrogate(delta.charAt(from))) {
                from++;
            }
            return new Observation(runId, sessionId, timestampMs, screen, delta.substring(from), from, exit);
        }
    }

    /** The characters of transcript_delta a response keeps by default. */
    static final int DELTA_KEPT = 256;

    @Describe("A request's error: a code of the contract table; the session goes on unless session_ended")
    public record Error(String code, String message, @Nullable String hint, @Nullable Object details,
                        boolean sessionEnded) {
    }

    @Describe("Per-request metrics")
    public record Metrics(@Describe("1, 2, 3… per request line") long sequence, long durationMs,
                          @Describe("Observations made (retries re-observe)") int attempts) {
    }

    @Describe("The last line: the run's result (also in run.json with --artifacts)")
    public record End(@Describe("end") String type, int protocolVersion, RunResult runResult) implements Message {
    }
}
