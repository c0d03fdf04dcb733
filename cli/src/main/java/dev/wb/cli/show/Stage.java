package dev.wb.cli.show;

import dev.wb.engine.EventEnvelope;
import dev.wb.projections.catalog.Lane;
import dev.wb.projections.events.ChecksRan;
import dev.wb.projections.events.EventType;
import dev.wb.projections.events.FlowValidated;
import dev.wb.projections.events.GitSeriesFinished;
import dev.wb.projections.events.GitStepRan;
import dev.wb.projections.events.PreflightCompleted;
import dev.wb.projections.events.ScopeChecked;
import dev.wb.projections.events.audit.PlanAudited;
import dev.wb.projections.events.judge.JudgeRecordVerified;
import dev.wb.projections.events.judge.JudgeRunFinished;
import dev.wb.projections.events.judge.JudgeRunRefused;
import dev.wb.projections.events.judge.ReviewGated;
import dev.wb.projections.events.run.RunFinished;
import dev.wb.projections.events.run.RunParked;
import dev.wb.projections.events.run.RunStarted;
import dev.wb.projections.events.verify.VerifyFinished;
import dev.wb.projections.events.verify.VerifyStarted;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The stages of {@code wb show}: one per {@link Lane} (the page's timeline has the same lanes, so both
 * place every type alike), each with the one word its events add up to.
 */
enum Stage {
    PLAN,
    SCOPE,
    VERIFY,
    GIT,
    REVIEW,
    RUN,
    SYNC,
    OTHER;

    /** The lane this stage shows. */
    Lane lane() {
        return Lane.valueOf(name());
    }

    String word() {
        return lane().word();
    }

    /** Whether the stage is shown when it has no event (the five stages of a task's work are). */
    boolean always() {
        return lane().always();
    }

    /** The stage an event of this type belongs to. */
    static Stage of(String type) {
        return valueOf(Lane.of(type).name());
    }

    /** One word for a stage and how it reads: the state its events add up to. */
    record State(String word, Tone tone) {}

    /**
     * What the stage's events, in order, add up to; {@code none} when it has none. Only the last event of
     * each type and the order of those last events count, so the last of each type alone, in their
     * order, gives the same state ({@link Timeline} keeps no more).
     */
    State state(List<EventEnvelope> events) {
        if (events.isEmpty()) {
            return new State("none", Tone.PLAIN);
        }
        return switch (this) {
            case PLAN ->
                last(events, PlanAudited.TYPE)
                        .map(e -> verdict(PlanAudited.TYPE.read(e).verdict().wireName()))
                        .orElse(new State("pending", Tone.WARN));
            case SCOPE ->
                last(events, ScopeChecked.TYPE)
                        .map(e -> verdict(ScopeChecked.TYPE.read(e).verdict().wireName()))
                        .orElse(new State("pending", Tone.WARN));
            case VERIFY -> verify(events);
            case GIT -> git(events);
            case REVIEW -> review(events);
            case RUN -> run(events);
            case SYNC -> new State("seen", Tone.PLAIN);
            case OTHER -> new State("recorded", Tone.PLAIN);
        };
    }

    /** A verify run decides the stage; else the latest checks run; else the latest preflight or flow check. */
    private static State verify(List<EventEnvelope> events) {
        EventEnvelope run = null;
        EventEnvelope checks = null;
        EventEnvelope other = null;
        for (EventEnvelope e : events) {
            if (VerifyStarted.TYPE.matches(e) || VerifyFinished.TYPE.matches(e)) {
                run = e;
            } else if (ChecksRan.TYPE.matches(e)) {
                checks = e;
            } else if (PreflightCompleted.TYPE.matches(e) || FlowValidated.TYPE.matches(e)) {
                other = e;
            }
        }
        if (run != null) {
            return VerifyFinished.TYPE.matches(run)
                    ? verdict(VerifyFinished.TYPE.read(run).verdict().wireName())
                    : new State("unfinished", Tone.WARN);
        }
        if (checks != null) {
            return verdict(ChecksRan.TYPE.read(checks).verdict().wireName());
        }
        if (other != null) {
            return Tone.of(other) == Tone.GOOD ? new State("passed", Tone.GOOD) : new State("failed", Tone.BAD);
        }
        return new State("pending", Tone.WARN);
    }

