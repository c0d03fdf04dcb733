package dev.wb.projections.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.projections.events.run.RunDecomposed;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** A {@link RunSubtasks} as JSON, inside {@link RunStateJson}: the decision as {@code run.decomposed} writes it. */
final class RunSubtasksJson {

    private RunSubtasksJson() {}

    static void write(ObjectNode n, RunSubtasks s) {
        n.setAll(new RunDecomposed("", s.accepted(), s.reason(), s.sharedBudget(), s.specs()).payload());
        n.remove("node");
        n.put("current", s.current());
        n.put("mark", s.mark());
        ArrayNode finished = n.putArray("finished");
        for (RunSubtasks.Finished f : s.finished()) {
            ObjectNode o = finished.addObject().put("order", f.order());
            f.head().ifPresent(h -> o.put("head", h));
            ArrayNode paths = o.putArray("changedPaths");
            f.changedPaths().forEach(paths::add);
        }
    }

    static RunSubtasks read(JsonNode n) {
        if (!(n instanceof ObjectNode o)) {
            throw new IllegalArgumentException("subtasks is not an object");
        }
        RunDecomposed d = RunDecomposed.TYPE.read(o);
        List<RunSubtasks.Finished> finished = new ArrayList<>();
        for (JsonNode f : n.required("finished")) {
            List<String> paths = new ArrayList<>();
            f.required("changedPaths").forEach(p -> paths.add(p.asText()));
            finished.add(new RunSubtasks.Finished(
                    f.required("order").intValue(),
                    Optional.ofNullable(f.get("head")).map(JsonNode::asText),
                    paths));
        }
        return new RunSubtasks(
                true,
                d.accepted(),
                d.reason(),
                d.sharedBudget(),
                d.subtasks(),
                n.required("current").intValue(),
                finished,
                n.path("mark").asInt(0));
    }
}
