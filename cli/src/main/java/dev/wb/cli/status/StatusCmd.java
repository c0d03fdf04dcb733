package dev.wb.cli.status;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Columns;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.ExitCodes;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Keys;
import dev.wb.commands.Session;
import dev.wb.commands.Workspace;
import dev.wb.commands.status.Mark;
import dev.wb.commands.status.Stage;
import dev.wb.commands.status.StatusQuery;
import dev.wb.commands.status.StatusQuery.StreamStatus;
import dev.wb.commands.status.StatusQuery.WorkspaceStatus;
import dev.wb.commands.status.TaskStatus.StageStatus;
import dev.wb.commands.status.WorkspaceStats;
import dev.wb.commands.status.WorkspaceStats.CommandStats;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.activity.Activity;
import dev.wb.projections.status.StageCounters.Refusal;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code wb status [KEY] [--stats]}: a row per task (its five stages, the next command, its last
 * activity); one task in detail; {@code --stats} adds where tasks wait or fail and what the log adds
 * up to. Rendering only: every figure comes from {@link StatusQuery}.
 */
public final class StatusCmd implements Callable<Integer> {

    /** Commands listed in the text of {@code --stats}; {@code --json} lists them all. */
    static final int COMMANDS_SHOWN = 20;

    private final WbCommand root;
    String key;
    boolean stats;

    private StatusCmd(WbCommand root) {
        this.root = root;
    }

    public static CommandSpec spec(WbCommand root) {
        StatusCmd cmd = new StatusCmd(root);
        CommandSpec spec = Specs.command(
                cmd,
                "status",
                "Each task's stages (plan, audit, scope, verify, git), the next command and its last activity;"
                        + " --stats adds where tasks wait or fail and the log's totals.");
        spec.addPositional(Specs.positional("KEY", "0..1", "Only this task, in detail.", value -> cmd.key = value));
        spec.addOption(Specs.flag(
                "--stats",
                "Where tasks wait or fail; verify commands' runs, failures and mean"
                        + " duration; citation verdicts; refusals; git steps; events by type.",
                on -> cmd.stats = on));
        spec.addOption(Specs.json(root));
        return spec;
    }

    @Override
    public Integer call() {
        try (Session session = root.context().session()) {
            StatusQuery query = new StatusQuery(session);
            if (key != null) {
                show(query.one(Keys.stream(key)));
            } else {
                show(query.all());
            }
            return ExitCodes.OK;
        }
    }

    private void show(StreamStatus status) {
        Console console = root.context().console();
        if (root.json()) {
            console.json(json(status));
            return;
        }
        Activity.State a = status.activity();
        console.line(status.stream().describe());
        status.task().ifPresent(task -> {
            for (StageStatus s : task.stages()) {
                console.line("  " + Columns.left(s.stage().word(), 8) + " " + Columns.left(mark(s.mark()), 6) + " "
                        + s.detail());
            }
            console.line("  next:          " + task.next().orElse("nothing: every stage is ok"));
        });
        dev.wb.projections.status.Operations ops = status.operations();
        if (ops.checkRuns() > 0) {
            console.line(join(
                    "  checks:        ",
                    ops.lastChecks(),
                    " (latest of ",
                    ops.checkRuns(),
                    " run(s): ",
                    ops.checksPassed(),
                    " pass, ",
                    ops.checksFailed(),
                    " fail, ",
                    ops.checksIncomplete(),
                    " incomplete)",
                    ops.autoMergeBlocked() > 0
                            ? join(
                                    "; a set was skipped in ",
                                    ops.autoMergeBlocked(),
                                    " run(s): auto-merge blocked when it was")
                            : ""));
        }
        if (ops.preflights() > 0) {
            console.line(join(
                    "  preflight:     ",
                    ops.lastPreflight(),
                    " at ",
                    ops.lastPreflightTime(),
                    " (",
                    ops.preflights(),
                    " run(s), ",
                    ops.preflightsReady(),
                    " ready)"));
        }
        if (ops.flowValidations() > 0) {
            console.line(join(
                    "  flows:         ",
                    ops.flowValidations(),
                    " validation(s), ",
                    ops.flowsChecked(),
                    " flow(s) checked, ",
                    ops.flowsInvalid(),
                    " invalid"));
        }
        status.brokenAt()
                .ifPresent(at -> console.line("  history:       does not verify at event " + at + " (wb replay "
                        + status.stream() + " --verify)"));
        console.line(
                "  events:        " + a.events() + (a.events() == 0 ? "" : " (versions 0 to " + a.lastVersion() + ")"));
        console.line("  last activity: " + a.lastTime().map(Object::toString).orElse("-") + "  "
                + a.lastType().orElse("-") + "  by " + a.lastActor().orElse("-"));
        console.line("  by type:");
        a.countsByType().forEach((type, n) -> console.line("    " + Columns.left(type, 30) + " " + n));
    }