    /** The latest series decides; a step after it with no series' end is a series cut short. */
    private static State git(List<EventEnvelope> events) {
        EventEnvelope end = null;
        boolean stepAfter = false;
        for (EventEnvelope e : events) {
            if (GitSeriesFinished.TYPE.matches(e)) {
                end = e;
                stepAfter = false;
            } else if (GitStepRan.TYPE.matches(e)) {
                stepAfter = true;
            }
        }
        if (stepAfter || end == null) {
            return new State("unfinished", Tone.WARN);
        }
        return verdict(GitSeriesFinished.TYPE.read(end).status().wireName());
    }

    /** The latest verified record decides; before one, the latest validation run. */
    private static State review(List<EventEnvelope> events) {
        Optional<EventEnvelope> verified = last(events, JudgeRecordVerified.TYPE);
        if (verified.isPresent()) {
            JudgeRecordVerified record = JudgeRecordVerified.TYPE.read(verified.get());
            if (record.approved()) {
                return new State("approved", Tone.GOOD);
            }
            return record.valid()
                    ? new State(word(record.verdict().orElse("not-approved")), Tone.WARN)
                    : new State("invalid", Tone.BAD);
        }
        EventEnvelope run = null;
        for (EventEnvelope e : events) {
            if (JudgeRunFinished.TYPE.matches(e) || JudgeRunRefused.TYPE.matches(e)) {
                run = e;
            }
        }
        if (run == null) {
            // No judge yet: the latest wb review gates, if any, says how the diff stands.
            return last(events, ReviewGated.TYPE)
                    .map(e -> ReviewGated.TYPE.read(e).passed()
                            ? new State("gates-passed", Tone.GOOD)
                            : new State("gates-failed", Tone.BAD))
                    .orElse(new State("pending", Tone.WARN));
        }
        if (JudgeRunRefused.TYPE.matches(run)) {
            return new State("refused", Tone.BAD);
        }
        return verdict(JudgeRunFinished.TYPE.read(run).outcome().wireName());
    }

    /** The latest run's end decides; before it, parked or running. */
    private static State run(List<EventEnvelope> events) {
        EventEnvelope lastRun = null;
        for (EventEnvelope e : events) {
            if (RunFinished.TYPE.matches(e) || RunParked.TYPE.matches(e) || RunStarted.TYPE.matches(e)) {
                lastRun = e;
            }
        }
        if (lastRun == null || RunStarted.TYPE.matches(lastRun)) {
            return new State("running", Tone.WARN);
        }
        if (RunParked.TYPE.matches(lastRun)) {
            return new State("parked", Tone.WARN);
        }
        return switch (RunFinished.TYPE.read(lastRun).status()) {
            case DONE -> new State("done", Tone.GOOD);
            case FAILED -> new State("failed", Tone.BAD);
            case MANUAL -> new State("manual", Tone.WARN);
        };
    }

    /** A recorded verdict as the state's one word. */
    private static State verdict(String verdict) {
        return switch (verdict) {
            case "pass", "passed", "ok" -> new State("passed", Tone.GOOD);
            case "fail", "failed" -> new State("failed", Tone.BAD);
            case "deviation", "refused", "invalidated" -> new State(verdict, Tone.BAD);
            default -> new State(verdict.isBlank() ? "unknown" : word(verdict), Tone.WARN);
        };
    }

    /** A payload's word made one lowercase word (the state is printed as is, so it is escaped too). */
    private static String word(String text) {
        String word = text.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
        return word.length() > 24 ? word.substring(0, 24) : word;
    }

    private static Optional<EventEnvelope> last(List<EventEnvelope> events, EventType<?> type) {
        EventEnvelope found = null;
        for (EventEnvelope e : events) {
            if (type.matches(e)) {
                found = e;
            }
        }
        return Optional.ofNullable(found);
    }
}
