package dev.wb.cli.judge;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Columns;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.ExitCodes;
import dev.wb.cli.core.GroupCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.Texts;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Keys;
import dev.wb.commands.Session;
import dev.wb.commands.Workspace;
import dev.wb.commands.judge.core.Timings;
import dev.wb.commands.judge.snapshot.Candidate;
import dev.wb.commands.judge.snapshot.JudgeEvents;
import dev.wb.commands.judge.snapshot.JudgeScope;
import dev.wb.commands.judge.snapshot.ScopeBlock;
import dev.wb.commands.judge.snapshot.Snapshot;
import dev.wb.commands.judge.snapshot.SnapshotCapture;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb judge …}: the review boundary, its immutable snapshot, and the validation run. */
public final class JudgeCmd {

    private JudgeCmd() {}

    public static CommandSpec spec(WbCommand root) {
        Map<String, Function<WbCommand, CommandSpec>> members = new LinkedHashMap<>();
        members.put("snapshot", SnapshotCmd::spec);
        members.put("scope", ScopeCmd::spec);
        members.put("run", JudgeRunCmd::spec);
        members.put("verify", JudgeVerifyCmd::spec);
        members.put("current", JudgeCurrentCmd::spec);
        members.put("rounds", JudgeRoundsCmd::spec);
        members.put("prune", JudgePruneCmd::spec);
        members.put("reproduce", JudgeReproduceCmd::spec);
        members.put("enable", JudgeAgentsCmd::enable);
        members.put("disable", JudgeAgentsCmd::disable);
        members.put("status", JudgeAgentsCmd::status);
        members.put("guard", JudgeGuardCmd::spec);
        return GroupCmd.spec(
                root,
                "judge",
                "Independent review: capture the exact boundary of a task's change, run"
                        + " its declared validation once, and keep the receipt for the judge.",
                members);
    }

    static List<TaskKey> keys(List<String> texts) {
        List<TaskKey> keys = new ArrayList<>();
        texts.forEach(text -> keys.add(Keys.task(text)));
        return keys;
    }

    /** {@code wb judge snapshot KEY [--base REF] [--include-task K]… [--allow-empty] [--timings]}. */
    static final class SnapshotCmd implements Callable<Integer> {
        private final WbCommand root;
        String key;
        String base;
        List<String> include = List.of();
        boolean allowEmpty;
        boolean timings;
        String fromReview;
        String receiptDigest;
        List<String> approvals = List.of();

        private SnapshotCmd(WbCommand root) {
            this.root = root;
        }

