package dev.wb.commands.show;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;

/** The tone (colour) of an event's outcome on the timeline (its lane is the catalogue's Lane, as in wb show). */
final class Lanes {

    private Lanes() {}

    /** {@code ok}, {@code bad}, {@code warn} or {@code neutral}, from the fields that say how it went. */
    static String tone(String type, JsonNode payload) {
        return switch (type) {
            case "plan.audited", "verify.finished", "checks.ran" -> word(payload, "verdict", "pass", "fail");
            case "scope.checked" -> word(payload, "verdict", "pass", "deviation");
            case "verify.command.ran", "verify.regression.ran", "judge.receipt.written", "judge.reproduced" ->
                flag(payload, "passed");
            case "git.step.ran", "git.series.finished" -> word(payload, "status", "ok", "failed");
            case "judge.run.finished" -> word(payload, "outcome", "passed", "failed");
            case "judge.run.refused" -> "bad";
            case "judge.record.verified" -> flag(payload, "approved");
            case "judge.record.read" -> word(payload, "verdict", "APPROVED", "NEEDS_CHANGES");
            case "judge.current.classified" -> word(payload, "status", "CURRENT", "DIVERGED");
            default -> "neutral";
        };
    }

    private static String word(JsonNode payload, String field, String ok, String bad) {
        String value = payload.path(field).asText("");
        if (value.equals(ok)) {
            return "ok";
        }
        if (value.equals(bad) || value.toLowerCase(Locale.ROOT).equals("refused")) {
            return "bad";
        }
        return value.isEmpty() ? "neutral" : "warn";
    }

    private static String flag(JsonNode payload, String field) {
        JsonNode value = payload.path(field);
        if (!value.isBoolean()) {
            return "neutral";
        }
        return value.booleanValue() ? "ok" : "bad";
    }
}
