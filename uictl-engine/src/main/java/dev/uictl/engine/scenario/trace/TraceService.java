package dev.uictl.engine.scenario.trace;

import dev.uictl.core.call.CallContext;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.file.ArtifactFile;
import dev.uictl.engine.scenario.artifacts.ArtifactWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Set;

/** {@code uictl trace}: reads a run's artifacts directory and writes its trace page, atomically. */
public final class TraceService {
    private static final Set<String> ARTIFACT_FILES = Set.of(ArtifactWriter.RUN, ArtifactWriter.POLICY,
            ArtifactWriter.SCENARIO, ArtifactWriter.TRANSCRIPT, ArtifactWriter.EVENTS, ArtifactWriter.NORMALIZATION,
            ArtifactWriter.CHECKSUMS, ArtifactWriter.SNAPSHOTS);
    private final TraceLimits limits;

    public TraceService() {
        this(TraceLimits.DEFAULT);
    }

    public TraceService(TraceLimits limits) {
        this.limits = limits;
    }

    /**
     * Renders {@code artifacts} to {@code output}. Reading and rendering are bounded by the limits, so the call
     * ends well within any deadline; the cancellation is checked between the phases.
     */
    public TraceResult write(Path artifacts, Path output, CallContext call) {
        Path dir = artifacts.toAbsolutePath().normalize();
        Path out = output.toAbsolutePath().normalize();
        if (out.startsWith(dir) && (!dir.equals(out.getParent()) || ARTIFACT_FILES.contains(out.getFileName().toString()))) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "the trace must not replace a file of the run's artifacts")
                    .withHint("Write it beside them, e.g. `-o trace.html` or `-o " + dir.resolve("trace.html") + "`.")
                    .withDetail("output", out.toString());
        }
        RunArtifacts run = ArtifactsReader.read(dir, limits);
        call.cancellation().throwIfCancelled();
        byte[] page = TracePage.render(run).getBytes(StandardCharsets.UTF_8);
        if (page.length > limits.maxPageBytes()) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "the trace page would be " + page.length
                            + " bytes, more than " + limits.maxPageBytes())
                    .withHint("Trace a shorter run: split a long scenario into several scenario files.")
                    .withDetail("kind", "too_large").withDetail("limit", limits.maxPageBytes());
        }
        call.cancellation().throwIfCancelled();
        ArtifactFile.write(out, page);
        return new TraceResult(out.toString(), page.length, dir.toString(), run.run().runId(), run.run().status(),
                run.run().steps().size(), run.snapshots().size(), run.checksumMismatches(), run.notes());
    }
}
