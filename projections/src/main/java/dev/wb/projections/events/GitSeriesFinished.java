package dev.wb.projections.events;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.json.CanonicalJson;
import java.util.List;
import java.util.Optional;

/**
 * A {@code wb git} series ended: ok, or stopped at a failed or refused step, with what did not run.
 *
 * @param series as its steps (an unknown wire name reads as {@link GitSeriesName#START})
 * @param status {@link GitStatus#OK} (every step ran and exited 0), or the status of the step it stopped at;
 *     an unknown wire name reads as {@link GitStatus#FAILED}, which is not ok
 * @param ran steps that ran
 * @param notRun the argv of every step that did not run, from the one that failed or was refused
 * @param truncated what was dropped to fit the log, if anything was
 */
public record GitSeriesFinished(
        GitSeriesName series, GitStatus status, int ran, List<List<String>> notRun, Optional<Truncated> truncated)
        implements WbEvent {

    static final String SERIES = "series";
    static final String STATUS = "status";
    static final String RAN = "ran";
    static final String NOT_RUN = "notRun";

    public static final EventType<GitSeriesFinished> TYPE = EventType.of(
            "git.series.finished", List.of(SERIES, STATUS, RAN, NOT_RUN, Truncated.FIELD), GitSeriesFinished::read);

    /** What {@code wb status} folds of a series, streamed. */
    private static final PayloadFields STAGES = PayloadFields.of(STATUS, SERIES);

    public GitSeriesFinished {
        notRun = notRun.stream().<List<String>>map(List::copyOf).toList();
    }

    @Override
    public EventType<GitSeriesFinished> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode p = CanonicalJson.objectNode();
        p.put(SERIES, series.wireName());
        p.put(STATUS, status.wireName());
        p.put(RAN, ran);
        ArrayNode notRunArray = p.putArray(NOT_RUN);
        notRun.forEach(argv -> {
            ArrayNode words = notRunArray.addArray();
            argv.forEach(words::add);
        });
        Truncated.write(truncated, p);
        return p;
    }

    /** The series and its status only, streamed. */
    public static GitSeriesFinished readStages(EventEnvelope event) {
        return read(STAGES.read(event));
    }

    private static GitSeriesFinished read(ObjectNode p) {
        return new GitSeriesFinished(
                WireName.of(GitSeriesName.class, p.path(SERIES).asText(), GitSeriesName.START),
                WireName.of(GitStatus.class, p.path(STATUS).asText(), GitStatus.FAILED),
                p.path(RAN).asInt(),
                PayloadLists.objects(p.path(NOT_RUN), PayloadLists::texts),
                Truncated.read(p));
    }
}
