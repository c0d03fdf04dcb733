package dev.wb.commands.checks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.wb.engine.NewEvent;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.EventType;
import dev.wb.projections.events.Truncated;
import dev.wb.projections.events.WbEvent;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Makes an event's payload fit the log, whose batches are at most 120 KiB: a run is recorded even when
 * the operator's commands or a line of text are huge, never lost to the log's refusal after everything
 * ran. A payload over {@value #MAX_PAYLOAD_BYTES} bytes has its longest texts shortened — argv words,
 * outputs, reasons, lines alike — each to the same number of characters, the most that fits: its start
 * and its end kept, the middle replaced by {@code "… [N characters omitted] …"}, so the text itself says
 * what was cut. Should even texts of {@value #MIN_KEEP} characters not fit (a payload of very many
 * small items), items are dropped from the end of the largest array, and a {@code truncated} object
 * maps that array's JSON pointer to how many were dropped.
 */
public final class EventFit {

    /** The payload's limit: the log's 120 KiB per batch less room for the envelope. */
    public static final int MAX_PAYLOAD_BYTES = 100 * 1024;
    /** The fewest characters a shortened text keeps. */
    static final int MIN_KEEP = 64;
    /** The field naming the arrays that lost items, when any did. */
    public static final String TRUNCATED = Truncated.FIELD;

    private EventFit() {}

    /** The payload itself when it fits, else a shortened copy that does. */
    public static ObjectNode fit(ObjectNode payload) {
        return fit(payload, MAX_PAYLOAD_BYTES);
    }

    /**
     * The events of one batch, each fitted to an equal share of the payload limit when together they
     * are over it (one batch is one record of the log).
     */
    public static List<NewEvent> fit(List<NewEvent> batch) {
        int total = batch.stream().mapToInt(e -> size(e.payload())).sum();
        if (total <= MAX_PAYLOAD_BYTES) {
            return batch;
        }
        int share = MAX_PAYLOAD_BYTES / batch.size();
        return batch.stream()
                .map(e -> new NewEvent(e.type(), e.schemaVersion(), fit(e.payload(), share)))
                .toList();
    }

    /**
     * The event itself when its payload fits, else the event its fitted payload reads back into (its texts
     * shortened, perhaps items dropped and counted in {@link Truncated}).
     */
    public static <E extends WbEvent> E fitted(EventType<E> type, E event) {
        ObjectNode payload = event.payload();
        return size(payload) <= MAX_PAYLOAD_BYTES ? event : type.read(fit(payload, MAX_PAYLOAD_BYTES));
    }

    /**
     * The events of one batch, each read back from its payload fitted to an equal share of the limit when
     * together they are over it (one batch is one record of the log).
     */
    public static List<WbEvent> fittedBatch(List<? extends WbEvent> batch) {
        int total = batch.stream().mapToInt(e -> size(e.payload())).sum();
        if (total <= MAX_PAYLOAD_BYTES) {
            return List.copyOf(batch);
        }
        int share = MAX_PAYLOAD_BYTES / batch.size();
        return batch.stream()
                .<WbEvent>map(e -> e.eventType().read(fit(e.payload(), share)))
                .toList();
    }

    static ObjectNode fit(ObjectNode payload, int maxBytes) {
        if (size(payload) <= maxBytes) {
            return payload;
        }
        ObjectNode smallest = shortened(payload, MIN_KEEP);
        if (size(smallest) > maxBytes) {
            return dropItems(smallest, maxBytes);
        }
        int fits = MIN_KEEP;
        int tooMany = longestText(payload);
        while (tooMany - fits > 1) {
            int keep = fits + (tooMany - fits) / 2;
            if (size(shortened(payload, keep)) <= maxBytes) {
                fits = keep;
            } else {
                tooMany = keep;
            }
        }
        return shortened(payload, fits);
    }

    /** The text with at most about {@code keep} characters: its start and end, the middle counted. */
    static String shorten(String text, int keep) {
        int length = text.codePointCount(0, text.length());
        String probe = marker(length - keep);
        if (length <= keep + probe.length()) {
            return text;
        }
        int headChars = keep / 3;
        int tailChars = keep - headChars;
        int tailStart = text.offsetByCodePoints(0, length - tailChars);
        return text.substring(0, text.offsetByCodePoints(0, headChars))
                + marker(length - keep)
                + text.substring(tailStart);
    }

    private static String marker(long omitted) {
        return "… [" + omitted + " characters omitted] …";
    }

    static int size(JsonNode node) {
        return CanonicalJson.bytes(node).length;
    }

    private static ObjectNode shortened(ObjectNode payload, int keep) {
        ObjectNode copy = payload.deepCopy();
        shortenIn(copy, keep);
        return copy;
    }

    private static void shortenIn(JsonNode node, int keep) {
        if (node instanceof ObjectNode object) {
            for (Iterator<Map.Entry<String, JsonNode>> it = object.properties().iterator(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                if (field.getValue().isTextual()) {
                    field.setValue(TextNode.valueOf(shorten(field.getValue().asText(), keep)));
                } else {
                    shortenIn(field.getValue(), keep);
                }
            }
        } else if (node instanceof ArrayNode array) {
            for (int i = 0; i < array.size(); i++) {
                if (array.get(i).isTextual()) {
                    array.set(i, TextNode.valueOf(shorten(array.get(i).asText(), keep)));
                } else {
                    shortenIn(array.get(i), keep);
                }
            }
        }
    }

    private static int longestText(JsonNode node) {
        if (node.isTextual()) {
            return node.asText().length();
        }
        int longest = 0;
        for (JsonNode child : node) {
            longest = Math.max(longest, longestText(child));
        }
        return longest;
    }

    /** Drops items from the end of the largest array until the payload fits, saying how many went where. */
    private static ObjectNode dropItems(ObjectNode payload, int maxBytes) {
        ObjectNode doc = payload;
        ObjectNode truncated = doc.putObject(TRUNCATED);
        while (size(doc) > maxBytes) {
            Largest largest = largestArray(doc, "", new Largest(null, "", 0));
            if (largest.array() == null) {
                return doc; // nothing left to drop: the log refuses it, and wb says which limit (exit 2)
            }
            ArrayNode array = largest.array();
            int excess = size(doc) - maxBytes;
            int freed = 0;
            int dropped = 0;
            while (array.size() > 1 && freed < excess) {
                freed += size(array.get(array.size() - 1)) + 1;
                array.remove(array.size() - 1);
                dropped++;
            }
            truncated.put(largest.pointer(), truncated.path(largest.pointer()).asInt() + dropped);
        }
        return doc;
    }

    private record Largest(ArrayNode array, String pointer, int bytes) {}

    private static Largest largestArray(JsonNode node, String pointer, Largest best) {
        if (node instanceof ArrayNode array && array.size() > 1) {
            int bytes = size(array);
            if (bytes > best.bytes()) {
                best = new Largest(array, pointer, bytes);
            }
        }
        if (node instanceof ObjectNode object) {
            for (Iterator<Map.Entry<String, JsonNode>> it = object.properties().iterator(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                if (!field.getKey().equals(TRUNCATED) || !pointer.isEmpty()) {
                    best = largestArray(
                            field.getValue(),
                            pointer + "/" + field.getKey().replace("~", "~0").replace("/", "~1"),
                            best);
                }
            }
        } else if (node instanceof ArrayNode array) {
            for (int i = 0; i < array.size(); i++) {
                best = largestArray(array.get(i), pointer + "/" + i, best);
            }
        }
        return best;
    }
}
