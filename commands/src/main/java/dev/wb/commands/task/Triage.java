package dev.wb.commands.task;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.TicketProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A ticket distilled into triage.json's shape, the original's ({@code schema.Task.to_dict}): {@code
 * schema}, {@code provider}, {@code key}, {@code title}, {@code type}, {@code status}, {@code
 * assignee}, {@code updated}, {@code url}, {@code desc}, {@code desc_chars}, {@code comments}, {@code
 * linked}, {@code linked_total}, {@code _expand}, and {@code _unmapped} / {@code _truncated} when
 * there is something to say.
 */
final class Triage {

    /** The original's caps: a title of 160 characters, a description of 800. */
    static final int TITLE_CHARS = 160;

    static final int DESC_CHARS = 800;

    /** GitHub has no issue type: the first of these labels the issue carries names it (the original's table). */
    private static final List<List<String>> LABEL_TYPES = List.of(
            List.of("bug", "bug"),
            List.of("defect", "bug"),
            List.of("enhancement", "feature"),
            List.of("feature", "feature"),
            List.of("chore", "chore"),
            List.of("documentation", "chore"),
            List.of("support", "support"),
            List.of("question", "support"));

    private Triage() {}

    /** {@code gh issue view --json number,title,body,labels,state,stateReason,assignees,updatedAt,url}, distilled. */
    static ObjectNode fromGithub(TaskKey key, JsonNode issue) {
        List<String> unmapped = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        issue.path("labels").forEach(l -> labels.add(l.path("name").asText("").toLowerCase(Locale.ROOT)));
        String type = "feature";
        boolean typed = false;
        for (List<String> pair : LABEL_TYPES) {
            if (!typed && labels.contains(pair.get(0))) {
                type = pair.get(1);
                typed = true;
            }
        }
        if (!typed) {
            unmapped.add("type: no label names one; read as feature");
        }
        String state = issue.path("state").asText("").toLowerCase(Locale.ROOT);
        String reason = issue.path("stateReason").asText("").toLowerCase(Locale.ROOT);
        String status = state.equals("closed") && !reason.isEmpty() && !reason.equals("completed")
                ? "closed (" + reason.replace('_', ' ') + ")"
                : state;
        JsonNode assignees = issue.path("assignees");
        String assignee = assignees.size() > 0 ? assignees.get(0).path("login").asText("") : null;
        return build(new Fields(
                TicketProvider.GITHUB,
                key,
                issue.path("title").asText(""),
                type,
                status,
                assignee,
                issue.path("updatedAt").asText(""),
                issue.path("url").asText(""),
                issue.path("body").asText(""),
                unmapped));
    }

    /** A local backlog file, {@code .workflow/tasks/KEY.json}, distilled. */
    static ObjectNode fromLocal(TaskKey key, JsonNode task, String url) {
        return build(new Fields(
                TicketProvider.LOCAL,
                key,
                task.path("title").asText(""),
                task.path("type").asText("feature"),
                task.path("status").asText("open"),
                null,
                task.path("updated").asText(""),
                url,
                task.path("desc").asText(""),
                List.of()));
    }

    private record Fields(
            TicketProvider provider,
            TaskKey key,
            String title,
            String type,
            String status,
            String assignee,
            String updated,
            String url,
            String desc,
            List<String> unmapped) {}

    private static ObjectNode build(Fields f) {
        ObjectNode doc = CanonicalJson.objectNode();
        doc.put("schema", 1);
        doc.put("provider", f.provider().wireName());
        doc.put("key", f.key().value());
        doc.put("title", cap(String.join(" ", f.title().strip().split("\\s+")), TITLE_CHARS));
        doc.put("type", f.type());
        doc.put("status", f.status());
        doc.put("assignee", f.assignee());
        doc.put("updated", f.updated());
        doc.put("url", f.url());
        String desc = f.desc().replace("\r\n", "\n").strip();
        doc.put("desc", cap(desc, DESC_CHARS));
        doc.put("desc_chars", desc.length());
        ObjectNode comments = doc.putObject("comments");
        comments.put("total", 0);
        comments.putArray("recent");
        doc.putArray("linked");
        doc.put("linked_total", 0);
        doc.putArray("_expand");
        if (!f.unmapped().isEmpty()) {
            f.unmapped().forEach(doc.putArray("_unmapped")::add);
        }
        if (desc.length() > DESC_CHARS) {
            doc.putArray("_truncated").add("desc");
        }
        return doc;
    }

    private static String cap(String text, int chars) {
        return text.length() <= chars ? text : text.substring(0, chars - 1) + "…";
    }
}
