package dev.wb.commands.show;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code #scope}: each scope check ({@code scope.checked}) with its verdict and counts, its paths
 * (deviations first, as recorded) and the critical zones each deviation touches.
 */
final class ScopeSection {

    static final int SHOWN = 10;
    /** Paths listed per check; the event (click it) has every one it recorded. */
    static final int PATHS = 200;

    private ScopeSection() {}

    static void write(Html html, List<PageEvent> events) {
        List<PageEvent> checks = new ArrayList<>();
        for (PageEvent e : events) {
            if (e.type().equals("scope.checked")) {
                checks.add(e);
            }
        }
        html.open("section", "id", "scope").element("h2", "Scope checks");
        if (checks.isEmpty()) {
            html.element("p", "No scope check yet (wb impl check).", "class", "empty");
        }
        Sections.shownOf(html, checks.size(), SHOWN, "scope checks");
        for (PageEvent check : Sections.latest(checks, SHOWN)) {
            check(html, check);
        }
        html.close("section").raw("\n");
    }

    private static void check(Html html, PageEvent check) {
        html.open("div", "class", "scope-check", "data-check", Long.toString(check.number()));
        html.open("h3").raw("Check ").goTo(check.number()).raw(" ").badge("verdict", check.text("verdict"));
        html.raw(" ").text(check.text("mode"));
        JsonNode base = check.get("base");
        if (base.isObject()) {
            html.text(" against " + base.path("ref").asText("") + " ("
                    + base.path("commit").asText("") + ")");
        }
        html.close("h3");
        JsonNode counts = check.get("counts");
        if (counts.isObject()) {
            List<String> parts = new ArrayList<>();
            for (Map.Entry<String, JsonNode> count : counts.properties()) {
                parts.add(count.getValue().asText() + " " + count.getKey());
            }
            html.element("p", String.join(", ", parts), "class", "counts");
        }
        Sections.words(html, "critical zones touched", check.get("zones"));
        JsonNode paths = check.get("paths");
        if (paths.isArray() && !paths.isEmpty()) {
            html.open("table", "class", "paths")
                    .raw("<thead><tr><th>path</th><th>status</th><th>change</th><th>other tasks</th>"
                            + "<th>critical zones</th></tr></thead><tbody>");
            int shown = 0;
            for (JsonNode p : paths) {
                if (shown++ == PATHS) {
                    break;
                }
                String status = p.path("status").asText("");
                html.open("tr", "class", "path status-" + Html.cssWord(status), "data-status", status);
                html.element("td", p.path("path").asText(""), "class", "mono");
                html.open("td").badge("status", status).close("td");
                html.element("td", p.path("change").asText(""));
                html.element("td", joined(p.path("tasks")));
                html.element("td", joined(p.path("zones")), "class", "zones");
                html.close("tr");
            }
            html.raw("</tbody>").close("table");
            long more = paths.size() - (long) Math.min(paths.size(), PATHS) + Math.max(0, check.count("unlisted"));
            if (more > 0) {
                html.element("p", more + " more paths: the counts cover them.", "class", "muted");
            }
        }
        html.close("div");
    }

    private static String joined(JsonNode array) {
        if (!array.isArray()) {
            return "";
        }
        List<String> words = new ArrayList<>(array.size());
        array.forEach(w -> words.add(w.asText()));
        return String.join(", ", words);
    }
}
