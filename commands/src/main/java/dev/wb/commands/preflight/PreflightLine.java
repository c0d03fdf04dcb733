package dev.wb.commands.preflight;

import dev.wb.projections.events.PreflightCompleted.LineVerdict;
import java.util.Objects;

/**
 * One line of {@code wb preflight}'s report: its subject ({@code env}, {@code claude},
 * {@code isolation}…), its verdict (the one {@code preflight.completed} records), and the whole line as
 * printed. Only {@link LineVerdict#FAIL} and {@link LineVerdict#WARN} count toward the verdict; the others say
 * what is, without judging it.
 */
public record PreflightLine(String subject, LineVerdict verdict, String text) {

    public PreflightLine {
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(verdict, "verdict");
        Objects.requireNonNull(text, "text");
    }

    /** {@code subject: VERDICT — detail}, the shape most lines take. */
    public static PreflightLine of(String subject, LineVerdict verdict, String detail) {
        return new PreflightLine(subject, verdict, subject + ": " + verdict + " — " + detail);
    }

    /** {@code subject: VERDICT (detail)}, the shape of SKIP and of the isolation lines. */
    public static PreflightLine paren(String subject, LineVerdict verdict, String detail) {
        return new PreflightLine(subject, verdict, subject + ": " + verdict + " (" + detail + ")");
    }

    /** The same line with {@code — detail} appended. */
    public PreflightLine withDetail(String detail) {
        return new PreflightLine(subject, verdict, text + " — " + detail);
    }
}
