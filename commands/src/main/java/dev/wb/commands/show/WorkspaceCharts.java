package dev.wb.commands.show;

import dev.wb.commands.status.StatusQuery.StreamStatus;
import dev.wb.commands.status.StatusQuery.WorkspaceStatus;
import dev.wb.commands.status.WorkspaceStats;
import dev.wb.commands.status.WorkspaceStats.CommandStats;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.projections.checkpoint.StreamCursor;
import dev.wb.projections.status.ReviewRounds;
import dev.wb.projections.status.TaskStages;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The workspace page's charts of verify commands, review rounds and event types: CSS bars beside their numbers. */
final class WorkspaceCharts {

    private WorkspaceCharts() {}

    /** Each verify command's runs, failures and mean duration, each on its own scale (most run first). */
    static void commands(Html html, List<CommandStats> commands, int most, PageRedactor redactor) {
        html.open("section", "id", "commands").element("h2", "Verify commands: " + commands.size());
        if (commands.isEmpty()) {
            html.element("p", "No verify command has run yet.", "class", "empty");
            html.close("section").raw("\n");
            return;
        }
        List<CommandStats> shown = commands.subList(0, Math.min(most, commands.size()));
        long runs = 1, failures = 1, mean = 1;
        for (CommandStats c : shown) {
            runs = Math.max(runs, c.runs());
            failures = Math.max(failures, c.failures());
            mean = Math.max(mean, c.meanMs());
        }
        html.raw("<table class=\"chart\"><thead><tr><th>command</th><th>runs</th><th></th><th>failures</th><th></th>"
                + "<th>mean duration</th><th></th></tr></thead><tbody>");
        for (CommandStats c : shown) {
            String command = redactor.text(c.command());
            html.open(
                    "tr",
                    "class",
                    "command",
                    "data-command",
                    command,
                    "data-runs",
                    Long.toString(c.runs()),
                    "data-failures",
                    Long.toString(c.failures()),
                    "data-mean-ms",
                    Long.toString(c.meanMs()));
            html.element("td", command, "class", "mono");
            cell(html, c.runs(), runs, "info", Sections.count(c.runs(), "run"));
            cell(html, c.failures(), failures, "bad", Sections.count(c.failures(), "failure"));
            cell(html, c.meanMs(), mean, "neutral", c.meanMs() + " ms");
            html.close("tr");
        }
        html.raw("</tbody></table>");
        if (commands.size() > most) {
            html.element("p", (commands.size() - most) + " more commands, run less often.", "class", "muted");
        }
        html.close("section").raw("\n");
    }

    private static void cell(Html html, long value, long max, String tone, String label) {
        html.open("td", "style", "min-width:160px");
        Sections.bar(html, value, max, tone, label);
        html.close("td").element("td", label, "class", "num");
    }

    /** Review rounds per task (tasks with at least one), and the workspace's closed and open tasks. */
    static void rounds(
            Html html,
            WorkspaceStatus status,
            Map<StreamId, StreamCursor<TaskStages.State>> stages,
            WorkspaceStats.Reviews reviews) {
        html.open("section", "id", "rounds").element("h2", "Review rounds per task");
        html.element(
                "p",
                reviews.closed().tasks() + " closed ("
                        + Sections.count(reviews.closed().rounds(), "round") + "), "
                        + reviews.open().tasks() + " open ("
                        + Sections.count(reviews.open().rounds(), "round") + "), "
                        + reviews.unknown() + " unknown"
                        + reviews.closed()
                                .mean()
                                .map(m -> String.format(Locale.ROOT, "; a closed task took %.1f rounds on average", m))
                                .orElse(""),
                "class",
                "summary");
        long max = 1;
        int reviewed = 0;
        for (StreamStatus s : WorkspacePage.taskStreams(status)) {
            long n = WorkspacePage.rounds(stages, key(s)).rounds().size();
            max = Math.max(max, n);
            reviewed += n > 0 ? 1 : 0;
        }
        if (reviewed == 0) {
            html.element("p", "No task has a review round yet.", "class", "empty");
        } else {
            html.raw("<table class=\"chart\"><thead><tr><th>task</th><th>rounds</th><th></th><th>state</th></tr>"
                    + "</thead><tbody>");
            for (StreamStatus s : WorkspacePage.taskStreams(status)) {
                ReviewRounds r = WorkspacePage.rounds(stages, key(s));
                if (r.rounds().isEmpty()) {
                    continue;
                }
                long n = r.rounds().size();
                html.open(
                        "tr",
                        "class",
                        "task-rounds",
                        "data-task",
                        key(s).value(),
                        "data-rounds",
                        Long.toString(n),
                        "data-state",
                        r.state());
                html.element("td", key(s).value());
                cell(html, n, max, r.state().equals("closed") ? "ok" : "warn", Sections.count(n, "round"));
                html.element("td", r.state());
                html.close("tr");
            }
            html.raw("</tbody></table>");
        }
        html.close("section").raw("\n");
    }

    /** How many events of each type the log holds. */
    static void totals(Html html, Map<String, Long> totals) {
        html.open("section", "id", "totals").element("h2", "Events by type");
        long max = 1;
        for (long n : totals.values()) {
            max = Math.max(max, n);
        }
        html.raw("<table class=\"chart\"><tbody>");
        for (Map.Entry<String, Long> t : totals.entrySet()) {
            html.open("tr", "class", "type-total", "data-type-total", t.getKey());
            html.element("td", t.getKey(), "class", "mono");
            cell(html, t.getValue(), max, "info", Long.toString(t.getValue()));
            html.close("tr");
        }
        html.raw("</tbody></table>").close("section").raw("\n");
    }

    private static TaskKey key(StreamStatus s) {
        return s.task().orElseThrow().key();
    }
}
