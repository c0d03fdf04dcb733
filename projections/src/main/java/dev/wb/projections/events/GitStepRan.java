package dev.wb.projections.events;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.json.CanonicalJson;
import java.util.List;
import java.util.Optional;

/**
 * One step of a {@code wb git} series ran with {@code --execute}, or was refused before it ran.
 *
 * @param series {@code start}, {@code commit}, {@code push} or {@code carry}; an unknown wire name reads as
 *     {@link GitSeriesName#START}, which counts as no commit
 * @param index the step's position in the series
 * @param argv exactly what ran after {@code git} (or would have)
 * @param status how it ended; an unknown wire name reads as {@link GitStatus#FAILED}, which is not ok
 * @param exitCode -1 when git did not run
 * @param output the last characters of its output
 * @param refusal why it was refused, for {@code refused} only
 * @param truncated what was dropped to fit the log, if anything was
 */
public record GitStepRan(
        GitSeriesName series,
        int index,
        List<String> argv,
        GitStatus status,
        int exitCode,
        String output,
        Optional<String> refusal,
        long durationMs,
        Optional<Truncated> truncated)
        implements WbEvent {

    static final String SERIES = "series";
    static final String INDEX = "index";
    static final String ARGV = "argv";
    static final String STATUS = "status";
    static final String EXIT_CODE = "exitCode";
    static final String OUTPUT = "output";
    static final String REFUSAL = "refusal";
    static final String DURATION_MS = "durationMs";

    public static final EventType<GitStepRan> TYPE = EventType.of(
            "git.step.ran",
            List.of(SERIES, INDEX, ARGV, STATUS, EXIT_CODE, OUTPUT, REFUSAL, DURATION_MS, Truncated.FIELD),
            GitStepRan::read);

    /** What {@code wb status} folds of a step, streamed. */
    private static final PayloadFields STAGES = PayloadFields.of(STATUS);

    public GitStepRan {
        argv = List.copyOf(argv);
    }

    @Override
    public EventType<GitStepRan> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode p = CanonicalJson.objectNode();
        p.put(SERIES, series.wireName());
        p.put(INDEX, index);
        PayloadLists.putTexts(p, ARGV, argv);
        p.put(STATUS, status.wireName());
        p.put(EXIT_CODE, exitCode);
        p.put(OUTPUT, output);
        refusal.ifPresent(r -> p.put(REFUSAL, r));
        p.put(DURATION_MS, durationMs);
        Truncated.write(truncated, p);
        return p;
    }

    /** The status only, streamed (the rest reads as empty). */
    public static GitStepRan readStages(EventEnvelope event) {
        return read(STAGES.read(event));
    }

    private static GitStepRan read(ObjectNode p) {
        return new GitStepRan(
                WireName.of(GitSeriesName.class, p.path(SERIES).asText(), GitSeriesName.START),
                p.path(INDEX).asInt(),
                PayloadLists.texts(p.path(ARGV)),
                WireName.of(GitStatus.class, p.path(STATUS).asText(), GitStatus.FAILED),
                p.path(EXIT_CODE).asInt(),
                p.path(OUTPUT).asText(),
                PayloadLists.optionalText(p.path(REFUSAL)),
                p.path(DURATION_MS).asLong(),
                Truncated.read(p));
    }
}