    private void show(WorkspaceStatus status) {
        Console console = root.context().console();
        if (root.json()) {
            console.json(json(status));
            return;
        }
        if (status.streams().isEmpty()) {
            console.line("no history yet: wb records an event for every command it runs (try: wb init)");
        } else {
            console.line(row(
                    "TASK",
                    "PLAN",
                    "AUDIT",
                    "SCOPE",
                    "VERIFY",
                    "GIT",
                    "NEXT",
                    "EVENTS",
                    "LAST ACTIVITY",
                    "LAST EVENT",
                    "BY"));
            for (StreamStatus s : status.streams()) {
                console.line(taskRow(s));
            }
        }
        for (StreamStatus damaged : status.damaged()) {
            console.warning(
                    "the history of " + damaged.stream().describe() + " does not verify at event "
                            + damaged.brokenAt().orElseThrow(),
                    "wb replay " + damaged.stream() + " --verify");
        }
        dev.wb.commands.judge.lock.RunLock.current(
                        Workspace.require(root.context().cwd()))
                .ifPresent(holder -> console.line("validation run in progress (wb judge run): " + holder.describe()));
        commandSets().forEach(console::line);
        if (stats) {
            console.line("");
            console.line(join("workspace: ", status.tasks(), " tasks, ", status.totalEvents(), " events"));
            for (Map.Entry<String, Long> entry : status.totalsByType().entrySet()) {
                console.line(join("  ", Columns.left(entry.getKey(), 30), " ", entry.getValue()));
            }
            StatsText.print(console, status.stats());
        }
    }

    /**
     * The static summary of the configured command sets (it runs nothing); a config.json that cannot be
     * read is named here rather than failing a read-only view of the history.
     */
    private java.util.List<String> commandSets() {
        try {
            dev.wb.commands.config.WorkspaceConfig config = dev.wb.commands.config.WorkspaceConfig.load(
                    Workspace.require(root.context().cwd()));
            dev.wb.commands.process.Redactor redactor = redactor(config);
            return dev.wb.commands.checks.CommandSetSummary.lines(config.checks()).stream()
                    .map(redactor::redact)
                    .toList();
        } catch (dev.wb.commands.Failure e) {
            return java.util.List.of("checks: unknown — " + e.getMessage() + " (wb config show)");
        }
    }

    /** The workspace redactor: a command set may be written with a secret in it (docs/PREFLIGHT.md). */
    private dev.wb.commands.process.Redactor redactor(dev.wb.commands.config.WorkspaceConfig config) {
        return dev.wb.commands.config.WorkspaceRedactor.lenient(
                Workspace.require(root.context().cwd()), config, root.context().env(), java.util.Map.of());
    }

    private static String taskRow(StreamStatus s) {
        Activity.State a = s.activity();
        String[] marks = {"", "", "", "", ""};
        String next = "";
        if (s.task().isPresent()) {
            for (StageStatus stage : s.task().get().stages()) {
                marks[stage.stage().ordinal()] = mark(stage.mark());
            }
            next = s.task().get().next().orElse("-");
        }
        return row(
                s.stream().name(),
                marks[0],
                marks[1],
                marks[2],
                marks[3],
                marks[4],
                next,
                a.events(),
                a.lastTime().map(Object::toString).orElse("-"),
                a.lastType().orElse("-"),
                a.lastActor().orElse("-"));
    }

    /** Column widths of the table; negative: aligned right. */
    private static final int[] WIDTHS = {12, 5, 5, 5, 6, 5, 30, -7, 25, 28, 0};

    /**
     * One table row. Built with a StringBuilder: a {@code +} chain this long costs a cold JVM tens of
     * milliseconds to bootstrap (method-handle species generated at run time, outside the CDS archive).
     */
    private static String row(Object... cells) {
        StringBuilder line = new StringBuilder(192);
        for (int i = 0; i < cells.length; i++) {
            int width = WIDTHS[i];
            line.append(width < 0 ? Columns.right(cells[i], -width) : Columns.left(cells[i], width));
            if (i < cells.length - 1) {
                line.append(i == 7 ? "  " : " ");
            }
        }
        return line.toString();
    }

