package dev.wb.cli.judge;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.Texts;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.InputFiles;
import dev.wb.commands.Keys;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.judge.core.Timings;
import dev.wb.commands.judge.record.CatchUpCapture;
import dev.wb.commands.judge.record.RecordFacts;
import dev.wb.commands.judge.record.RecordLog;
import dev.wb.commands.judge.record.RecordVerification;
import dev.wb.commands.judge.run.CommandApprovals;
import dev.wb.commands.judge.snapshot.JudgeEvents;
import dev.wb.commands.judge.snapshot.ScopeBlock;
import dev.wb.commands.judge.snapshot.Snapshot;
import dev.wb.commands.judge.snapshot.SnapshotCapture;
import dev.wb.commands.judge.snapshot.Snapshots;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb judge snapshot KEY [--base REF] [--include-task K]… [--allow-empty] [--timings]}. */
public final class JudgeSnapshotCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("captured"),
            Exit.USAGE.as("empty boundary, foreign capsule, unknown base, misused options or malformed key"),
            Exit.CONFIG.as("unusable policy.json"),
            Exit.MISSING.as("a capsule document is missing"),
            Exit.CHECK_FAILED.as("the parent review of a catch-up does not verify"));

    String key;
    String base;
    List<String> include = List.of();
    boolean allowEmpty;
    boolean timings;
    String fromReview;
    String receiptDigest;
    final JudgeOptions.Approvals approvals = new JudgeOptions.Approvals();

    private JudgeSnapshotCmd(WbCommand root) {
        super(root, EXITS);
    }

    static CommandSpec spec(WbCommand root) {
        JudgeSnapshotCmd cmd = new JudgeSnapshotCmd(root);
        CommandSpec spec = cmd.command(
                "snapshot",
                "Capture the task's boundary (base against the working"
                        + " tree, blocked paths withheld) as an immutable private repository under"
                        + " .workflow/local/judge/snapshots/. The live repository is only read.");
        spec.addPositional(Specs.positional("KEY", "1", "The task key, like TASK-7.", v -> cmd.key = v));
        spec.addOption(Specs.option(
                "--base",
                "REF",
                String.class,
                "The base the change is measured from"
                        + " (default HEAD; commits already on this branch need e.g. --base origin/main).",
                v -> cmd.base = (String) v));
        spec.addOption(Specs.repeatable(
                "--include-task",
                "KEY",
                "Another task whose capsule this change" + " deliberately touches; once per task.",
                v -> cmd.include = v));
        spec.addOption(Specs.flag(
                "--allow-empty",
                "Authorise an empty boundary (recorded, and bound into the" + " snapshot's id).",
                on -> cmd.allowEmpty = on));
        spec.addOption(JudgeOptions.timings(on -> cmd.timings = on));
        spec.addOption(Specs.option(
                "--from-review",
                "RECORD",
                String.class,
                "Catch-up: after strongly verifying"
                        + " this APPROVED record, capture only the changes since its snapshot.",
                v -> cmd.fromReview = (String) v));
        spec.addOption(Specs.option(
                "--receipt-digest",
                "sha256:<hex>",
                String.class,
                "With --from-review: the"
                        + " receipt digest you saw wb judge run print for the parent (executes nothing).",
                v -> cmd.receiptDigest = (String) v));
        spec.addOption(cmd.approvals.option("With --from-review and no receipt:"
                + " approve re-running the parent's declared commands; once per command, in declared order."));
        return Specs.withJson(root, spec);
    }

    @Override
    protected Exit run() {
        TaskKey task = Keys.task(key);
        Timings clock = timings ? new Timings("snapshot") : Timings.OFF;
        String status = "failed";
        try (Session session = root.context().session()) {
            SnapshotCapture.Result result = capture(session, task, clock);
            if (fromReview != null) {
                Path record = root.context().cwd().resolve(fromReview);
                try {
                    RecordVerification.read(session.workspace(), record)
                            .ifPresent(bytes -> RecordLog.noteRead(session, record, RecordFacts.of(bytes)));
                } catch (InputFiles.Unusable e) {
                    // It was read moments ago to verify it; a record changed since is not this capture's concern.
                }
            }
            Snapshot snapshot = result.snapshot();
            EventEnvelope event =
                    JudgeEvents.append(session, task, JudgeEvents.snapshotCaptured(snapshot, result.reused()));
            print(session.workspace(), snapshot, result.reused(), event);
            status = "ok";
            return Exit.OK;
        } finally {
            JudgeOptions.reportTimings(root, clock, status);
        }
    }

    private SnapshotCapture.Result capture(Session session, TaskKey task, Timings clock) {
        if (fromReview == null) {
            if (receiptDigest != null || !approvals.given().isEmpty()) {
                throw Failure.usage(
                        "--receipt-digest and --approve-commands belong to a catch-up" + " capture",
                        "add --from-review <record>, or leave them out for a full capture");
            }
            return SnapshotCapture.capture(
                    session.workspace(),
                    new SnapshotCapture.Request(task, base == null ? "HEAD" : base, keys(include), allowEmpty),
                    root.context().env(),
                    root.context().clock(),
                    clock);
        }
        if (base != null || !include.isEmpty()) {
            throw Failure.usage(
                    "a catch-up capture inherits its parent's base and included tasks",
                    "leave out --base and --include-task with --from-review");
        }
        Optional<CommandApprovals.Terminal> terminal = JudgeOptions.terminal(root, Consent.validation(root.context()));
        return CatchUpCapture.capture(
                session.workspace(),
                new CatchUpCapture.Request(
                        task,
                        root.context().cwd().resolve(fromReview),
                        Optional.ofNullable(receiptDigest),
                        approvals.given(),
                        allowEmpty,
                        terminal),
                root.context().env(),
                root.context().clock(),
                clock);
    }

    private void print(Workspace workspace, Snapshot snapshot, boolean reused, EventEnvelope event) {
        Console console = root.context().console();
        ScopeBlock scope = snapshot.scope();
        if (root.json()) {
            console.json(json(workspace, snapshot, reused, event));
            return;
        }
        console.line(snapshot.label() + (reused ? " (already captured, intact)" : ""));
        console.line("  task " + snapshot.taskId() + ", base " + scope.base()
                + scope.baseRef().map(ref -> " (" + ref + ")").orElse(""));
        console.line("  " + Texts.plural(scope.changedFiles().size(), "changed file") + ", "
                + Texts.plural(scope.excludedPaths().size(), "excluded path") + ", "
                + Texts.plural(snapshot.coveredFiles(), "covered file")
                + (scope.includedTaskIds().isEmpty()
                        ? ""
                        : ", including " + String.join(", ", scope.includedTaskIds())));
        console.line("  emptyBoundaryAuthorized: " + scope.emptyBoundaryAuthorized());
        snapshot.parent()
                .ifPresent(parent ->
                        console.line("  catch-up of SNAPSHOT:" + parent + ": the changes since its approved review"));
        console.line("  scope " + scope.scopeDigest());
        console.line("  in " + workspace.root().relativize(snapshot.dir()));
        console.line("recorded as event " + event.version() + " of " + snapshot.taskId() + "; next: wb judge run "
                + snapshot.taskId() + " --candidate " + snapshot.label());
    }

    /**
     * The review judge's shape first — {@code id, candidate, scope, metadataPath, worktreePath, parent?,
     * emptyBoundaryAuthorized}, {@code parent} only for a catch-up — then wb's own fields beside it.
     */
    private ObjectNode json(Workspace workspace, Snapshot snapshot, boolean reused, EventEnvelope event) {
        ObjectNode doc = CanonicalJson.objectNode();
        doc.put("id", snapshot.id());
        doc.put("candidate", snapshot.label());
        doc.set("scope", snapshot.scope().toJson());
        doc.put("metadataPath", snapshot.dir().resolve(Snapshot.METADATA).toString());
        doc.put("worktreePath", snapshot.worktree().toString());
        snapshot.parent().ifPresent(p -> {
            ObjectNode parent = doc.putObject("parent");
            parent.put("snapshotId", p);
            parent.put(
                    "scopeDigest",
                    Snapshots.load(workspace, p, root.context().env()).scope().scopeDigest());
            snapshot.parentRecordDigest().ifPresent(d -> parent.put("recordDigest", d));
        });
        doc.put("emptyBoundaryAuthorized", snapshot.scope().emptyBoundaryAuthorized());
        doc.put("snapshot", snapshot.label());
        doc.put("taskId", snapshot.taskId());
        doc.put("reused", reused);
        doc.put("path", workspace.root().relativize(snapshot.dir()).toString());
        doc.put("candidateCommit", snapshot.candidateCommit());
        doc.put("coveredFiles", snapshot.coveredFiles());
        doc.put("event", event.eventId());
        doc.put("version", event.version());
        return doc;
    }

    private static List<TaskKey> keys(List<String> texts) {
        List<TaskKey> keys = new ArrayList<>();
        texts.forEach(text -> keys.add(Keys.task(text)));
        return keys;
    }
}
