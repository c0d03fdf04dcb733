package dev.wb.commands.judge.reproduce;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.judge.reproduce.JudgeReproduce.CommandResult;
import dev.wb.commands.judge.reproduce.JudgeReproduce.Result;
import dev.wb.commands.judge.snapshot.Snapshots;
import dev.wb.engine.json.CanonicalJson;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/** What a reproduction reports: the message a person reads and the CLI's JSON. */
public final class ReproduceReport {

    private ReproduceReport() {}

    static String message(
            boolean ran,
            List<CommandResult> results,
            List<String> mismatched,
            List<String> unchanged,
            Collection<String> stray) {
        List<String> parts = new ArrayList<>();
        if (!ran) {
            results.stream()
                    .filter(r -> r.status().equals("failed"))
                    .findFirst()
                    .ifPresent(r -> parts.add("command " + r.index() + " (" + r.command() + ") failed (" + r.ended()
                            + ", exit code " + r.exitCode() + ")"));
        }
        if (!mismatched.isEmpty()) {
            parts.add("declared paths that differ from the snapshot: " + String.join(", ", mismatched));
        }
        if (!unchanged.isEmpty()) {
            parts.add("declared paths the generator left unchanged: " + String.join(", ", unchanged));
        }
        if (!stray.isEmpty()) {
            parts.add("paths written outside the declaration: " + Snapshots.sample(List.copyOf(stray)));
        }
        return String.join("; ", parts);
    }

    /** For the CLI's JSON: the result's lists and verdict, as documented. */
    public static ObjectNode json(Result result) {
        ObjectNode doc = CanonicalJson.objectNode();
        doc.put("outcome", result.outcome().wire());
        doc.put("passed", result.passed());
        doc.put("taskId", result.snapshot().taskId());
        doc.put("snapshot", result.snapshot().label());
        doc.put("base", result.base());
        doc.put("generatorCommit", result.generatorCommit());
        result.commands().forEach(doc.putArray("commands")::add);
        var list = doc.putArray("results");
        for (CommandResult r : result.results()) {
            ObjectNode node = list.addObject();
            node.put("index", r.index());
            node.put("command", r.command());
            node.put("status", r.status());
            node.put("exitCode", r.exitCode());
            node.put("ended", r.ended());
            r.evidence().ifPresent(e -> node.put("evidence", e));
        }
        doc.set("mismatched", strings(result.mismatched()));
        doc.set("unchanged", strings(result.unchanged()));
        doc.set("stray", strings(result.stray()));
        var details = doc.putArray("differences");
        result.details()
                .forEach(d -> details.addObject()
                        .put("path", d.path())
                        .put("expected", d.expected())
                        .put("actual", d.actual()));
        doc.put("message", result.message());
        result.event().ifPresentOrElse(e -> doc.put("event", e.eventId()), () -> doc.putNull("event"));
        return doc;
    }

    private static ArrayNode strings(List<String> values) {
        var array = CanonicalJson.objectNode().arrayNode();
        values.forEach(array::add);
        return array;
    }
}
