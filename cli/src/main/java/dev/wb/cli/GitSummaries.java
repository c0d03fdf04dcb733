package dev.wb.cli;

import static dev.wb.cli.Summaries.cut;
import static dev.wb.cli.Summaries.text;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.projections.events.WbEvents;

/** {@code wb replay}'s one-line summaries of the {@code git.*} events; payload text is escaped. */
final class GitSummaries {

    private GitSummaries() {}

    /** The summary of a {@code git.*} event, or null for another type. */
    static String of(String type, JsonNode p) {
        if (WbEvents.GIT_STEP_RAN.equals(type)) {
            String status = text(p.path("status"));
            String result = status.equals("refused")
                    ? "refused: " + text(p.path("refusal"))
                    : status + " (exit " + p.path("exitCode").asInt() + ", "
                            + p.path("durationMs").asLong() + " ms)";
            return cut(text(p.path("series")) + " step " + (p.path("index").asInt() + 1) + " · " + argv(p.path("argv"))
                    + " · " + result);
        }
        if (WbEvents.GIT_SERIES_FINISHED.equals(type)) {
            int notRun = p.path("notRun").size();
            return cut(text(p.path("series")) + " · " + text(p.path("status")) + " · "
                    + p.path("ran").asInt() + " ran"
                    + (notRun == 0
                            ? ""
                            : " · " + notRun + " not run, from "
                                    + argv(p.path("notRun").path(0))));
        }
        return null;
    }

    /** {@code git} and its arguments, escaped. */
    static String argv(JsonNode argv) {
        StringBuilder out = new StringBuilder("git");
        argv.forEach(arg -> out.append(' ').append(text(arg)));
        return out.toString();
    }
}
