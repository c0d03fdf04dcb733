package dev.wb.commands.show;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.ContentStore;
import dev.wb.engine.json.CanonicalJson;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code #audits}: each audit ({@code plan.audited}) with its verdict, tier and mode, and its citations
 * with their verdicts and the lines they point at. The cited words are the audited plan's own, read
 * from the content store by the audit's {@code planDigest} (where it is still stored), redacted.
 */
final class AuditSection {

    /** The latest audits shown; the timeline holds every one. */
    static final int SHOWN = 10;

    private final ContentStore store;
    private final PageRedactor redactor;
    private final Map<String, Optional<JsonNode>> plans = new HashMap<>();

    AuditSection(ContentStore store, PageRedactor redactor) {
        this.store = store;
        this.redactor = redactor;
    }

    void write(Html html, List<PageEvent> events) {
        List<PageEvent> audits = new ArrayList<>();
        for (PageEvent e : events) {
            if (e.type().equals("plan.audited")) {
                audits.add(e);
            }
        }
        html.open("section", "id", "audits").element("h2", "Audits and citations");
        if (audits.isEmpty()) {
            html.element("p", "No audit yet (wb sdd audit).", "class", "empty");
        }
        Sections.shownOf(html, audits.size(), SHOWN, "audits");
        for (PageEvent audit : Sections.latest(audits, SHOWN)) {
            audit(html, audit);
        }
        html.close("section").raw("\n");
    }

    private void audit(Html html, PageEvent audit) {
        html.open("div", "class", "audit", "data-audit", Long.toString(audit.number()));
        html.open("h3").raw("Audit ").goTo(audit.number()).raw(" ");
        html.badge("verdict", audit.text("verdict"))
                .raw(" ")
                .text(audit.text("tier") + ", " + audit.text("mode") + " — " + audit.text("tierReason"))
                .close("h3");
        html.open("p", "class", "muted mono")
                .text("plan " + audit.text("planDigest") + " · head " + orNone(audit.text("head")) + " · baseline "
                        + orNone(audit.text("baseline")))
                .close("p");
        Sections.words(html, "zones", audit.get("zones"));
        Sections.words(html, "structure problems", audit.get("structure"));
        Sections.words(html, "notices", audit.get("notices"));
        Optional<JsonNode> plan = plan(audit.text("planDigest"));
        JsonNode citations = audit.get("citations");
        if (citations.isArray() && !citations.isEmpty()) {
            html.open("table", "class", "citations")
                    .raw("<thead><tr><th>#</th><th>cited lines</th><th>verdict</th><th>now at</th>"
                            + "<th>cited text</th></tr></thead><tbody>");
            for (JsonNode c : citations) {
                citation(html, c, plan);
            }
            html.raw("</tbody>").close("table");
        }
        JsonNode files = audit.get("fileChecks");
        if (files.isArray() && !files.isEmpty()) {
            html.open("table", "class", "file-checks")
                    .raw("<thead><tr><th>planned file</th><th>change</th><th>verdict</th></tr></thead><tbody>");
            for (JsonNode f : files) {
                String verdict = f.path("verdict").asText("");
                html.open(
                        "tr",
                        "class",
                        "verdict-" + Html.cssWord(f.path("passes").asBoolean(true) ? "ok" : "fail"));
                html.element("td", f.path("path").asText("#" + f.path("index").asText()), "class", "mono");
                html.element("td", f.path("change").asText(""));
                html.open("td").badge("verdict", verdict).close("td").close("tr");
            }
            html.raw("</tbody>").close("table");
        }
        html.close("div");
    }

    private void citation(Html html, JsonNode c, Optional<JsonNode> plan) {
        int index = c.path("index").asInt(-1);
        JsonNode cited = plan.map(p -> p.path("evidence").path(index)).orElse(CanonicalJson.objectNode());
        String file = c.path("file").asText(cited.path("file").asText("?"));
        long line = c.path("line").asLong(cited.path("line").asLong(0));
        String quote = cited.path("quote").isTextual()
                ? redactor.text(cited.path("quote").textValue())
                : "";
        long lines = quote.isEmpty() ? 1 : quote.lines().count();
        String range = file + ":" + line + (lines > 1 ? "-" + (line + lines - 1) : "");
        String verdict = c.path("verdict").asText("");
        html.open(
                "tr",
                "class",
                "citation verdict-" + Html.cssWord(verdict),
                "data-verdict",
                verdict,
                "data-file",
                file,
                "data-line",
                Long.toString(line));
        html.element("td", Integer.toString(index), "class", "num");
        html.element("td", range, "class", "mono lines");
        html.open("td").badge("verdict", verdict).close("td");
        html.element("td", c.has("at") ? "line " + c.path("at").asText() : "", "class", "num");
        html.open("td");
        if (quote.isEmpty()) {
            html.element("span", "(the audited plan is not in .workflow/local/objects)", "class", "muted");
        } else {
            html.element("pre", quote, "class", "quote");
        }
        html.close("td").close("tr");
    }

    /** The audited plan, its strings redacted, read once per digest; empty when not stored or not JSON. */
    private Optional<JsonNode> plan(String digest) {
        return plans.computeIfAbsent(digest, d -> {
            if (d.isEmpty()) {
                return Optional.empty();
            }
            try {
                return store.get(d).map(bytes -> (JsonNode) redactor.json(CanonicalJson.parseObject(bytes)));
            } catch (RuntimeException notJson) {
                return Optional.<JsonNode>empty();
            }
        });
    }

    private static String orNone(String text) {
        return text.isEmpty() ? "none" : text;
    }
}
