package dev.wb.commands.show;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.ContentStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code #verify}: each verify run ({@code verify.started}, its {@code verify.command.ran} events,
 * {@code verify.finished}) with its verdict, every command's duration as a bar (of the run's longest),
 * its outcome and exit code, and its output's head and tail ({@link VerifyOutput}).
 */
final class VerifySection {

    static final int SHOWN = 20;

    /** One run: its start (absent when only its commands or end were recorded), commands and end. */
    record Run(Optional<PageEvent> started, List<PageEvent> commands, Optional<PageEvent> finished) {}

    private final ContentStore store;
    private final PageRedactor redactor;

    VerifySection(ContentStore store, PageRedactor redactor) {
        this.store = store;
        this.redactor = redactor;
    }

    static List<Run> runs(List<PageEvent> events) {
        List<Run> runs = new ArrayList<>();
        Optional<PageEvent> started = Optional.empty();
        List<PageEvent> commands = new ArrayList<>();
        boolean open = false;
        for (PageEvent e : events) {
            switch (e.type()) {
                case "verify.started" -> {
                    if (open) {
                        runs.add(new Run(started, commands, Optional.empty()));
                    }
                    started = Optional.of(e);
                    commands = new ArrayList<>();
                    open = true;
                }
                case "verify.command.ran" -> {
                    commands.add(e);
                    open = true;
                }
                case "verify.finished" -> {
                    runs.add(new Run(started, commands, Optional.of(e)));
                    started = Optional.empty();
                    commands = new ArrayList<>();
                    open = false;
                }
                default -> {
                    // not a verify event
                }
            }
        }
        if (open) {
            runs.add(new Run(started, commands, Optional.empty()));
        }
        return runs;
    }

    void write(Html html, List<PageEvent> events) {
        List<Run> runs = runs(events);
        html.open("section", "id", "verify").element("h2", "Verify runs");
        if (runs.isEmpty()) {
            html.element("p", "No verify run yet (wb impl verify).", "class", "empty");
        }
        Sections.shownOf(html, runs.size(), SHOWN, "runs");
        int number = Math.max(0, runs.size() - SHOWN);
        for (Run run : Sections.latest(runs, SHOWN)) {
            run(html, run, ++number);
        }
        html.close("section").raw("\n");
    }

    private void run(Html html, Run run, int number) {
        String verdict = run.finished().map(f -> f.text("verdict")).orElse("incomplete");
        html.open("div", "class", "run", "data-run", Integer.toString(number), "data-verdict", verdict);
        html.open("h3").text("Run " + number + " ");
        run.started().ifPresent(s -> html.goTo(s.number()).raw(" "));
        html.badge("verdict", verdict);
        run.finished()
                .ifPresent(f -> html.raw(" ")
                        .text(f.count("ran") + " ran, " + f.count("passed") + " passed, " + f.count("failed")
                                + " failed, " + f.count("refused") + " refused · " + f.count("durationMs") + " ms ")
                        .goTo(f.number()));
        html.close("h3");
        run.started().ifPresent(s -> commit(html, s.get("worktree")));
        run.started().ifPresent(s -> refused(html, s.get("refused")));
        long longest = 1;
        for (PageEvent c : run.commands()) {
            longest = Math.max(longest, c.count("durationMs"));
        }
        if (!run.commands().isEmpty()) {
            html.open("div", "class", "bars durations");
            for (PageEvent c : run.commands()) {
                long ms = Math.max(0, c.count("durationMs"));
                html.open("div", "class", "mono command")
                        .goTo(c.number())
                        .raw(" ")
                        .text(c.text("command"))
                        .close("div");
                Sections.bar(html, ms, longest, c.tone(), ms + " ms");
                html.open("div", "class", "outcome")
                        .text(ms + " ms · ")
                        .element("span", outcome(c), "class", "badge tone-" + c.tone())
                        .close("div");
            }
            html.close("div");
            for (PageEvent c : run.commands()) {
                output(html, c);
            }
        }
        html.close("div");
    }

    private static String outcome(PageEvent c) {
        String outcome = c.text("outcome");
        if (outcome.equals("exited")) {
            return "exit " + c.count("exitCode");
        }
        return outcome.isEmpty() ? "unknown" : outcome.replace('_', ' ');
    }

    /** The commit the run started on, and whether changes beside it kept CI from counting it (docs/CI.md). */
    private static void commit(Html html, JsonNode worktree) {
        if (worktree == null || !worktree.path("commit").isTextual()) {
            html.element("p", "the commit it ran on was not recorded", "class", "commit muted");
            return;
        }
        String commit = worktree.path("commit").asText();
        long uncommitted = worktree.path("uncommitted").asLong(0);
        String shown = "on commit " + commit.substring(0, Math.min(12, commit.length()))
                + (uncommitted > 0
                        ? ", with " + uncommitted + " uncommitted " + (uncommitted == 1 ? "path" : "paths")
                                + " beside it: wb ci check does not count it"
                        : "");
        html.element("p", shown, "class", uncommitted > 0 ? "commit dirty" : "commit", "data-commit", commit);
    }

    private static void refused(Html html, JsonNode refused) {
        if (!refused.isArray() || refused.isEmpty()) {
            return;
        }
        html.open("ul", "class", "refused");
        for (JsonNode r : refused) {
            html.element(
                    "li",
                    "refused: " + r.path("command").asText(r.path("name").asText("")) + " — "
                            + r.path("reason").asText(""));
        }
        html.close("ul");
    }

    private void output(Html html, PageEvent c) {
        VerifyOutput out = VerifyOutput.of(store, c, redactor);
        html.open("details", "class", "output", "data-event-output", Long.toString(c.number()));
        html.open("summary")
                .text("output of " + c.text("command") + (out.stored() ? "" : " (as recorded in the event)"))
                .close("summary");
        if (c.text("startError").length() > 0) {
            html.element("p", "did not start: " + c.text("startError"), "class", "start-error");
        }
        if (out.isEmpty()) {
            html.element("p", "no output", "class", "muted");
        } else {
            html.element("pre", String.join("\n", out.head()), "class", "out head");
            if (out.omitted() != 0) {
                html.element(
                        "p",
                        out.omitted() > 0
                                ? "… " + out.omitted() + " lines left out …"
                                : "… " + c.count("omittedChars") + " characters left out …",
                        "class",
                        "omitted");
            }
            if (!out.tail().isEmpty()) {
                html.element("pre", String.join("\n", out.tail()), "class", "out tail");
            }
        }
        html.close("details");
    }
}