    /** Text from parts, as {@link #row} does and for the same reason. */
    static String join(Object... parts) {
        StringBuilder text = new StringBuilder(96);
        for (Object part : parts) {
            text.append(part);
        }
        return text.toString();
    }

    /** {@code ok}, {@code FAIL} (loud: it needs someone), {@code -} for pending. */
    static String mark(Mark mark) {
        return mark == Mark.OK ? "ok" : mark == Mark.FAIL ? "FAIL" : "-";
    }

    private ObjectNode json(WorkspaceStatus status) {
        ObjectNode doc = CanonicalJson.objectNode();
        ArrayNode streams = doc.putArray("streams");
        status.streams().forEach(s -> streams.add(json(s)));
        ArrayNode damaged = doc.putArray("damaged");
        status.damaged()
                .forEach(s -> damaged.addObject()
                        .put("stream", s.stream().name())
                        .put("firstBreak", s.brokenAt().orElseThrow()));
        dev.wb.commands.judge.lock.RunLock.current(
                        Workspace.require(root.context().cwd()))
                .ifPresentOrElse(
                        holder -> {
                            ObjectNode run = doc.putObject("judgeRun");
                            run.put("pid", holder.pid());
                            run.put("host", holder.host());
                            run.put("started", holder.started().toString());
                            run.put("task", holder.task());
                            run.put("snapshot", holder.snapshot());
                        },
                        () -> doc.putNull("judgeRun"));
        ObjectNode checks = doc.putObject("checks");
        try {
            dev.wb.commands.config.WorkspaceConfig config = dev.wb.commands.config.WorkspaceConfig.load(
                    Workspace.require(root.context().cwd()));
            dev.wb.commands.config.WorkspaceConfig.Checks configured = config.checks();
            dev.wb.commands.process.Redactor redactor = redactor(config);
            ArrayNode sets = checks.putArray("commandSets");
            configured.commandSets().forEach(set -> {
                ObjectNode o = sets.addObject();
                o.put("name", set.name());
                ArrayNode paths = o.putArray("paths");
                set.paths().forEach(paths::add);
                set.timeoutSeconds()
                        .ifPresentOrElse(t -> o.put("timeoutSeconds", t), () -> o.putNull("timeoutSeconds"));
                o.put("skipIfUnavailable", set.skipIfUnavailable());
                ArrayNode commands = o.putArray("commands");
                set.commands().forEach(argv -> {
                    ArrayNode words = commands.addArray();
                    argv.forEach(word -> words.add(redactor.redact(word)));
                });
            });
        } catch (dev.wb.commands.Failure e) {
            checks.put("error", e.getMessage());
        }
        ArrayNode summary = checks.putArray("summary");
        commandSets().forEach(summary::add);
        if (stats) {
            ObjectNode totals = doc.putObject("totals");
            totals.put("tasks", status.tasks());
            totals.put("events", status.totalEvents());
            ObjectNode byType = totals.putObject("byType");
            status.totalsByType().forEach(byType::put);
            doc.set("stats", StatsJson.of(status.stats()));
        }
        return doc;
    }

    private static ObjectNode json(StreamStatus status) {
        ObjectNode node = CanonicalJson.objectNode();
        node.put("stream", status.stream().name());
        dev.wb.projections.status.Operations ops = status.operations();
        if (ops.checkRuns() > 0 || ops.preflights() > 0 || ops.flowValidations() > 0) {
            ObjectNode o = node.putObject("operations");
            o.put("checkRuns", ops.checkRuns())
                    .put("lastChecks", ops.lastChecks().isEmpty() ? null : ops.lastChecks())
                    .put("autoMergeBlocked", ops.autoMergeBlocked())
                    .put("preflights", ops.preflights())
                    .put("lastPreflight", ops.lastPreflight().isEmpty() ? null : ops.lastPreflight())
                    .put("flowValidations", ops.flowValidations())
                    .put("flowsInvalid", ops.flowsInvalid());
        }
        node.setAll((ObjectNode) Activity.INSTANCE.toJson(status.activity()));
        status.brokenAt()
                .ifPresent(at -> node.putObject("chain").put("intact", false).put("firstBreak", at));
        status.task().ifPresent(task -> {
            ObjectNode stages = node.putObject("stages");
            task.stages()
                    .forEach(s -> stages.putObject(s.stage().word())
                            .put("mark", s.mark().word())
                            .put("detail", s.detail()));
            task.next().ifPresentOrElse(next -> node.put("next", next), () -> node.putNull("next"));
            task.current().ifPresentOrElse(c -> node.put("current", c.stage().word()), () -> node.putNull("current"));
        });
        return node;
    }

