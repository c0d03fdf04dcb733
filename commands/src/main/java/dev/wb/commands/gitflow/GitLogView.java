package dev.wb.commands.gitflow;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.EventEnvelope;
import dev.wb.gitrun.GitCommandText;
import dev.wb.projections.events.GitSeriesFinished;
import dev.wb.projections.events.GitStatus;
import dev.wb.projections.events.GitStepRan;
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
        List<GitStepRan> steps = new ArrayList<>();
        for (EventEnvelope event : events) {
            if (GitStepRan.TYPE.matches(event)) {
                steps.add(GitStepRan.TYPE.read(event));
            } else if (GitSeriesFinished.TYPE.matches(event)) {
                runs.add(run(event, GitSeriesFinished.TYPE.read(event), steps));
                steps = new ArrayList<>();
            }
        }
        return runs;
    }

    private static ObjectNode run(EventEnvelope end, GitSeriesFinished finished, List<GitStepRan> steps) {
        ObjectNode run = JsonNodeFactory.instance.objectNode();
        run.put("schema", 1);
        run.put("at", end.time().getEpochSecond());
        boolean ok = finished.status() == GitStatus.OK;
        run.put("ok", ok);
        run.put("stopped", ok || steps.isEmpty() ? "" : stopped(steps.get(steps.size() - 1)));
        ArrayNode list = run.putArray("steps");
        steps.forEach(step -> list.add(step(step)));
        run.put("series", finished.series().wireName());
        run.put("version", end.version());
        run.put("time", end.time().toString());
        run.put("status", finished.status().wireName());
        run.put("ran", finished.ran());
        ArrayNode notRun = run.putArray("notRun");
        finished.notRun().forEach(argv -> notRun.add(GitCommandText.print(argv)));
        return run;
    }

    /** Why the series stopped, in the original's words: the refusal, or {@code <command> exited N}. */
    private static String stopped(GitStepRan last) {
        if (last.status() == GitStatus.REFUSED) {
            return last.refusal().orElse("");
        }
        return GitCommandText.print(last.argv()) + " exited " + last.exitCode();
    }

    /**
     * One step: {command, exit_code, output?, refused?}. A refused step never ran, and the original gives it
     * exit_code 0 with the refusal beside it; wb's own exit code (-1) is kept as exitCode.
     */
    private static ObjectNode step(GitStepRan s) {
        ObjectNode step = JsonNodeFactory.instance.objectNode();
        boolean refused = s.status() == GitStatus.REFUSED;
        step.put("command", GitCommandText.print(s.argv()));
        step.put("exit_code", refused ? 0 : s.exitCode());
        String output = s.output().strip();
        if (!output.isEmpty()) {
            step.put("output", output);
        }
        if (refused) {
            step.put("refused", s.refusal().orElse(""));
        }
        step.put("index", s.index());
        ArrayNode argv = step.putArray("argv");
        s.argv().forEach(argv::add);
        step.put("status", s.status().wireName());
        step.put("exitCode", s.exitCode());
        step.put("durationMs", s.durationMs());
        return step;
    }
}
