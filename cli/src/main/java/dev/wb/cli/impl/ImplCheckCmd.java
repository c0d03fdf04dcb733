package dev.wb.cli.impl;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Columns;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Paint;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.Texts;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Keys;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.impl.ImplCheck;
import dev.wb.commands.impl.ScopeReport;
import dev.wb.commands.impl.ScopeReport.Entry;
import dev.wb.commands.impl.ScopeReport.Status;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.git.ChangeScope;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.stream.Stream;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb impl check KEY [--staged] [--base REF]}: the change against the plans. */
public final class ImplCheckCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("in scope"),
            Exit.CHECK_FAILED.as("deviation"),
            Exit.USAGE.as("no passing current audit or malformed key"),
            Exit.MISSING.as("no sdd.json"));

    String key;
    boolean staged;
    String base;

    private ImplCheckCmd(WbCommand root) {
        super(root, EXITS);
    }

    public static CommandSpec spec(WbCommand root) {
        ImplCheckCmd cmd = new ImplCheckCmd(root);
        CommandSpec spec = cmd.command(
                "check",
                "Compare the changed paths with the audited plans: each is"
                        + " ok, pending, other (another task's plan), overlap, or a deviation (exit 7). Needs a passing,"
                        + " current audit of KEY.");
        spec.addPositional(Specs.taskKey(value -> cmd.key = value));
        spec.addOption(
                Specs.flag("--staged", "Check the index only (what the next commit holds).", on -> cmd.staged = on));
        spec.addOption(Specs.option(
                "--base",
                "REF",
                String.class,
                "Also check every commit since REF (e.g. main), so work already committed is seen.",
                value -> cmd.base = (String) value));
        return Specs.withJson(root, spec);
    }

    @Override
    protected Exit run() {
        TaskKey task = Keys.task(key);
        ImplCheck.Request request = new ImplCheck.Request(
                task, staged ? ChangeScope.STAGED : ChangeScope.WORKTREE, Optional.ofNullable(base), true);
        try (Session session = root.context().session()) {
            ImplCheck.Result result = ImplCheck.run(session, request);
            if (root.json()) {
                ObjectNode doc = CanonicalJson.objectNode();
                doc.put("task", task.value());
                doc.setAll(result.event().payload().json());
                doc.put("event", result.event().eventId());
                doc.put("version", result.event().version());
                root.context().console().json(doc);
            } else {
                text(request, result);
            }
            ScopeReport report = result.report();
            if (report.deviates()) {
                List<String> stray = new ArrayList<>();
                List<Entry> deviations = report.entries().stream()
                        .filter(e -> e.status() == Status.DEVIATION)
                        .toList();
                deviations.forEach(e -> stray.add(e.path()
                        + (e.zones().isEmpty() ? "" : " (critical zone: " + String.join(", ", e.zones()) + ")")));
                throw new Failure(
                        Failure.Kind.CHECK_FAILED,
                        task + ": " + Texts.plural(stray.size(), "changed path") + " outside every audited plan: "
                                + String.join(", ", stray),
                        Stream.concat(
                                        Stream.of("if the plan needs them, add them to files in .workflow/" + task
                                                + "/sdd.json, then: wb sdd audit " + task),
                                        UndoLines.of(deviations, Optional.ofNullable(base)).stream())
                                .toList());
            }
            return Exit.OK;
        }
    }

    private void text(ImplCheck.Request request, ImplCheck.Result result) {
        Console console = root.context().console();
        String what =
                request.scope() == ChangeScope.STAGED ? "the index against HEAD" : "the working tree against HEAD";
        if (result.baseCommit().isPresent() && base != null) {
            what += ", and the commits since " + base + " ("
                    + Texts.abbrev(result.baseCommit().get()) + ")";
        } else if (result.baseCommit().isPresent()) {
            what += ", and the commits since the task's start ("
                    + Texts.abbrev(result.baseCommit().get()) + ", where its first passing audit anchored it;"
                    + " --base REF to choose)";
        }
        ScopeReport report = result.report();
        console.line(result.key() + ": scope of " + what);
        Paint paint = Paint.of(root);
        int width = 10;
        for (Entry entry : report.entries()) {
            console.line(line(paint, width, entry));
        }
        if (report.entries().isEmpty()) {
            console.line("  nothing changed, and the plan lists no files");
        }
        if (!report.excluded().isEmpty()) {
            TreeSet<String> reasons = new TreeSet<>();
            report.excluded().forEach(e -> reasons.add(e.reason()));
            console.line("excluded: " + Texts.plural(report.excluded().size(), "path") + " ("
                    + String.join("; ", reasons) + ")");
        }
        String counts = counts(report);
        console.line((report.deviates() ? paint.mark("DEVIATION") : paint.good("in scope"))
                + (counts.isEmpty() ? "" : ": " + counts) + " · recorded as event "
                + result.event().version() + " of " + result.key());
    }

    /** One path's line: its status, the path, and the original workbench's words after it. */
    private static String line(Paint paint, int width, Entry entry) {
        StringBuilder line = new StringBuilder("  ")
                .append(paint.mark(Columns.left(entry.status().wireName(), width)))
                .append(entry.path());
        // The original workbench's words after each path, for scripts that read them.
        if (entry.status() == Status.PENDING) {
            line.append("  (planned, not changed yet)");
        } else if (entry.status() == Status.OTHER) {
            line.append("  (claimed by ")
                    .append(String.join(", ", entry.tasks()))
                    .append(")");
        } else if (entry.status() == Status.OVERLAP) {
            line.append("  (also planned by ")
                    .append(String.join(", ", entry.tasks()))
                    .append(")");
        } else if (!entry.zones().isEmpty()) {
            line.append("  [critical zone: ")
                    .append(String.join(", ", entry.zones()))
                    .append("]");
        }
        return line.toString();
    }

    /** How many paths have each status, for those that any have; empty when none. */
    private static String counts(ScopeReport report) {
        StringBuilder counts = new StringBuilder();
        for (Status status : Status.values()) {
            long n = report.count(status);
            if (n > 0) {
                counts.append(counts.length() == 0 ? "" : ", ")
                        .append(n)
                        .append(' ')
                        .append(status.wireName());
            }
        }
        return counts.toString();
    }
}
