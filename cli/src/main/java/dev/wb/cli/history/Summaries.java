package dev.wb.cli.history;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.process.Redactor;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.Payload;
import dev.wb.engine.text.TerminalText;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/** One-line summaries of events for {@code wb replay}. Every known type has its own wording; payload text is escaped. */
public final class Summaries {

    private static final int MAX = 100;

    private Summaries() {}

    /**
     * The event's one-line summary with the redactor's secrets taken out: its payload's strings are
     * redacted before the summary is made (and cut), so no secret is shown whole or in part. A payload
     * that no longer reads as its type once redacted gives the raw event's summary, redacted.
     */
    public static String of(EventEnvelope event, Redactor redactor) {
        try {
            EventEnvelope redacted = new EventEnvelope(
                    event.eventId(),
                    event.stream(),
                    event.version(),
                    event.type(),
                    event.schemaVersion(),
                    event.time(),
                    event.actor(),
                    event.wbVersion(),
                    event.invocationId(),
                    Payload.of((ObjectNode) redactedCopy(event.payload().json(), redactor)),
                    event.prevHash(),
                    event.hash());
            return of(redacted);
        } catch (RuntimeException unreadableOnceRedacted) {
            try {
                return redactor.redact(of(event));
            } catch (IllegalArgumentException | UncheckedIOException unreadable) {
                // a payload that is no longer JSON: its chain does not verify here, which replay and show report
                return "its payload cannot be read (not JSON): wb replay " + event.stream() + " --verify";
            }
        }
    }

    private static JsonNode redactedCopy(JsonNode node, Redactor redactor) {
        if (node.isTextual()) {
            String text = node.textValue();
            String redacted = redactor.redact(text);
            return redacted.equals(text) ? node : JsonNodeFactory.instance.textNode(redacted);
        }
        if (node.isObject()) {
            ObjectNode out = JsonNodeFactory.instance.objectNode();
            node.properties().forEach(field -> out.set(field.getKey(), redactedCopy(field.getValue(), redactor)));
            return out;
        }
        if (node.isArray()) {
            ArrayNode out = JsonNodeFactory.instance.arrayNode(node.size());
            node.forEach(element -> out.add(redactedCopy(element, redactor)));
            return out;
        }
        return node;
    }

    public static String of(EventEnvelope event) {
        JsonNode payload = event.payload().json();
        String summary = known(event, payload);
        return summary != null ? summary : "unknown event type (from a newer wb?): its payload is shown by --json";
    }

    /** The summaries kept beside this class, by family of types: each answers null for a type not its own. */
    private static final List<Function<EventEnvelope, String>> FAMILIES = List.of(
            GitSummaries::of,
            DraftSummaries::of,
            RunSummaries::of,
            ReviewSummaries::of,
            McpSummaries::of,
            PlanSummaries::of,
            TaskSummaries::of,
            VerifySummaries::of,
            OperationSummaries::of,
            SyncSummaries::of,
            NoteSummaries::of);

    private static String known(EventEnvelope event, JsonNode payload) {
        for (Function<EventEnvelope, String> family : FAMILIES) {
            String summary = family.apply(event);
            if (summary != null) {
                return summary;
            }
        }
        return JudgeSummaries.of(event.type(), payload);
    }

    /** {@code text} cut to the line's room, with an ellipsis when cut. */
    static String cut(String text) {
        return text.length() <= MAX ? text : text.substring(0, MAX - 1) + "…";
    }

    /** A payload string, escaped for the terminal; "?" when absent or not text. */
    static String text(JsonNode node) {
        return node.isTextual() ? TerminalText.escape(node.asText()) : node.isNumber() ? node.asText() : "?";
    }

    static String commit(Optional<String> id) {
        return id.map(Summaries::abbreviated).orElse("none");
    }

    private static String abbreviated(String id) {
        return TerminalText.escape(id.substring(0, Math.min(12, id.length())));
    }

    static String digest(String digest) {
        return abbreviated(digest.replace("sha256:", ""));
    }

    static String commit(JsonNode id) {
        return id.isTextual()
                ? TerminalText.escape(
                        id.asText().substring(0, Math.min(12, id.asText().length())))
                : "none";
    }

    /** The first 12 hex digits of a {@code sha256:} digest; "?" when absent. */
    static String digest(JsonNode digest) {
        return digest.isTextual()
                ? commit(new com.fasterxml.jackson.databind.node.TextNode(
                        digest.asText().replace("sha256:", "")))
                : "?";
    }

    static String list(JsonNode array) {
        if (!array.isArray() || array.isEmpty()) {
            return "nothing";
        }
        StringBuilder out = new StringBuilder();
        for (JsonNode item : array) {
            out.append(out.length() == 0 ? "" : ", ").append(text(item));
        }
        return out.toString();
    }

    static String list(List<String> items) {
        if (items.isEmpty()) {
            return "nothing";
        }
        StringBuilder out = new StringBuilder();
        for (String item : items) {
            out.append(out.length() == 0 ? "" : ", ").append(TerminalText.escape(item));
        }
        return out.toString();
    }
}
