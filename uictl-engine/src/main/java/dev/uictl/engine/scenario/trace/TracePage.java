package dev.uictl.engine.scenario.trace;

import dev.uictl.core.json.Json;
import dev.uictl.engine.scenario.artifacts.AssertionOutcome;
import dev.uictl.engine.scenario.artifacts.EventRecord;
import dev.uictl.engine.scenario.artifacts.RunResult;
import dev.uictl.engine.scenario.artifacts.SnapshotRecord;
import dev.uictl.engine.scenario.artifacts.StepResult;
import dev.uictl.engine.scenario.artifacts.TranscriptLog;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * The trace page of one run: a self-contained HTML document (inline CSS and script, no network: its
 * Content-Security-Policy allows no source but the page's own script, by hash). The list of entries is the start-up
 * screen, every step and the final screen; each entry's panel holds its assertions, every observation (retries are
 * the step's 2nd and later observations) rendered as a screen, its events and its output. Everything taken from the
 * run goes through {@link HtmlText}; the script reads no run data, it only shows and hides panels.
 */
public final class TracePage {
    private static final String CSS = resource("trace.css");
    private static final String SCRIPT = resource("trace.js");
    private static final String SCRIPT_HASH = "sha256-" + Base64.getEncoder().encodeToString(Sha256.digest(SCRIPT.getBytes(StandardCharsets.UTF_8)));

    private TracePage() {
    }

    /** One entry of the step list: the start-up screen (index 0), a step, or the final screen (steps + 1). */
    private record Entry(int index, String label, String id, String status, StepResult step) {
        boolean failed() {
            return "failed".equals(status) || "errored".equals(status);
        }
    }

    public static String render(RunArtifacts a) {
        RunResult run = a.run();
        List<Entry> entries = entries(a);
        StringBuilder out = new StringBuilder(64 * 1024);
        out.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n")
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src ")
                .append("'unsafe-inline'; script-src '").append(SCRIPT_HASH).append("'\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>")
                .append(esc("uictl trace: " + text(run.name()) + " — " + run.status())).append("</title>\n<style>")
                .append(CSS).append("</style></head>\n<body>\n");
        header(out, a);
        out.append("<main>\n<nav id=\"steps\" aria-label=\"Steps\"><ol>\n");
        for (Entry e : entries) {
            out.append("<li><button type=\"button\" class=\"step\" data-index=\"").append(e.index())
                    .append("\" data-failed=\"").append(e.failed()).append("\" aria-controls=\"panel-")
                    .append(e.index()).append("\">").append(badge(e.status())).append("<span class=\"id\">")
                    .append(esc(e.label())).append("</span></button></li>\n");
        }
        out.append("</ol></nav>\n<section id=\"detail\" aria-live=\"polite\">\n");
        for (Entry e : entries) {
            panel(out, a, e);
        }
        out.append("</section>\n</main>\n");
        transcript(out, a.transcript(), "transcript", "Transcript (everything the program wrote)");
        out.append("<div id=\"help\" hidden><strong>Keys</strong><br><kbd>j</kbd>/<kbd>↓</kbd> next step, ")
                .append("<kbd>k</kbd>/<kbd>↑</kbd> previous, <kbd>g</kbd>/<kbd>G</kbd> first/last, <kbd>f</kbd> next ")
                .append("failed step, <kbd>t</kbd> transcript, <kbd>Esc</kbd> close</div>\n<script>").append(SCRIPT)
                .append("</script>\n</body></html>\n");
        return out.toString();
    }

    private static List<Entry> entries(RunArtifacts a) {
        List<Entry> entries = new ArrayList<>();
        if (!a.snapshotsOf(0).isEmpty() || !a.transcriptOf(0).isEmpty()) {
            entries.add(new Entry(0, "start", "start", "info", null));
        }
        for (StepResult s : a.run().steps()) {
            entries.add(new Entry(s.index(), s.index() + ". " + s.id() + (s.name() == null ? "" : " — " + s.name()),
                    s.id(), s.status(), s));
        }
        int end = a.run().steps().size() + 1;
        if (!a.snapshotsOf(end).isEmpty() || !a.transcriptOf(end).isEmpty()) {
            entries.add(new Entry(end, "end", "end", "info", null));
        }
        return entries;
    }

    private static void header(StringBuilder out, RunArtifacts a) {
        RunResult run = a.run();
        out.append("<header>\n<h1>").append(badge(run.status())).append(' ').append(esc(text(run.name())))
                .append("</h1>\n<dl>\n");
        fact(out, "command", text(run.command()) + (run.args().isEmpty() ? "" : " " + String.join(" ", run.args())));
        fact(out, "kind", text(run.kind()));
        fact(out, "run id", text(run.runId()));
        fact(out, "started", text(run.startedAt()));
        fact(out, "duration", run.durationMs() + " ms");
        fact(out, "steps", run.steps().size() + " (" + count(run, "passed") + " passed, " + count(run, "failed")
                + " failed, " + count(run, "errored") + " errored, " + count(run, "skipped") + " skipped)");
        if (run.exit() != null) {
            fact(out, "program", run.exit() + (run.terminatedByHarness() ? " (ended by uictl)" : ""));
        } else if (run.terminatedByHarness()) {
            fact(out, "program", "ended by uictl");
        }
        if (run.cwd() != null) {
            fact(out, "cwd", run.cwd());
        }
        if (run.initialSize() != null) {
            fact(out, "size", run.initialSize().rows() + "x" + run.initialSize().cols());
        }
        if (run.sandbox() != null) {
            fact(out, "sandbox", run.sandbox());
        }
        if (run.budget() != null) {
            fact(out, "budget", Json.write(run.budget()));
        }
        if (run.error() != null) {
            fact(out, "error", run.error().code() + ": " + text(run.error().message())
                    + (run.error().stepId() == null ? "" : " (step " + run.error().stepId() + ")"));
        }
        fact(out, "checksums", a.checksumMismatches().isEmpty() ? "verified"
                : "MISMATCH: " + String.join(", ", a.checksumMismatches()));
        for (String note : a.notes()) {
            fact(out, "note", note);
        }
        out.append("</dl>\n<div class=\"keys\">Keys: <kbd>j</kbd>/<kbd>k</kbd> or arrows between steps, <kbd>f</kbd> ")
                .append("next failed step, <kbd>t</kbd> transcript, <kbd>?</kbd> help</div>\n</header>\n");
    }

    private static void panel(StringBuilder out, RunArtifacts a, Entry e) {
        out.append("<article class=\"step-detail\" id=\"panel-").append(e.index()).append("\" data-index=\"")
                .append(e.index()).append("\" hidden>\n<h2>").append(badge(e.status())).append(' ')
                .append(esc(e.step() == null ? e.label() + " screen" : "Step " + e.label())).append("</h2>\n");
        StepResult s = e.step();
        if (s != null) {
            out.append("<p class=\"facts\">action <b>").append(esc(s.action())).append("</b> · ")
                    .append(s.attempts()).append(s.attempts() == 1 ? " observation" : " observations")
                    .append(s.attempts() > 1 ? " (" + (s.attempts() - 1) + " retries)" : "").append(" · started at ")
                    .append(s.startedAtMs()).append(" ms · took ").append(s.durationMs()).append(" ms</p>\n");
            if (s.error() != null) {
                out.append("<div class=\"error\">").append(esc(s.error().code() + ": " + text(s.error().message())))
                        .append("</div>\n");
            }
            assertions(out, s.assertions());
        }
        List<SnapshotRecord> snaps = a.snapshotsOf(e.index());
        for (SnapshotRecord snap : snaps) {
            out.append("<div class=\"observation\"><h3>").append(esc(observationLabel(snap, snaps.size())))
                    .append("</h3>\n").append(ScreenHtml.render(snap.screen())).append("</div>\n");
        }
        if (snaps.isEmpty()) {
            out.append("<p class=\"facts\">no screen was recorded for this entry</p>\n");
        }
        events(out, a.eventsOf(e.index()));
        List<TranscriptLog.Chunk> output = a.transcriptOf(e.index());
        if (!output.isEmpty()) {
            out.append("<details><summary>output during this entry (").append(output.size())
                    .append(" chunks)</summary>");
            logLines(out, output);
            out.append("</details>\n");
        }
        out.append("</article>\n");
    }

    private static String observationLabel(SnapshotRecord snap, int of) {
        var v = snap.screen();
        return "observation " + snap.attempt() + (of > 1 ? " of " + of : "") + " (" + text(snap.phase()) + ") at "
                + snap.atMs() + " ms · " + v.rows() + "x" + v.cols() + " · cursor " + v.cursor().row() + ","
                + v.cursor().col() + (v.cursor().visible() ? "" : " hidden") + (v.alternateScreen()
                ? " · alternate screen" : "") + (text(v.title()).isEmpty() ? "" : " · title \"" + v.title() + "\"");
    }

    private static void assertions(StringBuilder out, List<AssertionOutcome> list) {
        if (list.isEmpty()) {
            return;
        }
        out.append("<table class=\"assertions\"><thead><tr><th></th><th>assertion</th><th>message</th>")
                .append("<th>parameters</th></tr></thead><tbody>\n");
        for (AssertionOutcome o : list) {
            out.append("<tr class=\"").append(o.passed() ? "ok" : "ko").append("\"><td class=\"")
                    .append(o.passed() ? "mark-pass\">✓ pass" : "mark-fail\">✗ fail").append("</td><td>")
                    .append(esc(text(o.type()))).append("</td><td>").append(esc(text(o.message()))).append("</td><td>")
                    .append(o.payload() == null ? "" : esc(Json.write(o.payload()))).append("</td></tr>\n");
        }
        out.append("</tbody></table>\n");
    }

    private static void events(StringBuilder out, List<EventRecord> events) {
        if (events.isEmpty()) {
            return;
        }
        out.append("<details><summary>events (").append(events.size()).append(")</summary><pre class=\"log\">");
        for (EventRecord e : events) {
            out.append("<span class=\"t\">").append(e.atMs()).append(" ms</span> ").append(esc(e.type())).append(' ')
                    .append(esc(e.data() == null ? "" : Json.write(e.data()))).append('\n');
        }
        out.append("</pre></details>\n");
    }

    private static void transcript(StringBuilder out, List<TranscriptLog.Chunk> chunks, String id, String title) {
        out.append("<section id=\"").append(id).append("\" tabindex=\"-1\" hidden><h2>").append(esc(title))
                .append("</h2>");
        logLines(out, chunks);
        out.append("</section>\n");
    }

    /** Chunks with their time and step; escape sequences shown (ESC as ␛), CR LF as a line break. */
    private static void logLines(StringBuilder out, List<TranscriptLog.Chunk> chunks) {
        out.append("<pre class=\"log\">");
        for (TranscriptLog.Chunk c : chunks) {
            out.append("<span class=\"t\">").append(c.atMs()).append(" ms · step ").append(c.stepIndex())
                    .append(" │ </span>").append(HtmlText.escapePreformatted(c.text().replace("\r\n", "\n")));
            if (!c.text().endsWith("\n")) {
                out.append('\n');
            }
        }
        out.append("</pre>");
    }

    private static void fact(StringBuilder out, String name, String value) {
        out.append("<dt>").append(esc(name)).append("</dt><dd>").append(esc(value)).append("</dd>\n");
    }

    private static String badge(String status) {
        String s = text(status);
        String cls = switch (s) {
            case "passed", "failed", "errored", "skipped", "running", "canceled" -> s;
            default -> "info";
        };
        return "<span class=\"badge " + cls + "\">" + esc(s.equals("info") ? "screen" : s) + "</span>";
    }

    private static long count(RunResult run, String status) {
        return run.steps().stream().filter(s -> status.equals(s.status())).count();
    }

    private static String esc(String s) {
        return HtmlText.escape(text(s));
    }

    private static String text(String s) {
        return s == null ? "" : s;
    }

    private static String resource(String name) {
        try (InputStream in = TracePage.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("the trace page resource " + name + " is missing from the build");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