    /** The {@code --stats} sections as text. */
    private static final class StatsText {

        static void print(Console console, WorkspaceStats stats) {
            console.line("");
            console.line(join("where tasks are: ", stats.done(), " done"));
            console.line(join(
                    "  ",
                    Columns.left("STAGE", 8),
                    " ",
                    Columns.right("WAITING", 7),
                    " ",
                    Columns.right("FAILING", 7)));
            for (Stage stage : Stage.values()) {
                console.line(join(
                        "  ",
                        Columns.left(stage.word(), 8),
                        " ",
                        Columns.right(stats.waiting().get(stage), 7),
                        " ",
                        Columns.right(stats.failing().get(stage), 7)));
            }
            console.line("");
            console.line(join("verify commands: ", stats.commands().size()));
            if (!stats.commands().isEmpty()) {
                console.line(join(
                        "  ",
                        Columns.right("RUNS", 6),
                        " ",
                        Columns.right("FAILED", 6),
                        " ",
                        Columns.right("MEAN", 9),
                        "  COMMAND"));
                for (CommandStats c : stats.commands()
                        .subList(0, Math.min(COMMANDS_SHOWN, stats.commands().size()))) {
                    console.line(join(
                            "  ",
                            Columns.right(c.runs(), 6),
                            " ",
                            Columns.right(c.failures(), 6),
                            " ",
                            Columns.right(join(c.meanMs(), " ms"), 9),
                            "  ",
                            c.command()));
                }
                if (stats.commands().size() > COMMANDS_SHOWN) {
                    console.line(
                            join("  … ", stats.commands().size() - COMMANDS_SHOWN, " more (--json lists every one)"));
                }
            }
            Optional<CommandStats> flaky = stats.mostFailsThenPasses();
            console.line(join(
                    "most often fails, then passes: ",
                    flaky.isEmpty()
                            ? "none"
                            : join(flaky.get().command(), " (", flaky.get().failsThenPasses(), " times)")));
            console.line(join("citations: ", counts(stats.citations())));
            refusals(console, "refused commands", stats.refusedCommands());
            refusals(console, "refused variables", stats.refusedEnv());
            var git = stats.gitSteps();
            console.line(join(
                    "git steps: ",
                    git.ok() + git.failed(),
                    " ran (",
                    git.failed(),
                    " failed), ",
                    git.refused(),
                    " refused"));
            WorkspaceStats.Reviews reviews = stats.reviews();
            console.line(join(
                    "review rounds: closed ",
                    group(reviews.closed()),
                    "; open ",
                    group(reviews.open()),
                    "; unknown ",
                    reviews.unknown(),
                    reviews.unknown() == 1 ? " task" : " tasks"));
            WorkspaceStats.Operations ops = stats.operations();
            console.line(join(
                    "preflight: ",
                    ops.preflights(),
                    " run(s), ",
                    ops.preflightsReady(),
                    " ready",
                    ops.lastPreflight().isEmpty()
                            ? ""
                            : join("; latest ", ops.lastPreflight(), " at ", ops.lastPreflightTime())));
            console.line(join(
                    "flow validations: ",
                    ops.flowValidations(),
                    " run(s), ",
                    ops.flowsChecked(),
                    " flow(s) checked, ",
                    ops.flowsInvalid(),
                    " invalid"));
            console.line(join(
                    "check runs: ",
                    ops.checkRuns(),
                    " (",
                    ops.checksPassed(),
                    " pass, ",
                    ops.checksFailed(),
                    " fail, ",
                    ops.checksIncomplete(),
                    " incomplete); ",
                    ops.autoMergeBlocked(),
                    " blocked auto-merge (a set skipped)"));
        }

        private static String group(WorkspaceStats.Group g) {
            return join(
                    g.tasks(),
                    g.tasks() == 1 ? " task, " : " tasks, ",
                    g.rounds(),
                    g.rounds() == 1 ? " round" : " rounds",
                    g.mean()
                            .map(m -> join(
                                    " (mean ",
                                    String.format(java.util.Locale.ROOT, "%.2f", m),
                                    ", max ",
                                    g.max().orElse(0L),
                                    ")"))
                            .orElse(""));
        }

