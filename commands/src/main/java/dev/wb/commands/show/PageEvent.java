package dev.wb.commands.show;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.projections.catalog.Lane;
import java.time.Instant;

/**
 * One event as a page shows it: its number as {@code wb replay} shows it (its position in the task's
 * view), its lane and tone on the timeline, its actor already redacted, and its payload redacted as the
 * page reads it ({@link PagePayload}).
 *
 * @param replica the replica whose chain holds it, {@code local} where this clone's chain is the whole history
 * @param tone {@code ok}, {@code bad}, {@code warn} or {@code neutral}: the colour of its outcome
 */
record PageEvent(
        long number,
        String type,
        Instant time,
        String actor,
        String replica,
        String hash,
        Lane lane,
        String tone,
        PagePayload payload) {

    /** A payload field as text; empty when absent or not text. */
    String text(String field) {
        JsonNode value = payload.tree().get(field);
        return value == null || !value.isTextual() ? "" : value.textValue();
    }

    /** A payload field as a number; -1 when absent or not a number. */
    long count(String field) {
        JsonNode value = payload.tree().get(field);
        return value == null || !value.isNumber() ? -1 : value.longValue();
    }

    JsonNode get(String field) {
        return payload.tree().path(field);
    }
}