        static CommandSpec spec(WbCommand root) {
            SnapshotCmd cmd = new SnapshotCmd(root);
            CommandSpec spec = Specs.command(
                    cmd,
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
            spec.addOption(Specs.flag(
                    "--timings",
                    "One diagnostic JSON line on stderr with the phases' durations.",
                    on -> cmd.timings = on));
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
            spec.addOption(Specs.repeatable(
                    "--approve-commands",
                    "COMMAND",
                    "With --from-review and no receipt:"
                            + " approve re-running the parent's declared commands; once per command, in declared order.",
                    v -> cmd.approvals = v));
            spec.addOption(Specs.json(root));
            spec.usageMessage()
                    .footer(
                            "",
                            "Exit codes: 0 captured, 2 empty boundary, foreign capsule, unknown base,"
                                    + " misused options or malformed key, 3 unusable policy.json, 6 a capsule document is missing,"
                                    + " 7 the parent review of a catch-up does not verify.");
            return spec;
        }

        @Override
        public Integer call() {
            TaskKey task = Keys.task(key);
            Timings clock = timings ? new Timings("snapshot") : Timings.OFF;
            String status = "failed";
            try (Session session = root.context().session()) {
                SnapshotCapture.Result result = capture(session, task, clock);
                if (fromReview != null) {
                    java.nio.file.Path record = root.context().cwd().resolve(fromReview);
                    try {
                        dev.wb.commands.judge.record.RecordVerification.read(session.workspace(), record)
                                .ifPresent(bytes -> dev.wb.commands.judge.record.RecordLog.noteRead(
                                        session, record, dev.wb.commands.judge.record.RecordFacts.of(bytes)));
                    } catch (dev.wb.commands.InputFiles.Unusable e) {
                        // It was read moments ago to verify it; a record changed since is not this capture's concern.
                    }
                }
                Snapshot snapshot = result.snapshot();
                EventEnvelope event =
                        JudgeEvents.append(session, task, JudgeEvents.snapshotCaptured(snapshot, result.reused()));
                print(session.workspace(), snapshot, result.reused(), event);
                status = "ok";
                return ExitCodes.OK;
            } finally {
                if (clock.on()) {
                    root.context().console().err().println(clock.line(status));
                    root.context().console().err().flush();
                }
            }
        }

        private SnapshotCapture.Result capture(Session session, TaskKey task, Timings clock) {
            if (fromReview == null) {
                if (receiptDigest != null || !approvals.isEmpty()) {
                    throw dev.wb.commands.Failure.usage(
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
                throw dev.wb.commands.Failure.usage(
                        "a catch-up capture inherits its parent's base and included tasks",
                        "leave out --base and --include-task with --from-review");
            }
            java.util.Optional<dev.wb.commands.judge.run.CommandApprovals.Terminal> terminal =
                    System.console() != null && !root.json()
                            ? java.util.Optional.of(Consent::validation)
                            : java.util.Optional.empty();
            return dev.wb.commands.judge.record.CatchUpCapture.capture(
                    session.workspace(),
                    new dev.wb.commands.judge.record.CatchUpCapture.Request(
                            task,
                            root.context().cwd().resolve(fromReview),
                            java.util.Optional.ofNullable(receiptDigest),
                            approvals,
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
                ObjectNode doc = CanonicalJson.objectNode();
                doc.put("snapshot", snapshot.label());
                doc.put("id", snapshot.id());
                doc.put("taskId", snapshot.taskId());
                doc.put("reused", reused);
                snapshot.parent().ifPresentOrElse(p -> doc.put("parent", "SNAPSHOT:" + p), () -> doc.putNull("parent"));
                snapshot.parentRecordDigest().ifPresent(d -> doc.put("parentRecordDigest", d));
                doc.put("path", workspace.root().relativize(snapshot.dir()).toString());
                doc.put("candidateCommit", snapshot.candidateCommit());
                doc.put("coveredFiles", snapshot.coveredFiles());
                doc.put("emptyBoundaryAuthorized", scope.emptyBoundaryAuthorized());
                doc.set("scope", scope.toJson());
                doc.put("event", event.eventId());
                doc.put("version", event.version());
                console.json(doc);
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
                    .ifPresent(parent -> console.line(
                            "  catch-up of SNAPSHOT:" + parent + ": the changes since its approved review"));
            console.line("  scope " + scope.scopeDigest());
            console.line("  in " + workspace.root().relativize(snapshot.dir()));
            console.line("recorded as event " + event.version() + " of " + snapshot.taskId() + "; next: wb judge run "
                    + snapshot.taskId() + " --candidate " + snapshot.label());
        }
    }

    /** {@code wb judge scope KEY --base REF [--candidate REF|WORKTREE|SNAPSHOT:<id>] [--include-task K]…}. */
    static final class ScopeCmd implements Callable<Integer> {
        private final WbCommand root;
        String key;
        String base;
        String candidate = "WORKTREE";
        List<String> include = List.of();

        private ScopeCmd(WbCommand root) {
            this.root = root;
        }

        static CommandSpec spec(WbCommand root) {
            ScopeCmd cmd = new ScopeCmd(root);
            CommandSpec spec = Specs.command(
                    cmd,
                    "scope",
                    "Compute the complete scope block for a review record:"
                            + " the base's full commit id, the changed and excluded paths, the capsule's digests, the change"
                            + " and scope digests. The judge copies it whole (--json) into its record.");
            spec.addPositional(Specs.positional("KEY", "1", "The task key, like TASK-7.", v -> cmd.key = v));
            spec.addOption(Specs.required(
                    "--base", "REF", "The base, resolved once to its full commit id.", v -> cmd.base = v));
            spec.addOption(Specs.option(
                    "--candidate",
                    "CANDIDATE",
                    String.class,
                    "WORKTREE (default), SNAPSHOT:<id>" + " or a commit.",
                    v -> cmd.candidate = (String) v));
            spec.addOption(Specs.repeatable(
                    "--include-task",
                    "KEY",
                    "Another task whose capsule this change" + " deliberately touches; once per task.",
                    v -> cmd.include = v));
            spec.addOption(Specs.json(root));
            spec.usageMessage()
                    .footer(
                            "",
                            "Exit codes: 0 computed, 2 foreign capsule, unknown ref or malformed key,"
                                    + " 3 unusable policy.json, 6 missing capsule document or unknown or damaged snapshot.");
            return spec;
        }

        @Override
        public Integer call() {
            TaskKey task = Keys.task(key);
            Candidate parsed = Candidate.parse(candidate);
            Workspace workspace = Workspace.require(root.context().cwd());
            ScopeBlock scope = JudgeScope.compute(
                    workspace,
                    new JudgeScope.Request(task, base, parsed, keys(include)),
                    root.context().env());
            Console console = root.context().console();
            if (root.json()) {
                console.json(scope.toJson());
                return ExitCodes.OK;
            }
            console.line(task + ": scope of " + scope.candidate() + " against " + scope.base()
                    + scope.baseRef().map(ref -> " (" + ref + ")").orElse(""));
            console.line("  candidate commit " + scope.candidateCommit());
            scope.changedFiles().forEach(p -> console.line("  " + Columns.left("changed", 10) + p));
            scope.excludedPaths().forEach(p -> console.line("  " + Columns.left("excluded", 10) + p));
            if (!scope.includedTaskIds().isEmpty()) {
                console.line("  included tasks: " + String.join(", ", scope.includedTaskIds()));
            }
            console.line("  task    " + scope.taskDigest());
            console.line("  change  " + scope.changeDigest());
            console.line("  scope   " + scope.scopeDigest());
            console.line("  emptyBoundaryAuthorized: " + scope.emptyBoundaryAuthorized());
            return ExitCodes.OK;
        }
    }
}