        private static String counts(SortedMap<String, Long> counts) {
            if (counts.isEmpty()) {
                return "none";
            }
            StringBuilder text = new StringBuilder();
            for (Map.Entry<String, Long> count : counts.entrySet()) {
                text.append(text.length() == 0 ? "" : ", ")
                        .append(count.getKey())
                        .append(' ')
                        .append(count.getValue());
            }
            return text.toString();
        }

        private static void refusals(Console console, String title, SortedMap<String, Refusal> refusals) {
            console.line(join(title, refusals.isEmpty() ? ": none" : ":"));
            for (Map.Entry<String, Refusal> r : refusals.entrySet()) {
                console.line(join(
                        "  ",
                        Columns.right(r.getValue().count(), 6),
                        "  ",
                        r.getKey(),
                        ": ",
                        r.getValue().reason()));
            }
        }
    }

    /** The {@code --stats} sections as JSON. */
    private static final class StatsJson {

        static ObjectNode of(WorkspaceStats stats) {
            ObjectNode node = CanonicalJson.objectNode();
            ObjectNode waiting = node.putObject("waiting");
            ObjectNode failing = node.putObject("failing");
            for (Stage stage : Stage.values()) {
                waiting.put(stage.word(), stats.waiting().get(stage));
                failing.put(stage.word(), stats.failing().get(stage));
            }
            node.put("done", stats.done());
            ArrayNode commands = node.putArray("commands");
            stats.commands().forEach(c -> commands.add(command(c)));
            stats.mostFailsThenPasses()
                    .ifPresentOrElse(
                            c -> node.set("mostFailsThenPasses", command(c)),
                            () -> node.putNull("mostFailsThenPasses"));
            ObjectNode citations = node.putObject("citations");
            stats.citations().forEach(citations::put);
            ArrayNode refused = node.putArray("refusedCommands");
            stats.refusedCommands()
                    .forEach((text, r) -> refused.addObject()
                            .put("command", text)
                            .put("count", r.count())
                            .put("reason", r.reason()));
            ArrayNode refusedEnv = node.putArray("refusedEnv");
            stats.refusedEnv()
                    .forEach((name, r) -> refusedEnv
                            .addObject()
                            .put("name", name)
                            .put("count", r.count())
                            .put("reason", r.reason()));
            var git = stats.gitSteps();
            node.putObject("gitSteps")
                    .put("ran", git.ok() + git.failed())
                    .put("ok", git.ok())
                    .put("failed", git.failed())
                    .put("refused", git.refused());
            ObjectNode reviews = node.putObject("reviewRounds");
            group(reviews.putObject("closed"), stats.reviews().closed());
            group(reviews.putObject("open"), stats.reviews().open());
            reviews.put("unknownTasks", stats.reviews().unknown());
            WorkspaceStats.Operations ops = stats.operations();
            ObjectNode o = node.putObject("operations");
            o.putObject("preflight")
                    .put("runs", ops.preflights())
                    .put("ready", ops.preflightsReady())
                    .put("latest", ops.lastPreflight().isEmpty() ? null : ops.lastPreflight())
                    .put("latestTime", ops.lastPreflightTime().isEmpty() ? null : ops.lastPreflightTime());
            o.putObject("flowValidations")
                    .put("runs", ops.flowValidations())
                    .put("flowsChecked", ops.flowsChecked())
                    .put("invalid", ops.flowsInvalid());
            o.putObject("checkRuns")
                    .put("runs", ops.checkRuns())
                    .put("pass", ops.checksPassed())
                    .put("fail", ops.checksFailed())
                    .put("incomplete", ops.checksIncomplete())
                    .put("autoMergeBlocked", ops.autoMergeBlocked());
            return node;
        }

        private static void group(ObjectNode node, WorkspaceStats.Group g) {
            node.put("taskCount", g.tasks()).put("roundCount", g.rounds());
            g.mean().ifPresentOrElse(m -> node.put("mean", m), () -> node.putNull("mean"));
            g.max().ifPresentOrElse(m -> node.put("max", m), () -> node.putNull("max"));
        }

        private static ObjectNode command(CommandStats c) {
            return CanonicalJson.objectNode()
                    .put("command", c.command())
                    .put("runs", c.runs())
                    .put("failures", c.failures())
                    .put("meanMs", c.meanMs())
                    .put("failsThenPasses", c.failsThenPasses());
        }
    }
}
