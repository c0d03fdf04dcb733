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
        if (ops.checkRuns() > 0 || ops.preflights() > 0 || ops.flowValidations() > 0) {
            ObjectNode o = node.putObject("operations");
            o.put("checkRuns", ops.checkRuns())
                    .put("lastChecks", ops.lastChecks().isEmpty() ? null : ops.lastChecks())
                    .put("autoMergeBlocked", ops.autoMergeBlocked())
                    .put("preflights", ops.preflights())
                    .put("lastPreflight", ops.lastPreflight().isEmpty() ? null : ops.lastPreflight())
                    .put("flowValidations", ops.flowValidations())
                    .put("flowsInvalid", ops.flowsInvalid());
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
