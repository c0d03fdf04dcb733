package dev.wb.commands.show;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;

/** Which lane of the timeline an event type goes in, and the tone (colour) of its outcome. */
final class Lanes {

    /** The timeline's lanes, top to bottom: the task's stages in the order work goes through them. */
    enum Lane {
        PLAN("plan"),
        AUDIT("audit"),
        SCOPE("scope"),
        VERIFY("verify"),
        GIT("git"),
        REVIEW("review"),
        OTHER("other");

        private final String word;

        Lane(String word) {
            this.word = word;
        }

        String word() {
            return word;
        }
    }

    private Lanes() {}

    static Lane of(String type) {
        if (type.equals("plan.audited")) {
            return Lane.AUDIT;
        }
        if (type.startsWith("plan.") || type.startsWith("task.created")) {
            return Lane.PLAN;
        }
        if (type.startsWith("scope.")) {
            return Lane.SCOPE;
        }
        if (type.startsWith("verify.") || type.startsWith("checks.")) {
            return Lane.VERIFY;
        }
        if (type.startsWith("git.")) {
            return Lane.GIT;
        }
        if (type.startsWith("judge.") || type.startsWith("task.commands.")) {
            return Lane.REVIEW;
        }
        return Lane.OTHER;
    }

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
