package dev.wb.commands.gitflow;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.EventEnvelope;
import dev.wb.gitrun.GitCommandText;
import dev.wb.projections.events.WbEvents;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code .workflow/KEY/git.log.json} as the original writes it: a JSON list of runs, one per executed
 * series, {@code {schema: 1, at: <unix seconds>, ok, stopped, steps: [{command, exit_code, output?,
 * refused?}]}}, rendered from the task's {@code git.step.ran} and {@code git.series.finished} events. wb's
 * own fields follow in each run and step (the series, the event, argv, status, duration, what did not run).
 */
public final class GitLogView {

    private GitLogView() {}

    /** Every executed series among the events, oldest first; steps of a series whose end is missing are left out. */
    public static ArrayNode render(List<EventEnvelope> events) {
        ArrayNode runs = JsonNodeFactory.instance.arrayNode();
        List<JsonNode> steps = new ArrayList<>();
        for (EventEnvelope event : events) {
            if (event.type().equals(WbEvents.GIT_STEP_RAN)) {
                steps.add(event.payload().json());
            } else if (event.type().equals(WbEvents.GIT_SERIES_FINISHED)) {
                runs.add(run(event, steps));
                steps = new ArrayList<>();
            }
        }
        return runs;
    }

    private static ObjectNode run(EventEnvelope end, List<JsonNode> steps) {
        JsonNode finished = end.payload().json();
        ObjectNode run = JsonNodeFactory.instance.objectNode();
        run.put("schema", 1);
        run.put("at", end.time().getEpochSecond());
        boolean ok = finished.path("status").asText().equals("ok");
        run.put("ok", ok);
        run.put("stopped", ok || steps.isEmpty() ? "" : stopped(steps.get(steps.size() - 1)));
        ArrayNode list = run.putArray("steps");
        steps.forEach(step -> list.add(step(step)));
        run.put("series", finished.path("series").asText());
        run.put("version", end.version());
        run.put("time", end.time().toString());
        run.put("status", finished.path("status").asText());
        run.put("ran", finished.path("ran").asInt());
        ArrayNode notRun = run.putArray("notRun");
        finished.path("notRun").forEach(argv -> notRun.add(GitCommandText.print(strings(argv))));
        return run;
    }

    /** Why the series stopped, in the original's words: the refusal, or {@code <command> exited N}. */
    private static String stopped(JsonNode last) {
        if (last.path("status").asText().equals("refused")) {
            return last.path("refusal").asText();
        }
        return command(last) + " exited " + last.path("exitCode").asInt();
    }

    /**
     * One step: {command, exit_code, output?, refused?}. A refused step never ran, and the original gives it
     * exit_code 0 with the refusal beside it; wb's own exit code (-1) is kept as exitCode.
     */
    private static ObjectNode step(JsonNode s) {
        ObjectNode step = JsonNodeFactory.instance.objectNode();
        boolean refused = s.path("status").asText().equals("refused");
        step.put("command", command(s));
        step.put("exit_code", refused ? 0 : s.path("exitCode").asInt());
        String output = s.path("output").asText().strip();
        if (!output.isEmpty()) {
            step.put("output", output);
        }
        if (refused) {
            step.put("refused", s.path("refusal").asText());
        }
        step.put("index", s.path("index").asInt());
        step.set("argv", s.path("argv").deepCopy());
        step.put("status", s.path("status").asText());
        step.put("exitCode", s.path("exitCode").asInt());
        step.put("durationMs", s.path("durationMs").asLong());
        return step;
    }

    private static String command(JsonNode step) {
        return GitCommandText.print(strings(step.path("argv")));
    }

    private static List<String> strings(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(v -> values.add(v.asText()));
        return values;
    }
}
