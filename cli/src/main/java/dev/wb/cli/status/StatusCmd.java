package dev.wb.cli.status;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Columns;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.DirectArgs;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Keys;
import dev.wb.commands.ReplicaTrust;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.checks.CommandSetSummary;
import dev.wb.commands.ci.CiCheck;
import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.config.WorkspaceRedactor;
import dev.wb.commands.judge.lock.RunLock;
import dev.wb.commands.process.Redactor;
import dev.wb.commands.status.Mark;
import dev.wb.commands.status.Stage;
import dev.wb.commands.status.StatusQuery;
import dev.wb.commands.status.StatusQuery.StreamStatus;
import dev.wb.commands.status.StatusQuery.WorkspaceStatus;
import dev.wb.commands.status.TaskStatus.StageStatus;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.activity.Activity;
import dev.wb.projections.status.Operations;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code wb status [KEY] [--stats]}: a row per task (its five stages, the next command, its last
 * activity); one task in detail; {@code --stats} adds where tasks wait or fail and what the log adds
 * up to. Rendering only: every figure comes from {@link StatusQuery}.
 */
public final class StatusCmd extends LeafCmd {

    private static final Exits EXITS =
            Exits.of(Exit.OK.as("shown"), Exit.USAGE.as("malformed key or outside a git repository"));

    /** Commands listed in the text of {@code --stats}; {@code --json} lists them all. */
    static final int COMMANDS_SHOWN = 20;

    String key;
    boolean stats;
    private List<ReplicaTrust.Verdict> untrusted = List.of();

    private StatusCmd(WbCommand root) {
        super(root, EXITS);
    }

    public static CommandSpec spec(WbCommand root) {
        StatusCmd cmd = new StatusCmd(root);
        CommandSpec spec = cmd.command(
                "status",
                "Each task's stages (triage, plan, audit, scope, verify, handover, commit, git, pr), the next command and its last activity;"
                        + " --stats adds where tasks wait or fail and the log's totals.");
        spec.addPositional(Specs.positional("KEY", "0..1", "Only this task, in detail.", value -> cmd.key = value));
        spec.addOption(Specs.flag(
                "--stats",
                "Where tasks wait or fail; verify commands' runs, failures and mean"
                        + " duration; citation verdicts; refusals; git steps; events by type.",
                on -> cmd.stats = on));
        return Specs.withJson(root, spec);
    }

    /**
     * {@code wb status} read without picocli (docs/adr/0008): the command to run, or null when its
     * words need picocli (help, a usage error, anything unusual).
     *
     * @param words the words after {@code status}
     */
    public static LeafCmd direct(WbCommand root, boolean jsonBefore, List<String> words) {
        StatusCmd cmd = new StatusCmd(root);
        boolean plain =
                DirectArgs.read(root, jsonBefore, words, Map.of("--stats", () -> cmd.stats = true), k -> cmd.key = k);
        return plain ? cmd : null;
    }

    @Override
    protected Exit run() {
        try (Session session = root.context().session()) {
            session.showsOnly();
            untrusted = session.trust().untrusted();
            StatusQuery query = new StatusQuery(session);
            if (key != null) {
                StreamStatus one = query.one(Keys.stream(key));
                List<CiCheck.Check> ci = CiLines.checks(session, Keys.stream(key));
                if (root.json()) {
                    root.context()
                            .console()
                            .json(StreamJson.of(one)
                                    .<ObjectNode>set("run", RunLines.json(session, Keys.stream(key)))
                                    .set("ci", CiLines.json(ci)));
                } else {
                    show(one);
                    CiLines.print(root.context().console(), ci);
                    RunLines.print(root.context().console(), session, Keys.stream(key));
                }
            } else {
                show(query.all());
            }
            return Exit.OK;
        }
    }

