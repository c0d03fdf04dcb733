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
import dev.wb.commands.Failure;
import dev.wb.commands.Session;
import dev.wb.commands.judge.core.ReviewRecord;
import dev.wb.commands.judge.core.Timings;
import dev.wb.commands.judge.record.JudgeVerify;
import dev.wb.commands.judge.record.RecordVerification;
import dev.wb.commands.judge.run.CommandApprovals;
import dev.wb.commands.judge.run.JudgeRun;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.judge.JudgeVerifyMode;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb judge verify <record>}: a returned review record, checked; exit 0 only for a valid APPROVED one. */
public final class JudgeVerifyCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("a valid APPROVED record"),
            Exit.NOT_COMPLETED.as("a valid record that is not APPROVED"),
            Exit.CHECK_FAILED.as("the record does not verify (its reasons are listed)"),
            Exit.USAGE.as("misused options"),
            Exit.MISSING.as("no record"));

    String record;
    String receiptDigest;
    boolean runTests;
    final JudgeOptions.Approvals approvals = new JudgeOptions.Approvals();
    boolean timings;

    private JudgeVerifyCmd(WbCommand root) {
        super(root, EXITS);
    }

    public static CommandSpec spec(WbCommand root) {
        JudgeVerifyCmd cmd = new JudgeVerifyCmd(root);
        CommandSpec spec = cmd.command(
                "verify",
                "Check a review record the judge returned: its shape, its"
                        + " boundary recomputed, the wb version, and what APPROVED requires. Its command claims are taken on"
                        + " trust unless a pinned receipt (--receipt-digest) or a fresh run (--run-tests) backs them.");
        spec.addPositional(Specs.positional(
                "RECORD",
                "1",
                "The record's JSON file, e.g." + " .workflow/local/judge/TASK-7/review.json.",
                v -> cmd.record = v));
        spec.addOption(Specs.option(
                "--receipt-digest",
                "sha256:<hex>",
                String.class,
                "The digest you saw wb judge"
                        + " run print: checks the receipt's bytes and bindings, and executes nothing.",
                v -> cmd.receiptDigest = (String) v));
        spec.addOption(Specs.flag(
                "--run-tests",
                "Re-run the declared commands the record claims passed, in a"
                        + " disposable copy of the snapshot with dependencies from its lockfile, after approval.",
                on -> cmd.runTests = on));
        spec.addOption(cmd.approvals.option(
                "With --run-tests, headless: approve one" + " declared command; once per command, in declared order."));
        spec.addOption(JudgeOptions.timings(on -> cmd.timings = on));
        return Specs.withJson(root, spec);
    }

    @Override
    protected Exit run() {
        Timings clock = timings ? new Timings("verify") : Timings.OFF;
        String status = "failed";
        try (Session session = root.context().session()) {
            Optional<CommandApprovals.Terminal> terminal =
                    JudgeOptions.terminal(root, Consent.validation(root.context()));
            JudgeVerify.Result result = JudgeVerify.run(
                    session,
                    new JudgeVerify.Request(
                            root.context().cwd().resolve(record),
                            Optional.ofNullable(receiptDigest),
                            runTests,
                            approvals.given(),
                            terminal),
                    root.context().env(),
                    clock);
            RecordVerification.Outcome outcome = result.outcome();
            status = outcome.approved() ? "approved" : outcome.valid() ? "not-approved" : "rejected";
            if (root.json()) {
                root.context().console().json(json(session, result));
            } else {
                text(result);
            }
            if (outcome.approved()) {
                return Exit.OK;
            }
            if (outcome.valid()) {
                throw new Failure(
                        Failure.Kind.NOT_COMPLETED,
                        "the review is not approved: its verdict is "
                                + outcome.record().map(ReviewRecord::verdict).orElse("?"),
                        List.of("act on the record's"
                                + " criteria and observations, then capture, run and review again"));
            }
            throw new Failure(
                    Failure.Kind.CHECK_FAILED,
                    "the record does not verify: " + outcome.reasons().size()
                            + (outcome.reasons().size() == 1 ? " reason" : " reasons"),
                    List.of("read the reasons above;" + " a record is only evidence once it verifies"));
        } finally {
            JudgeOptions.reportTimings(root, clock, status);
        }
    }

    private void text(JudgeVerify.Result result) {
        Console console = root.context().console();
        RecordVerification.Outcome outcome = result.outcome();
        String candidate = outcome.record().map(ReviewRecord::candidate).orElse("?");
        String task = outcome.record().map(ReviewRecord::taskId).orElse("?");
        if (outcome.approved()) {
            console.line("APPROVED for the reviewed boundary: " + task + ", " + candidate + " (scope "
                    + outcome.record().get().scopeDigest() + ")");
            console.line("reviewBoundary: " + result.reviewBoundary().wireName());
        } else if (outcome.valid()) {
            console.line(outcome.record().get().verdict() + ": a valid review of " + task + ", " + candidate
                    + "; not an approval");
        } else {
            console.line("REJECTED: the record " + result.file().getFileName() + " does not verify");
        }
        StringBuilder now =
                new StringBuilder("verifiedNow: runtime " + outcome.runtime().wireName());
        if (result.mode() == JudgeVerifyMode.RECEIPT) {
            now.append(" (pinned receipt)");
        } else if (result.mode() == JudgeVerifyMode.RUN_TESTS) {
            now.append(" (re-run now)");
        }
        result.current()
                .ifPresent(c -> now.append(", executionMetadata ")
                        .append(c.executionMetadata().wireName()));
        console.line(now.toString());
        outcome.record().filter(ReviewRecord::legacy).ifPresent(r -> console.line("legacy: a version 5 record"));
        for (JudgeRun.CommandResult r : result.reexecuted()) {
            console.line("  re-ran  " + Columns.left(r.status().wireName(), 8) + r.command() + "  (" + r.ended() + ")");
            r.evidence().ifPresent(e -> e.lines().limit(20).forEach(l -> console.line("      " + l)));
        }
        outcome.reasons().forEach(r -> console.line("reason: " + r));
        outcome.notices().forEach(n -> console.line("notice: " + n));
    }

    private static ObjectNode json(Session session, JudgeVerify.Result result) {
        RecordVerification.Outcome outcome = result.outcome();
        ObjectNode doc = CanonicalJson.objectNode();
        doc.put("file", session.workspace().root().relativize(result.file()).toString());
        doc.put("recordDigest", result.recordDigest());
        outcome.record()
                .ifPresentOrElse(
                        r -> {
                            doc.put("taskId", r.taskId());
                            doc.put("schemaVersion", r.schemaVersion());
                            doc.put("legacy", r.legacy());
                            doc.put("verdict", r.verdict());
                            doc.put("candidate", r.candidate());
                        },
                        () -> {
                            doc.put("legacy", false);
                            doc.putNull("verdict");
                        });
        doc.put("valid", outcome.valid());
        doc.put("approved", outcome.approved());
        doc.put("mode", result.mode().wireName());
        ArrayNode reasons = doc.putArray("reasons");
        outcome.reasons().forEach(reasons::add);
        ArrayNode notices = doc.putArray("notices");
        outcome.notices().forEach(notices::add);
        ObjectNode now = doc.putObject("verifiedNow");
        now.put("runtime", outcome.runtime().wireName());
        now.put("reviewBoundary", result.reviewBoundary().wireName());
        result.current()
                .ifPresentOrElse(
                        c -> now.put("executionMetadata", c.executionMetadata().wireName()),
                        () -> now.putNull("executionMetadata"));
        ArrayNode reexecuted = doc.putArray("reexecuted");
        for (JudgeRun.CommandResult r : result.reexecuted()) {
            ObjectNode node = reexecuted.addObject();
            node.put("command", r.command());
            node.put("status", r.status().wireName());
            node.put("exitCode", r.exitCode());
            node.put("ended", r.ended());
            r.evidence().ifPresent(e -> node.put("evidence", e));
        }
        return doc;
    }
}
