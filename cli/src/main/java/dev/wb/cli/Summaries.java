package dev.wb.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.WbEvents;

/** One-line summaries of events for {@code wb replay}. Types without their own wording show their payload. */
final class Summaries {

    private static final int MAX = 100;

    private Summaries() {}

    static String of(EventEnvelope event) {
        JsonNode payload = event.payload().json();
        if (WbEvents.WORKSPACE_INITIALIZED.equals(event.type())) {
            return "created " + list(payload.path("created")) + "; kept " + list(payload.path("kept"));
        }
        String text = CanonicalJson.text(payload, false);
        return text.length() <= MAX ? text : text.substring(0, MAX - 1) + "…";
    }

    private static String list(JsonNode array) {
        if (!array.isArray() || array.isEmpty()) {
            return "nothing";
        }
        StringBuilder out = new StringBuilder();
        for (JsonNode item : array) {
            out.append(out.length() == 0 ? "" : ", ").append(item.asText());
        }
        return out.toString();
    }
}
