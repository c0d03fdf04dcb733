package dev.wb.commands.preflight;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.projections.events.PreflightCompleted;
import dev.wb.projections.events.PreflightCompleted.LineVerdict;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What {@code wb preflight} found: its lines in their fixed order, the env-file it loaded (the path,
 * never a value) and the paid probe's record when one was asked for. Ready means no FAIL line. The
 * JSON form is both the {@code --json} document and the {@code preflight.completed} payload.
 */
public record PreflightReport(
        List<PreflightLine> lines, Optional<Path> envFile, Optional<PreflightCompleted.PaidProbe> paidProbe) {

    public PreflightReport {
        lines = List.copyOf(lines);
    }

    public long failures() {
        return lines.stream().filter(l -> l.verdict() == LineVerdict.FAIL).count();
    }

    public long warnings() {
        return lines.stream().filter(l -> l.verdict() == LineVerdict.WARN).count();
    }

    public boolean ready() {
        return failures() == 0;
    }

    /** {@code ready} or {@code not ready}. */
    public PreflightCompleted.Readiness verdict() {
        return ready() ? PreflightCompleted.Readiness.READY : PreflightCompleted.Readiness.NOT_READY;
    }

    /** The last line printed: {@code preflight: ready} or {@code preflight: not ready — N failure(s)}. */
    public String verdictLine() {
        return ready() ? "preflight: ready" : "preflight: not ready — " + failures() + " failure(s)";
    }

    /** The run as its {@code preflight.completed} event records it, whole (the log fits it: {@link Preflight#record}). */
    public PreflightCompleted toEvent() {
        return new PreflightCompleted(
                lines.stream()
                        .map(l -> new PreflightCompleted.Line(l.subject(), l.verdict(), l.text()))
                        .toList(),
                verdict(),
                failures(),
                warnings(),
                envFile.map(Path::toString),
                paidProbe,
                Optional.empty());
    }

    /** The {@code --json} document: the event's payload, whole. */
    public ObjectNode toJson() {
        return toEvent().payload();
    }
}
