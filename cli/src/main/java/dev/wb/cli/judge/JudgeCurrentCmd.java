package dev.wb.cli.judge;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.ExitCodes;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Failure;
import dev.wb.commands.Session;
import dev.wb.commands.judge.core.ReviewRecord;
import dev.wb.commands.judge.core.Timings;
import dev.wb.commands.judge.record.JudgeCurrent;
import dev.wb.commands.judge.record.JudgeVerify;
import dev.wb.commands.judge.record.RecordVerification;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.engine.text.TerminalText;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb judge current <record>}: whether a verified approval still describes the live workspace. */
public final class JudgeCurrentCmd implements Callable<Integer> {

    /** How many changed paths the text shows. */
    private static final int SHOWN = 50;

    private final WbCommand root;
    String record;

    private JudgeCurrentCmd(WbCommand root) {
        this.root = root;
    }

    public static CommandSpec spec(WbCommand root) {
        JudgeCurrentCmd cmd = new JudgeCurrentCmd(root);
        CommandSpec spec = Specs.command(
                cmd,
                "current",
                "After verifying an APPROVED snapshot record, compare its"
                        + " snapshot with the live workspace: status (everything), reviewBoundary (the task's continuation"
                        + " sidecar left out) and executionMetadata (what the sidecar did).");
        spec.addPositional(Specs.positional("RECORD", "1", "The record's JSON file.", v -> cmd.record = v));
        spec.addOption(Specs.json(root));
        spec.usageMessage()
                .footer(
                        "",
                        "Exit codes: 0 classified (CURRENT, NEWER_CHANGES or DIVERGED), 1 the record"
                                + " is valid but not APPROVED, 2 its candidate is not a snapshot, 7 it does not verify, 6 no record.");
        return spec;
    }

    @Override
    public Integer call() {
        try (Session session = root.context().session()) {
            JudgeVerify.Result result = JudgeVerify.run(
                    session,
                    new JudgeVerify.Request(
                            root.context().cwd().resolve(record), Optional.empty(), false, List.of(), Optional.empty()),
                    root.context().env(),
                    Timings.OFF);
            RecordVerification.Outcome outcome = result.outcome();
            if (!outcome.valid()) {
                throw new Failure(
                        Failure.Kind.CHECK_FAILED,
                        "the record does not verify: " + String.join("; ", outcome.reasons()),
                        List.of("wb judge verify " + record + " lists every reason"));
            }
            if (!outcome.approved()) {
                throw new Failure(
                        Failure.Kind.NOT_COMPLETED,
                        "the record's verdict is "
                                + outcome.record().map(ReviewRecord::verdict).orElse("?")
                                + ", not APPROVED: there is no approval to compare",
                        List.of("review again once the criteria pass"));
            }
            JudgeCurrent.Classification c = result.current()
                    .orElseThrow(() -> Failure.usage(
                            "the record's candidate" + " is "
                                    + outcome.record().get().candidate() + ": live applicability needs a snapshot",
                            "capture one (wb judge snapshot "
                                    + outcome.record().get().taskId() + ") and review it"));
            dev.wb.engine.TaskKey key = JudgeCurrent.record(session, result, c);
            if (root.json()) {
                ObjectNode doc = CanonicalJson.objectNode();
                doc.put("taskId", key.value());
                doc.put("snapshot", outcome.snapshot().get().label());
                doc.put("status", c.status());
                doc.put("reviewBoundary", c.reviewBoundary());
                doc.put("executionMetadata", c.executionMetadata());
                c.changedFiles().forEach(doc.putArray("changedFiles")::add);
                root.context().console().json(doc);
            } else {
                Console console = root.context().console();
                console.line(key + ": " + outcome.snapshot().get().label() + " against the live workspace");
                console.line("  status:            " + c.status());
                changed(console, c.changedFiles());
                console.line("  reviewBoundary:    " + c.reviewBoundary());
                console.line("  executionMetadata: " + c.executionMetadata());
            }
            return ExitCodes.OK;
        }
    }

    /** The paths behind NEWER_CHANGES, one a line, control characters escaped; --json has every one. */
    private static void changed(Console console, List<String> paths) {
        if (paths.isEmpty()) {
            return;
        }
        console.line("  changed since the review (" + paths.size() + "):");
        paths.stream().limit(SHOWN).forEach(path -> console.line("    " + TerminalText.escape(path)));
        if (paths.size() > SHOWN) {
            console.line("    … and " + (paths.size() - SHOWN) + " more (--json lists every path)");
        }
    }
}
