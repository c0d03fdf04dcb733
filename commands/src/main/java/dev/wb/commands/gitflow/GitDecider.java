package dev.wb.commands.gitflow;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.checks.EventFit;
import dev.wb.engine.NewEvent;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.gitrun.GitStep;
import dev.wb.gitrun.SeriesResult;
import dev.wb.gitrun.StepOutcome;
import dev.wb.projections.events.WbEvents;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The events that record an executed series: one per step that ran or was refused, then its end. */
public final class GitDecider {

    private GitDecider() {}

    public static List<NewEvent> events(String series, List<GitStep> steps, SeriesResult result) {
        List<NewEvent> events = new ArrayList<>();
        List<StepOutcome> recorded = new ArrayList<>(result.ran());
        result.failed().ifPresent(recorded::add);
        for (StepOutcome outcome : recorded) {
            ObjectNode p = CanonicalJson.objectNode();
            p.put("series", series);
            p.put("index", steps.indexOf(outcome.step()));
            outcome.step().argv().forEach(p.putArray("argv")::add);
            p.put("status", outcome.status().name().toLowerCase(Locale.ROOT));
            p.put("exitCode", outcome.exitCode());
            p.put("output", outcome.output());
            if (!outcome.refusal().isEmpty()) {
                p.put("refusal", outcome.refusal());
            }
            p.put("durationMs", outcome.duration().toMillis());
            events.add(new NewEvent(WbEvents.GIT_STEP_RAN, WbEvents.GIT_STEP_RAN_VERSION, p));
        }
        ObjectNode end = CanonicalJson.objectNode();
        end.put("series", series);
        end.put(
                "status",
                result.failed()
                        .map(f -> f.status().name().toLowerCase(Locale.ROOT))
                        .orElse("ok"));
        end.put(
                "ran",
                result.ran().size()
                        + (result.failed()
                                        .filter(f -> f.status() == StepOutcome.Status.FAILED)
                                        .isPresent()
                                ? 1
                                : 0));
        ArrayNode notRun = end.putArray("notRun");
        result.notRun().forEach(step -> {
            ArrayNode argv = notRun.addArray();
            step.argv().forEach(argv::add);
        });
        events.add(new NewEvent(WbEvents.GIT_SERIES_FINISHED, WbEvents.GIT_SERIES_FINISHED_VERSION, end));
        return EventFit.fit(events);
    }
}