    private void show(StreamStatus status) {
        Console console = root.context().console();
        if (root.json()) {
            console.json(StreamJson.of(status));
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
        operations(console, status.operations());
        Untrusted.lines(untrusted).forEach(line -> console.line("  " + line));
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

    /** The task's operations, each line only when it ran: its check runs, preflights and flow validations. */
    private static void operations(Console console, Operations ops) {
        if (ops.checks().runs() > 0) {
            console.line(join(
                    "  checks:        ",
                    ops.checks().latest(),
                    " (latest of ",
                    ops.checks().runs(),
                    " run(s): ",
                    ops.checks().passed(),
                    " pass, ",
                    ops.checks().failed(),
                    " fail, ",
                    ops.checks().incomplete(),
                    " incomplete)",
                    ops.checks().autoMergeBlocked() > 0
                            ? join(
                                    "; a set was skipped in ",
                                    ops.checks().autoMergeBlocked(),
                                    " run(s): auto-merge blocked when it was")
                            : ""));
        }
        if (ops.preflight().runs() > 0) {
            console.line(join(
                    "  preflight:     ",
                    ops.preflight().latest(),
                    " at ",
                    ops.preflight().latestTime(),
                    " (",
                    ops.preflight().runs(),
                    " run(s), ",
                    ops.preflight().ready(),
                    " ready)"));
        }
        if (ops.flows().runs() > 0) {
            console.line(join(
                    "  flows:         ",
                    ops.flows().runs(),
                    " validation(s), ",
                    ops.flows().checked(),
                    " flow(s) checked, ",
                    ops.flows().invalid(),
                    " invalid"));
        }
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
            console.line(header());
            for (StreamStatus s : status.streams()) {
                console.line(taskRow(s));
            }
        }
        Untrusted.lines(untrusted).forEach(console::line);
        for (StreamStatus damaged : status.damaged()) {
            console.warning(
                    "the history of " + damaged.stream().describe() + " does not verify at event "
                            + damaged.brokenAt().orElseThrow(),
                    "wb replay " + damaged.stream() + " --verify");
        }
        RunLock.current(Workspace.require(root.context().cwd()))
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
    private List<String> commandSets() {
        try {
            WorkspaceConfig config =
                    WorkspaceConfig.load(Workspace.require(root.context().cwd()));
            Redactor redactor = redactor(config);
            return CommandSetSummary.lines(config.checks()).stream()
                    .map(redactor::redact)
                    .toList();
        } catch (Failure e) {
            return List.of("checks: unknown — " + e.getMessage() + " (wb config show)");
        }
    }

    /** The workspace redactor: a command set may be written with a secret in it (docs/PREFLIGHT.md). */
    private Redactor redactor(WorkspaceConfig config) {
        return WorkspaceRedactor.lenient(
                Workspace.require(root.context().cwd()), config, root.context().env(), Map.of());
    }

    /** TASK, a column per stage (TRIAGE … PR), NEXT, EVENTS, LAST ACTIVITY, LAST EVENT, BY. */
    private static String header() {
        List<Object> cells = new ArrayList<>();
        cells.add("TASK");
        for (Stage stage : Stage.values()) {
            cells.add(stage.word().toUpperCase(Locale.ROOT));
        }
        cells.addAll(List.of("NEXT", "EVENTS", "LAST ACTIVITY", "LAST EVENT", "BY"));
        return row(cells.toArray());
    }

    // marks holds one column per Stage, in Stage's declared order.
    @SuppressWarnings("EnumOrdinal")
    private static String taskRow(StreamStatus s) {
        Activity.State a = s.activity();
        String[] marks = new String[Stage.values().length];
        Arrays.fill(marks, "");
        String next = "";
        if (s.task().isPresent()) {
            for (StageStatus stage : s.task().get().stages()) {
                marks[stage.stage().ordinal()] = mark(stage.mark());
            }
            next = s.task().get().next().orElse("-");
        }
        List<Object> cells = new ArrayList<>();
        cells.add(s.stream().name());
        cells.addAll(Arrays.asList(marks));
        cells.addAll(List.of(
                next,
                a.events(),
                a.lastTime().map(Object::toString).orElse("-"),
                a.lastType().orElse("-"),
                a.lastActor().orElse("-")));
        return row(cells.toArray());
    }

    /** Column widths of the table (task, the nine stages, next, events, …); negative: aligned right. */
    private static final int[] WIDTHS = {12, 6, 5, 5, 5, 6, 8, 6, 5, 4, 30, -7, 25, 28, 0};

    /** The column after which two spaces part the cells: EVENTS. */
    private static final int EVENTS_COLUMN = 11;

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
                line.append(i == EVENTS_COLUMN ? "  " : " ");
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

    /** {@code ok}, {@code FAIL} (loud: it needs someone), {@code -} for pending, {@code n/a} for a stage not owed. */
    static String mark(Mark mark) {
        return switch (mark) {
            case OK -> "ok";
            case FAIL -> "FAIL";
            case PENDING -> "-";
            case NOT_APPLICABLE -> "n/a";
        };
    }

    private ObjectNode json(WorkspaceStatus status) {
        ObjectNode doc = CanonicalJson.objectNode();
        doc.set("untrusted", Untrusted.json(untrusted));
        ArrayNode streams = doc.putArray("streams");
        status.streams().forEach(s -> streams.add(StreamJson.of(s)));
        ArrayNode damaged = doc.putArray("damaged");
        status.damaged()
                .forEach(s -> damaged.addObject()
                        .put("stream", s.stream().name())
                        .put("firstBreak", s.brokenAt().orElseThrow()));
        RunLock.current(Workspace.require(root.context().cwd()))
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
            WorkspaceConfig config =
                    WorkspaceConfig.load(Workspace.require(root.context().cwd()));
            WorkspaceConfig.Checks configured = config.checks();
            Redactor redactor = redactor(config);
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
        } catch (Failure e) {
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
}
