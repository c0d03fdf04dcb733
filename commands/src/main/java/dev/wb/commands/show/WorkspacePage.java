package dev.wb.commands.show;

import dev.wb.commands.Session;
import dev.wb.commands.status.Stage;
import dev.wb.commands.status.StatusQuery;
import dev.wb.commands.status.StatusQuery.StreamStatus;
import dev.wb.commands.status.StatusQuery.WorkspaceStatus;
import dev.wb.commands.status.TaskStatus;
import dev.wb.commands.status.WorkspaceStats;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.EventReader;
import dev.wb.engine.StreamHead;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.projections.activity.Activity;
import dev.wb.projections.checkpoint.CheckpointStore;
import dev.wb.projections.checkpoint.StreamCursor;
import dev.wb.projections.checkpoint.WorkspaceProjection;
import dev.wb.projections.status.ReviewRounds;
import dev.wb.projections.status.TaskStages;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code wb show --html}: the workspace as one self-contained page (docs/SHOW.md): {@code wb status
 * --stats} as charts and a table of the tasks, each linking to its own page beside this one.
 *
 * <p>The DOM: {@code <html data-wb-page="workspace">} ({@code data-wb-ready="1"} once the script ran);
 * {@code #where} with {@code .stage-bars[data-stage][data-waiting][data-failing]} and
 * {@code #done[data-value]}; {@code #commands} with {@code tr.command[data-command][data-runs]
 * [data-failures][data-mean-ms]}; {@code #rounds} with {@code tr.task-rounds[data-task][data-rounds]
 * [data-state]}; {@code #tasks} with {@code tr.task[data-task][data-stage][data-mark]} and
 * {@code a[href="KEY.html"]}; {@code #provenance} as on a task page.
 */
public final class WorkspacePage {

    /** Verify commands charted; the rest are counted. */
    static final int COMMANDS_SHOWN = 50;

    private WorkspacePage() {}

    public static String html(Session session, Instant madeAt) {
        return html(session, new StatusQuery(session).all(), madeAt);
    }

    /** The page of a workspace status already read (the task pages beside it are keyed by it too). */
    public static String html(Session session, WorkspaceStatus status, Instant madeAt) {
        PageRedactor redactor = PageRedactor.of(session);
        EventReader reader = session.reader();
        Map<StreamId, StreamCursor<TaskStages.State>> stages = new WorkspaceProjection<>(
                        TaskStages.INSTANCE,
                        new CheckpointStore(session.workspace().checkpointsDir()))
                .load(reader)
                .streams();
        WorkspaceStats stats = status.stats();
        Html html = new Html(32 * 1024 + status.streams().size() * 1024);
        String name = session.workspace().root().getFileName() == null
                ? "workspace"
                : session.workspace().root().getFileName().toString();
        PageShell.begin(html, redactor.text(name) + " — wb", "data-wb-page", "workspace");
        html.raw("<header class=\"page\">\n")
                .element("h1", redactor.text(name))
                .element(
                        "div",
                        status.tasks() + " tasks, " + status.totalEvents() + " events, " + stats.done() + " done",
                        "class",
                        "subtitle")
                .raw("\n</header>\n<main>\n");
        where(html, stats);
        WorkspaceCharts.commands(html, stats.commands(), COMMANDS_SHOWN, redactor);
        WorkspaceCharts.rounds(html, status, stages, stats.reviews());
        tasks(html, status);
        WorkspaceCharts.totals(html, status.totalsByType());
        html.raw("</main>\n");
        String[] hashes = provenance(reader, status);
        PageShell.provenance(
                html,
                madeAt,
                status.totalEvents() + " events in " + status.streams().size() + " histories",
                hashes[0],
                hashes[1],
                "First: the earliest history's first event; last: the latest event recorded.");
        PageShell.end(html);
        return html.toString();
    }

    /** Where tasks wait or fail: two bars a stage, on one scale. */
    private static void where(Html html, WorkspaceStats stats) {
        html.open("section", "id", "where").element("h2", "Where tasks wait or fail");
        long max = Math.max(1, stats.done());
        for (Stage stage : Stage.values()) {
            max = Math.max(
                    max, Math.max(stats.waiting().get(stage), stats.failing().get(stage)));
        }
        html.open("div", "class", "bars chart");
        for (Stage stage : Stage.values()) {
            int waiting = stats.waiting().get(stage);
            int failing = stats.failing().get(stage);
            html.open(
                            "div",
                            "class",
                            "stage-bars",
                            "data-stage",
                            stage.word(),
                            "data-waiting",
                            Integer.toString(waiting),
                            "data-failing",
                            Integer.toString(failing))
                    .text(stage.word())
                    .close("div");
            html.open("div");
            Sections.bar(html, waiting, max, "warn", waiting + " waiting");
            Sections.bar(html, failing, max, "bad", failing + " failing");
            html.close("div");
            html.element("div", waiting + " waiting, " + failing + " failing", "class", "num");
        }
        html.open("div", "id", "done", "data-value", Integer.toString(stats.done()))
                .text("done")
                .close("div");
        Sections.bar(html, stats.done(), max, "ok", stats.done() + " done");
        html.element("div", Integer.toString(stats.done()), "class", "num");
        html.close("div").close("section").raw("\n");
    }

    /** Every task: its key linking to its page, where it stands, the next command, its last activity. */
    private static void tasks(Html html, WorkspaceStatus status) {
        html.open("section", "id", "tasks").element("h2", "Tasks");
        html.raw("<table><thead><tr><th>task</th><th>stage</th><th>state</th><th>next</th><th>events</th>"
                + "<th>last activity</th></tr></thead><tbody>");
        for (StreamStatus s : status.streams()) {
            if (s.stream().isWorkspace() || s.task().isEmpty()) {
                continue;
            }
            TaskStatus task = s.task().get();
            Optional<TaskStatus.StageStatus> current = task.current();
            String stage = current.map(c -> c.stage().word()).orElse("done");
            String mark = current.map(c -> c.mark().word()).orElse("ok");
            Activity.State a = s.activity();
            html.open("tr", "class", "task", "data-task", task.key().value(), "data-stage", stage, "data-mark", mark);
            html.open("td");
            if (a.events() > 0) {
                html.element("a", task.key().value(), "href", Pages.fileName(task.key()));
            } else {
                html.text(task.key().value());
            }
            html.close("td");
            html.element("td", stage);
            html.open("td").badge("mark", mark).close("td");
            html.element("td", task.next().orElse("-"), "class", "mono");
            html.element("td", Long.toString(a.events()), "class", "num");
            html.element("td", a.lastTime().map(Instant::toString).orElse("-"));
            html.close("tr");
        }
        html.raw("</tbody></table>");
        html.close("section").raw("\n");
    }

    /**
     * The first event of the history that began first, and the head of the history that moved last
     * ({@code none} for an empty log).
     */
    private static String[] provenance(EventReader reader, WorkspaceStatus status) {
        Optional<StreamStatus> first = Optional.empty();
        Optional<StreamStatus> last = Optional.empty();
        for (StreamStatus s : status.streams()) {
            Activity.State a = s.activity();
            if (a.firstTime().isPresent()
                    && (first.isEmpty()
                            || a.firstTime()
                                    .get()
                                    .isBefore(first.get().activity().firstTime().orElseThrow()))) {
                first = Optional.of(s);
            }
            if (a.lastTime().isPresent()
                    && (last.isEmpty()
                            || !a.lastTime()
                                    .get()
                                    .isBefore(last.get().activity().lastTime().orElseThrow()))) {
                last = Optional.of(s);
            }
        }
        String firstHash = first.map(s -> reader.read(s.stream()))
                .filter(events -> !events.isEmpty())
                .map(events -> events.get(0))
                .map(EventEnvelope::hash)
                .orElse("none");
        String lastHash =
                last.flatMap(s -> reader.head(s.stream())).map(StreamHead::hash).orElse("none");
        return new String[] {firstHash, lastHash};
    }

    /** A task's review rounds, as {@code wb status} folds them. */
    static ReviewRounds rounds(Map<StreamId, StreamCursor<TaskStages.State>> stages, TaskKey key) {
        StreamCursor<TaskStages.State> cursor = stages.get(StreamId.task(key));
        return cursor == null ? ReviewRounds.NONE : cursor.state().reviews();
    }

    static List<StreamStatus> taskStreams(WorkspaceStatus status) {
        return status.streams().stream()
                .filter(s -> !s.stream().isWorkspace() && s.task().isPresent())
                .toList();
    }
}
