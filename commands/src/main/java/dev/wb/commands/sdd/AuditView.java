package dev.wb.commands.sdd;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.TaskFolder;
import dev.wb.commands.base.Workspace;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.engine.json.PythonJson;
import dev.wb.projections.events.audit.PlanAudited;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;

/**
 * {@code .workflow/KEY/audit.json}: the latest audit, rendered from its {@code plan.audited} event and
 * the plan it audited, for people and other tools. The original's fields come first, with its names and
 * meanings (schema 1: verdict, tier and tier_reason, baseline, under_way, the citation counts, the
 * failing findings, structure, missing_paths, plan_sha256), so a tool written for the original reads it;
 * wb's own fields follow under names of their own (the event, every citation, the stored plan's digest).
 * It is a view: editing it opens no gate, because the gate reads the log.
 */
public final class AuditView {

    private AuditView() {}

    /**
     * The audit's JSON view, in the original's fields first.
     *
     * @param plan the audited sdd.json's bytes (without a byte order mark): the claims, the ticket type
     *     and the original's {@code plan_sha256} come from it
     * @param details the audit's explanation of each citation by index, when it ran in this process
     */
    public static ObjectNode render(TaskKey key, EventEnvelope audit, byte[] plan, Map<Integer, String> details) {
        JsonNode doc = parsed(plan);
        PlanAudited p = PlanAudited.TYPE.read(audit);
        ObjectNode view = CanonicalJson.objectNode();
        view.put("schema", 1);
        view.put("key", doc.path("key").isTextual() ? doc.get("key").textValue() : key.value());
        view.put("verdict", p.verdict().wireName());
        view.put("tier", p.rigour().tier().wireName());
        // Recorded with the audit when wb records it; said again from the event for an audit recorded before.
        view.put("tier_reason", p.rigour().reason().orElseGet(() -> TierReason.of(p, doc)));
        view.put("baseline", p.anchor().baseline().orElse(""));
        view.put("under_way", p.anchor().underWay());
        view.put("citations_checked", p.findings().citations().size());
        ArrayNode findings = CanonicalJson.objectNode().arrayNode();
        for (PlanAudited.Citation c : p.findings().citations()) {
            if (!c.passes()) {
                findings.add(finding(c, doc.path("evidence").path(c.index()), details));
            }
        }
        view.put("citations_failed", findings.size());
        view.set("findings", findings);
        p.findings().structure().forEach(view.putArray("structure")::add);
        ArrayNode missing = view.putArray("missing_paths");
        for (PlanAudited.FileCheck f : p.findings().fileChecks()) {
            if (!f.passes()) {
                missing.add(f.path()
                        .orElseGet(() ->
                                doc.path("files").path(f.index()).path("path").asText("")));
            }
        }
        if (doc.isObject()) {
            PythonJson.planSha256(doc).ifPresent(sha -> view.put("plan_sha256", sha));
        }
        additions(view, key, audit, details);
        return view;
    }

    /** Renders the view and writes it atomically as the original does: indent 2, UTF-8, a trailing newline. */
    public static Path write(Workspace workspace, ObjectNode view, TaskKey key) {
        return TaskFolder.write(workspace, key, "audit.json", PythonJson.dumps(view, PythonJson.Style.ARTIFACT) + "\n");
    }

    /** One failing citation as the original records it: {index, verdict, file, line, claim, detail?}. */
    private static ObjectNode finding(PlanAudited.Citation c, JsonNode citation, Map<Integer, String> details) {
        ObjectNode f = CanonicalJson.objectNode();
        f.put("index", c.index());
        f.put("verdict", c.verdict().wireName());
        f.put("file", c.file().orElseGet(() -> citation.path("file").asText("")));
        f.put("line", c.line());
        f.put(
                "claim",
                citation.path("claim").isTextual() ? citation.get("claim").textValue() : "");
        String detail = details.getOrDefault(c.index(), "");
        if (!detail.isEmpty()) {
            f.put("detail", detail);
        }
        return f;
    }

    /** wb's own fields, after the original's: the event, and every recorded field the original has no name for. */
    private static void additions(ObjectNode view, TaskKey key, EventEnvelope audit, Map<Integer, String> details) {
        view.put("note", "rendered by wb from the event log; editing this file changes nothing");
        view.put("task", key.value());
        view.put("event", audit.eventId());
        view.put("version", audit.version());
        view.put("time", audit.time().toString());
        view.put("actor", audit.actor().describe());
        view.put("hash", audit.hash());
        Iterator<Map.Entry<String, JsonNode>> fields =
                audit.payload().json().properties().iterator();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> field = fields.next();
            if (!view.has(field.getKey())) {
                view.set(field.getKey(), field.getValue().deepCopy());
            }
        }
        for (JsonNode c : view.path("citations")) {
            String detail = details.getOrDefault(c.path("index").asInt(), "");
            if (!detail.isEmpty()) {
                ((ObjectNode) c).put("detail", detail);
            }
        }
    }

    private static JsonNode parsed(byte[] plan) {
        try {
            return PythonJson.parse(plan);
        } catch (IllegalArgumentException e) {
            return MissingNode.getInstance();
        }
    }
}
