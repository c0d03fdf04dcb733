package dev.wb.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.WbEvents;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** One-line summaries of events for {@code wb replay}. Types without their own wording show their payload. */
final class Summaries {

    private static final int MAX = 100;

    private Summaries() {}

    static String of(EventEnvelope event) {
        JsonNode payload = event.payload().json();
        if (WbEvents.WORKSPACE_INITIALIZED.equals(event.type())) {
            return "created " + list(payload.path("created")) + "; kept " + list(payload.path("kept"));
        }
        if (WbEvents.PLAN_AUDITED.equals(event.type())) {
            return audited(payload);
        }
        if (WbEvents.PLAN_REBASELINED.equals(event.type())) {
            return "baseline " + commit(payload.path("from")) + " → " + commit(payload.path("to"));
        }
        if (WbEvents.SCOPE_CHECKED.equals(event.type())) {
            return checked(payload);
        }
        if (WbEvents.VERIFY_STARTED.equals(event.type())) {
            return payload.path("commands").size() + " to run, " + payload.path("refused").size() + " refused"
                    + (payload.path("env").isEmpty() ? "" : " · env " + list(payload.path("env")));
        }
        if (WbEvents.VERIFY_COMMAND_RAN.equals(event.type())) {
            String outcome = payload.path("outcome").asText();
            return (outcome.equals("exited") ? "exit " + payload.path("exitCode").asInt() : outcome) + " in "
                    + payload.path("durationMs").asLong() + " ms · " + payload.path("command").asText()
                    + " · output " + payload.path("outputBytes").asLong() + " bytes (--output " + event.version() + ")";
        }
        if (WbEvents.VERIFY_FINISHED.equals(event.type())) {
            return payload.path("verdict").asText() + " · " + payload.path("ran").asInt() + " ran, "
                    + payload.path("failed").asInt() + " failed, " + payload.path("refused").asInt() + " refused";
        }
        if (WbEvents.PREFLIGHT_COMPLETED.equals(event.type())) {
            return payload.path("verdict").asText() + " · " + payload.path("failures").asInt() + " failure(s), "
                    + payload.path("warnings").asInt() + " warning(s) · " + payload.path("lines").size() + " lines"
                    + (payload.path("paidProbe").isObject() ? " · paid probe "
                            + (payload.path("paidProbe").path("declined").asBoolean() ? "declined" : "ran") : "");
        }
        if (WbEvents.FLOW_VALIDATED.equals(event.type())) {
            StringBuilder out = new StringBuilder("exit ").append(payload.path("exitCode").asInt()).append(" · ")
                    .append(payload.path("request").asText());
            for (JsonNode flow : payload.path("flows")) {
                out.append(" · ").append(flow.path("name").asText()).append(flow.path("valid").asBoolean() ? " OK"
                        : " FAIL (" + flow.path("violations").size() + ")");
            }
            String text = out.toString();
            return text.length() <= MAX ? text : text.substring(0, MAX - 1) + "…";
        }
        if (WbEvents.CHECKS_RAN.equals(event.type())) {
            return dev.wb.commands.checks.ChecksRanSummary.of(payload);
        }
        String text = CanonicalJson.text(payload, false);
        return text.length() <= MAX ? text : text.substring(0, MAX - 1) + "…";
    }

    private static String audited(JsonNode p) {
        Map<String, Integer> verdicts = new TreeMap<>();
        p.path("citations").forEach(c -> verdicts.merge(c.path("verdict").asText(), 1, Integer::sum));
        StringBuilder out = new StringBuilder(p.path("verdict").asText()).append(" · ")
                .append(p.path("tier").asText()).append(" · ").append(p.path("mode").asText()).append(" · citations ");
        out.append(verdicts.isEmpty() ? "none" : verdicts.toString().replaceAll("[{}]", ""));
        int structure = p.path("structure").size();
        if (structure > 0) {
            out.append(" · ").append(structure).append(" structure problem").append(structure == 1 ? "" : "s");
        }
        return out.append(" · plan ").append(p.path("planDigest").asText().replace("sha256:", "").substring(0, 12))
                .toString();
    }

    private static String checked(JsonNode p) {
        StringBuilder out = new StringBuilder(p.path("verdict").asText()).append(" · ").append(p.path("mode").asText());
        if (p.path("base").isObject()) {
            out.append(" + since ").append(p.path("base").path("ref").asText());
        }
        for (String status : List.of("deviation", "overlap", "other", "ok", "pending", "excluded")) {
            long n = p.path("counts").path(status).asLong();
            if (n > 0) {
                out.append(" · ").append(n).append(' ').append(status);
            }
        }
        return out.toString();
    }

    private static String commit(JsonNode id) {
        return id.isTextual() ? id.asText().substring(0, Math.min(12, id.asText().length())) : "none";
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
