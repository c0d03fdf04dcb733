package dev.wb.cli.show;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.WbCommand;
import dev.wb.cli.history.Chains;
import dev.wb.commands.Failure;
import dev.wb.commands.Keys;
import dev.wb.commands.Session;
import dev.wb.commands.SyncedReader;
import dev.wb.commands.replay.ReplayQuery;
import dev.wb.commands.show.PageReuse;
import dev.wb.commands.show.Pages;
import dev.wb.commands.show.TaskPages;
import dev.wb.commands.show.WorkspacePage;
import dev.wb.commands.status.StatusQuery;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.engine.text.TerminalText;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * {@code wb show [KEY] --html [FILE]}: one self-contained page (docs/SHOW.md). With KEY, the task's
 * page; without KEY (or with {@code workspace}), the workspace's page and, beside it, a page for each
 * task it links to. FILE is a {@code .html} file, or {@code -} for standard output; by default the
 * pages go to {@code .workflow/local/pages/}.
 */
final class ShowHtml {

    private final WbCommand.Context context;
    private final Console console;
    private final boolean json;

    ShowHtml(WbCommand.Context context, Console console, boolean json) {
        this.context = context;
        this.console = console;
        this.json = json;
    }

    /** Writes the page(s) and prints where: {@code file} empty for the default file. */
    Exit write(String key, String file) {
        Optional<TaskKey> task = taskOf(key);
        boolean stdout = file.equals("-");
        if (!file.isEmpty() && !stdout) {
            requireHtmlName(key, file, task);
        }
        try (Session session = context.session()) {
            Instant madeAt = context.clock().instant();
            if (task.isPresent()) {
                return taskPage(session, task.get(), file, madeAt);
            }
            return workspacePages(session, file, madeAt);
        }
    }

    /** Refuses a file to write that is not named as an HTML page. */
    private static void requireHtmlName(String key, String file, Optional<TaskKey> task) {
        String lower = file.toLowerCase(Locale.ROOT);
        if (!lower.endsWith(".html") && !lower.endsWith(".htm")) {
            String shown = TerminalText.escape(file);
            throw Failure.usage(
                    "--html takes a .html file to write, not " + shown,
                    task.isEmpty() && key == null
                            ? "wb show " + shown + " --html   # a task's page, to its default file"
                            : "wb show " + (key == null ? "" : key + " ") + "--html page.html");
        }
    }

    /** One task's pages, to stdout ({@code -}: the last page), its default file (empty) or {@code file}. */
    private Exit taskPage(Session session, TaskKey task, String file, Instant madeAt) {
        List<SyncedReader.ChainReport> chains;
        try {
            if (file.equals("-")) {
                TaskPages.Last last = TaskPages.last(session, task, madeAt);
                console.out().print(last.html());
                console.flush();
                chains = last.chains();
            } else {
                Path target = file.isEmpty()
                        ? Pages.defaultFile(session.workspace(), Optional.of(task))
                        : context.cwd().resolve(file);
                chains = TaskPages.write(session, task, madeAt, target).chains();
                report(target, List.of(task.value()), List.of());
            }
        } catch (IllegalArgumentException | UncheckedIOException unreadable) {
            return damaged(session, List.of(StreamId.task(task)), unreadable);
        }
        // The page says whether the chain verifies; so do the exit and stderr, as wb show KEY's.
        return Chains.report(console, chains);
    }

    /** The workspace's page, to stdout ({@code -}), or to a file with every task's pages beside it. */
    private Exit workspacePages(Session session, String file, Instant madeAt) {
        String html;
        StatusQuery.WorkspaceStatus status;
        try {
            status = new StatusQuery(session).all();
            html = WorkspacePage.html(session, status, madeAt);
        } catch (IllegalArgumentException | UncheckedIOException unreadable) {
            return damaged(session, session.reader().streams(), unreadable);
        }
        if (file.equals("-")) {
            console.out().print(html);
            console.flush();
            return Exit.OK;
        }
        Path target = file.isEmpty()
                ? Pages.defaultFile(session.workspace(), Optional.empty())
                : context.cwd().resolve(file);
        // Each task's pages beside the workspace's, so that its links resolve; the workspace page last,
        // so that it never links to a page not yet written. Each task's files are checked before any of
        // them is written, the workspace page's before all.
        Path dir = target.toAbsolutePath().normalize().getParent();
        Pages.check(target);
        for (StatusQuery.StreamStatus task : withHistory(status)) {
            Pages.check(dir.resolve(Pages.fileName(Keys.task(task.stream().name()))));
        }
        PageReuse reuse = PageReuse.load(session.workspace());
        String redaction = PageReuse.redaction(session);
        List<String> written = new ArrayList<>();
        List<String> kept = new ArrayList<>();
        for (StatusQuery.StreamStatus task : withHistory(status)) {
            TaskKey each = Keys.task(task.stream().name());
            Path page = dir.resolve(Pages.fileName(each));
            Optional<String> key = PageReuse.key(session, task, redaction);
            if (key.isPresent() && reuse.current(page, key.get())) {
                kept.add(each.value()); // its history and everything its pages show are as they were
                continue;
            }
            try {
                TaskPages.Written pages = TaskPages.write(session, each, madeAt, page);
                key.ifPresent(k -> reuse.written(page, k, pages.files()));
            } catch (IllegalArgumentException | UncheckedIOException unreadable) {
                reuse.save();
                return damaged(session, List.of(StreamId.task(each)), unreadable);
            }
            written.add(each.value());
        }
        reuse.save();
        Pages.write(target, html);
        report(target, written, kept);
        return Exit.OK;
    }

    /** The task streams that hold events (a planned task with no history has no page). */
    private static List<StatusQuery.StreamStatus> withHistory(StatusQuery.WorkspaceStatus status) {
        return status.streams().stream()
                .filter(s -> !s.stream().isWorkspace() && s.activity().events() > 0)
                .toList();
    }

    /**
     * A page that cannot be made because a record's payload cannot be read (no longer JSON): where a
     * history's chain does not verify, that is the damage, named as {@code wb replay KEY --verify}
     * names it (exit 7), and no page is written; otherwise the error is not this command's to explain.
     */
    private Exit damaged(Session session, List<StreamId> streams, RuntimeException unreadable) {
        ReplayQuery query = new ReplayQuery(session);
        for (StreamId stream : streams) {
            List<SyncedReader.ChainReport> reports = query.verify(stream);
            if (!reports.stream().allMatch(r -> r.report().intact())) {
                console.error(
                        "no page was written: the events of " + stream.describe() + " cannot be read ("
                                + TerminalText.escape(String.valueOf(unreadable.getMessage())) + ")",
                        List.of("wb replay " + stream + " --verify"));
                return Chains.report(console, reports);
            }
        }
        throw unreadable;
    }

    private static Optional<TaskKey> taskOf(String key) {
        if (key == null || key.equalsIgnoreCase(StreamId.WORKSPACE_NAME)) {
            return Optional.empty();
        }
        return Optional.of(Keys.task(key));
    }

    private void report(Path page, List<String> tasks, List<String> kept) {
        if (json) {
            ObjectNode doc = CanonicalJson.objectNode();
            doc.put("page", page.toString());
            ArrayNode list = doc.putArray("tasks");
            tasks.forEach(list::add);
            ArrayNode unchanged = doc.putArray("kept");
            kept.forEach(unchanged::add);
            console.json(doc);
        } else {
            console.line(TerminalText.escape(page.toString()));
        }
    }
}
