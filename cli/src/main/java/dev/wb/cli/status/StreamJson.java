package dev.wb.cli.status;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.status.StatusQuery.StreamStatus;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.activity.Activity;
import dev.wb.projections.status.Operations;

/** One stream's status as {@code wb status --json} writes it: operations, activity, chain, stages. */
final class StreamJson {

    private StreamJson() {}

    static ObjectNode of(StreamStatus status) {
        ObjectNode node = CanonicalJson.objectNode();
        node.put("stream", status.stream().name());
        Operations ops = status.operations();
        if (ops.checks().runs() > 0 || ops.preflight().runs() > 0 || ops.flows().runs() > 0) {
            ObjectNode o = node.putObject("operations");
            o.put("checkRuns", ops.checks().runs())
                    .put(
                            "lastChecks",
                            ops.checks().latest().isEmpty()
                                    ? null
                                    : ops.checks().latest())
                    .put("autoMergeBlocked", ops.checks().autoMergeBlocked())
                    .put("preflights", ops.preflight().runs())
                    .put(
                            "lastPreflight",
                            ops.preflight().latest().isEmpty()
                                    ? null
                                    : ops.preflight().latest())
                    .put("flowValidations", ops.flows().runs())
                    .put("flowsInvalid", ops.flows().invalid());
        }
        node.setAll((ObjectNode) Activity.INSTANCE.toJson(status.activity()));
        status.brokenAt()
                .ifPresent(at -> node.putObject("chain").put("intact", false).put("firstBreak", at));
        status.task().ifPresent(task -> {
            ObjectNode stages = node.putObject("stages");
            task.stages()
                    .forEach(s -> stages.putObject(s.stage().word())
                            .put("mark", s.mark().word())
                            .put("detail", s.detail()));
            // The scope as the working tree stands now, beside the recorded check's mark.
            task.live().ifPresent(live -> {
                ArrayNode outside = ((ObjectNode) stages.get("scope")).putArray("liveOutside");
                live.outside().forEach(outside::add);
            });
            task.next().ifPresentOrElse(next -> node.put("next", next), () -> node.putNull("next"));
            task.current().ifPresentOrElse(c -> node.put("current", c.stage().word()), () -> node.putNull("current"));
        });
        return node;
    }
}
