package dev.wb.commands.show;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.Failure;
import dev.wb.commands.Session;
import dev.wb.commands.Workspace;
import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.config.WorkspaceRedactor;
import dev.wb.commands.process.CappedOutput;
import dev.wb.commands.process.Redactor;
import java.util.Map;

/**
 * The one redactor of a page: the workspace's ({@link WorkspaceRedactor}: {@code .workflow/.env}'s
 * values, the secret-named variables, what config.json holds secret, the credential shapes). A page is
 * a read-only view, so a config.json or env-file that cannot be read does not stop it: it falls back to
 * what is known without them, as {@code wb status} does. Every payload string (and every field name)
 * and every output line passes through it before it reaches the page. A short string is redacted once and
 * remembered for the rest of the page's making (one redactor serves one command): a history repeats the
 * same names, verdicts and paths thousands of times.
 */
public final class PageRedactor {

    private final Redactor redactor;

    private PageRedactor(Redactor redactor) {
        this.redactor = redactor;
    }

    static PageRedactor of(Session session) {
        return new PageRedactor(lenient(session).remembering());
    }

    /**
     * The workspace's redactor for a read-only view (a page, {@code wb show}, {@code wb replay}'s
     * summaries): a config.json or env-file that cannot be read leaves what is known without it.
     */
    public static Redactor lenient(Session session) {
        Workspace ws = session.workspace();
        Map<String, String> env = session.env();
        Redactor redactor;
        try {
            redactor = WorkspaceRedactor.lenient(ws, WorkspaceConfig.load(ws), env, Map.of());
        } catch (Failure unreadableConfig) {
            try {
                redactor = Redactor.forWorkspace(ws, env);
            } catch (Failure unreadableEnvFile) {
                redactor = Redactor.forEnvironment(env);
            }
        }
        return redactor;
    }

    String text(String text) {
        return redactor.redact(text);
    }

    /** The output redacted, then cut to the head and tail an event keeps, as a verify run records them. */
    CappedOutput capped(String output) {
        return CappedOutput.of(output, redactor);
    }

    /** A copy of the JSON with every string in it, names included, redacted. */
    ObjectNode json(ObjectNode json) {
        return (ObjectNode) copy(json);
    }

    private JsonNode copy(JsonNode node) {
        if (node.isTextual()) {
            return JsonNodeFactory.instance.textNode(text(node.textValue()));
        }
        if (node.isObject()) {
            ObjectNode out = JsonNodeFactory.instance.objectNode();
            for (Map.Entry<String, JsonNode> field : node.properties()) {
                out.set(text(field.getKey()), copy(field.getValue()));
            }
            return out;
        }
        if (node.isArray()) {
            ArrayNode out = JsonNodeFactory.instance.arrayNode(node.size());
            for (JsonNode element : node) {
                out.add(copy(element));
            }
            return out;
        }
        return node.deepCopy();
    }
}
