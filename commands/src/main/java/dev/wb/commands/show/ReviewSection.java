package dev.wb.commands.show;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.projections.status.ReviewRounds;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * {@code #review}: the task's review rounds as {@code wb judge rounds} counts them (folded from its
 * {@code judge.record.read} events), each record read and verified with its verdict, the receipts the
 * verifications rest on ({@code judge.receipt.written}, {@code judge.run.finished}), and {@code current}:
 * the latest {@code judge.current.classified}, what {@code wb judge current} last found.
 */
final class ReviewSection {

    static final int SHOWN = 50;

    private ReviewSection() {}

    static void write(Html html, List<PageEvent> events, ReviewRounds rounds) {
        List<PageEvent> reads = of(events, "judge.record.read");
        List<PageEvent> verified = of(events, "judge.record.verified");
        List<PageEvent> receipts = of(events, "judge.receipt.written");
        List<PageEvent> runs = of(events, "judge.run.finished");
        List<PageEvent> current = of(events, "judge.current.classified");
        html.open("section", "id", "review").element("h2", "Review");
        current(html, current.isEmpty() ? Optional.empty() : Optional.of(current.get(current.size() - 1)));
        html.open("h3")
                .text("Rounds: " + rounds.rounds().size() + " (" + rounds.state() + ")")
                .close("h3");
        if (!rounds.rounds().isEmpty()) {
            html.open("table", "class", "rounds")
                    .raw("<thead><tr><th>round</th><th>reviewed at</th><th>scope digest</th><th>verdict</th></tr>"
                            + "</thead><tbody>");
            int n = 0;
            for (Map.Entry<String, ReviewRounds.Round> round : rounds.rounds().entrySet()) {
                String[] at = round.getKey().split(" ", 2);
                String verdict = round.getValue().ambiguous()
                        ? "ambiguous"
                        : round.getValue().verdict();
                html.open("tr", "class", "round verdict-" + Html.cssWord(verdict), "data-verdict", verdict);
                html.element("td", Integer.toString(++n), "class", "num");
                html.element("td", at[0]);
                html.element("td", at.length > 1 ? at[1] : "", "class", "mono");
                html.open("td").badge("verdict", verdict).close("td").close("tr");
            }
            html.raw("</tbody>").close("table");
        }
        if (rounds.uncountable() > 0) {
            html.element("p", rounds.uncountable() + " records could not be placed in a round.", "class", "muted");
        }
        table(html, "Records read", "records", reads, List.of("file", "verdict", "reviewedAt", "recordDigest"));
        table(
                html,
                "Records verified",
                "verifications",
                verified,
                List.of("file", "mode", "approved", "valid", "receiptDigest", "reasons"));
        table(
                html,
                "Receipts written",
                "receipts",
                receipts,
                List.of("snapshot", "outcome", "passed", "receiptDigest"));
        table(html, "Validation runs", "judge-runs", runs, List.of("snapshot", "mode", "outcome", "receiptDigest"));
        html.close("section").raw("\n");
    }

    private static void current(Html html, Optional<PageEvent> classified) {
        html.open("div", "class", "current", "id", "review-current");
        html.element("strong", "current: ");
        if (classified.isEmpty()) {
            html.element("span", "never classified (wb judge current)", "class", "muted");
        } else {
            PageEvent c = classified.get();
            html.badge("verdict", c.text("status"))
                    .text(" review boundary " + c.text("reviewBoundary") + ", execution metadata "
                            + c.text("executionMetadata") + ", snapshot " + c.text("snapshot") + ", record "
                            + c.text("recordDigest") + " ")
                    .goTo(c.number());
        }
        html.close("div");
    }

    private static void table(Html html, String title, String css, List<PageEvent> events, List<String> fields) {
        if (events.isEmpty()) {
            return;
        }
        html.element("h3", title + ": " + events.size());
        Sections.shownOf(html, events.size(), SHOWN, title.toLowerCase(Locale.ROOT));
        html.open("table", "class", css).raw("<thead><tr><th>event</th>");
        for (String field : fields) {
            html.element("th", field);
        }
        html.raw("</tr></thead><tbody>");
        for (PageEvent e : Sections.latest(events, SHOWN)) {
            html.open("tr", "class", "tone-" + e.tone())
                    .open("td")
                    .goTo(e.number())
                    .close("td");
            for (String field : fields) {
                JsonNode value = e.get(field);
                String text = value.isMissingNode() || value.isNull()
                        ? ""
                        : value.isTextual() ? value.textValue() : value.toString();
                html.element("td", text, "class", field.endsWith("Digest") || field.equals("snapshot") ? "mono" : "");
            }
            html.close("tr");
        }
        html.raw("</tbody>").close("table");
    }

    private static List<PageEvent> of(List<PageEvent> events, String type) {
        List<PageEvent> of = new ArrayList<>();
        for (PageEvent e : events) {
            if (e.type().equals(type)) {
                of.add(e);
            }
        }
        return of;
    }
}
