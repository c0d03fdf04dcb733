package dev.wb.cli.judge;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Columns;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Keys;
import dev.wb.commands.Session;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.judge.core.Timings;
import dev.wb.commands.judge.run.CommandApprovals;
import dev.wb.commands.judge.run.JudgeRun;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.engine.text.TerminalText;
import dev.wb.projections.events.judge.JudgeRunFinished.CommandStatus;
import dev.wb.projections.events.judge.JudgeRunOutcome;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb judge run KEY --candidate SNAPSHOT:<id>}: the capsule's declared validation, once, and its receipt. */
public final class JudgeRunCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("every required command passed (or no runtime validation is declared)"),
            Exit.NOT_COMPLETED.as("a required command failed"),
            Exit.APPROVAL_MISSING.as("approval missing (nothing ran)"),
            Exit.LOCK_BUSY.as("another run holds the lock"),
            Exit.INVALIDATED.as("the tree changed during the run"),
            Exit.TREE_MISMATCH.as("the tree no longer matches the snapshot (or the snapshot is unknown or damaged)"));

    String key;
    String candidate;
    final JudgeOptions.Approvals approvals = new JudgeOptions.Approvals();
    boolean isolated;
    boolean breakLock;
    boolean timings;

    private JudgeRunCmd(WbCommand root) {
        super(root, EXITS);
    }

    public static CommandSpec spec(WbCommand root) {
        JudgeRunCmd cmd = new JudgeRunCmd(root);
        CommandSpec spec = cmd.command(
                "run",
                "Run every command the snapshot's capsule declares under"
                        + " ## Validation, once, in order, after approval, and write a receipt. In place by default: the live"
                        + " tree must equal the snapshot before, during and after. --isolated runs in a disposable copy.");
        spec.addPositional(Specs.positional("KEY", "1", "The task key, like TASK-7.", v -> cmd.key = v));
        spec.addOption(
                Specs.required("--candidate", "SNAPSHOT:<id>", "The snapshot to validate.", v -> cmd.candidate = v));
        spec.addOption(cmd.approvals.option(
                "Approve one declared command, headless;" + " once per command, in declared order."));
        spec.addOption(Specs.flag(
                "--isolated",
                "Run in a disposable copy of the snapshot, with Node dependencies" + " installed from the lockfile.",
                on -> cmd.isolated = on));
        spec.addOption(
                Specs.flag("--break-lock", "Take over a run lock held by another host.", on -> cmd.breakLock = on));
        spec.addOption(JudgeOptions.timings(on -> cmd.timings = on));
        return Specs.withJson(root, spec);
    }

    @Override
    protected Exit run() {
        TaskKey task = Keys.task(key);
        String id = JudgeOptions.snapshotId("run", candidate, "wb judge snapshot " + task);
        Timings clock = timings ? new Timings("run") : Timings.OFF;
        Console console = root.context().console();
        String status = "failed";
        try (Session session = root.context().session()) {
            Optional<CommandApprovals.Terminal> terminal =
                    JudgeOptions.terminal(root, Consent.validation(root.context()));
            JudgeRun.Progress progress = root.json() ? JudgeRun.Progress.NONE : new Lines(console.err());
            JudgeRun.Result result = JudgeRun.run(
                    session,
                    new JudgeRun.Request(task, id, approvals.given(), isolated, breakLock, terminal),
                    root.context().env(),
                    root.context().clock(),
                    clock,
                    progress);
            status = result.outcome().wireName();
            if (root.json()) {
                console.json(json(result));
            } else {
                text(result);
            }
            return exit(result.outcome());
        } finally {
            JudgeOptions.reportTimings(root, clock, status);
        }
    }

    /** How a run's outcome exits (docs/JUDGE.md's table). */
    static Exit exit(JudgeRunOutcome outcome) {
        return switch (outcome) {
            case PASSED, NO_RUNTIME_VALIDATION -> Exit.OK;
            case FAILED -> Exit.NOT_COMPLETED;
            case APPROVAL_MISSING -> Exit.APPROVAL_MISSING;
            case LOCK_BUSY -> Exit.LOCK_BUSY;
            case INVALIDATED -> Exit.INVALIDATED;
            case TREE_MISMATCH -> Exit.TREE_MISMATCH;
        };
    }

    private void text(JudgeRun.Result result) {
        Console console = root.context().console();
        String snapshot = result.snapshot().label();
        switch (result.outcome()) {
            case APPROVAL_MISSING ->
                console.error(
                        result.message(),
                        List.of(
                                "approve the list once for this task: wb" + " task approve-commands "
                                        + result.snapshot().taskId(),
                                "or pass one --approve-commands per" + " command, in the declared order"));
            case LOCK_BUSY -> console.error(result.message(), List.of("wait for that run to end, then retry"));
            case TREE_MISMATCH ->
                console.error(
                        result.message(),
                        List.of("nothing ran; capture a new snapshot: wb" + " judge snapshot "
                                + result.snapshot().taskId()));
            default -> {
                result.notices().forEach(n -> console.err().println("notice: " + n));
                console.err().flush();
                for (JudgeRun.CommandResult r : result.results()) {
                    console.line("  " + Columns.left(r.status().wireName(), 8) + "[" + r.index() + "] "
                            + TerminalText.escape(r.command())
                            + (r.optional() ? "  # optional" : "")
                            + (r.status() == CommandStatus.NOT_RUN
                                    ? ""
                                    : "  (" + r.ended() + ", " + r.durationMs() + " ms)"));
                    r.evidence().ifPresent(e -> e.lines().limit(40).forEach(l -> console.line("      " + l)));
                }
                result.receipt().ifPresent(receipt -> {
                    console.line("receipt "
                            + Workspace.require(root.context().cwd()).root().relativize(receipt.path()));
                    console.line("receipt digest " + receipt.digest());
                });
                if (result.outcome() == JudgeRunOutcome.INVALIDATED) {
                    console.error(
                            "the tree changed during the run: "
                                    + TerminalText.escape(String.join(", ", result.changedPaths())),
                            List.of("do not edit covered files while validation runs; declare check-mode commands"
                                    + " (--check, not --write), then run again"));
                } else {
                    console.line(
                            result.outcome().wireName().toUpperCase(Locale.ROOT).replace('-', ' ') + ": "
                                    + snapshot + " (" + result.mode().wireName() + ")"
                                    + (result.outcome() == JudgeRunOutcome.PASSED
                                            ? "; give the judge the receipt and pin the digest above"
                                            : ""));
                }
            }
        }
    }

    private ObjectNode json(JudgeRun.Result result) {
        ObjectNode doc = CanonicalJson.objectNode();
        doc.put("outcome", result.outcome().wireName());
        doc.put("passed", result.outcome() == JudgeRunOutcome.PASSED);
        doc.put("taskId", result.snapshot().taskId());
        doc.put("snapshot", result.snapshot().label());
        doc.put("mode", result.mode().wireName());
        ArrayNode list = doc.putArray("results");
        for (JudgeRun.CommandResult r : result.results()) {
            ObjectNode node = list.addObject();
            node.put("index", r.index());
            node.put("command", r.command());
            node.put("optional", r.optional());
            node.put("status", r.status().wireName());
            node.put("exitCode", r.exitCode());
            node.put("durationMs", r.durationMs());
            r.evidence().ifPresent(e -> node.put("evidence", e));
        }
        result.changedPaths().forEach(doc.putArray("changedPaths")::add);
        if (result.changedPaths().isEmpty()) {
            doc.putArray("changedPaths");
        }
        result.receipt()
                .ifPresentOrElse(
                        r -> {
                            doc.put(
                                    "receipt",
                                    Workspace.require(root.context().cwd())
                                            .root()
                                            .relativize(r.path())
                                            .toString());
                            doc.put("receiptDigest", r.digest());
                        },
                        () -> {
                            doc.putNull("receipt");
                            doc.putNull("receiptDigest");
                        });
        result.notices().forEach(doc.putArray("notices")::add);
        if (!result.message().isEmpty()) {
            doc.put("message", result.message());
        }
        return doc;
    }

    /** One line a command on stderr, as it starts. */
    private static final class Lines implements JudgeRun.Progress {
        private final PrintWriter err;

        Lines(PrintWriter err) {
            this.err = err;
        }

        @Override
        public void started(int index, int total, String command) {
            err.println("[" + index + "/" + total + "] " + command);
            err.flush();
        }

        @Override
        public void finished(JudgeRun.CommandResult result) {}
    }
}
