package dev.wb.cli.judge;

import com.fasterxml.jackson.databind.node.ObjectNode;
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
import dev.wb.commands.judge.record.JudgeCurrent;
import dev.wb.commands.judge.record.JudgeVerify;
import dev.wb.commands.judge.record.RecordVerification;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.engine.text.TerminalText;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb judge current <record>}: whether a verified approval still describes the live workspace. */
public final class JudgeCurrentCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("classified (CURRENT, NEWER_CHANGES or DIVERGED)"),
            Exit.NOT_COMPLETED.as("the record is valid but not APPROVED"),
            Exit.USAGE.as("its candidate is not a snapshot"),
            Exit.CHECK_FAILED.as("it does not verify"),
            Exit.MISSING.as("no record"));

    /** How many changed paths the text shows. */
    private static final int SHOWN = 50;

    String record;

    private JudgeCurrentCmd(WbCommand root) {
        super(root, EXITS);
    }

    public static CommandSpec spec(WbCommand root) {
        JudgeCurrentCmd cmd = new JudgeCurrentCmd(root);
        CommandSpec spec = cmd.command(
                "current",
                "After verifying an APPROVED snapshot record, compare its"
                        + " snapshot with the live workspace: status (everything), reviewBoundary (the task's continuation"
                        + " sidecar left out) and executionMetadata (what the sidecar did).");
        spec.addPositional(Specs.positional("RECORD", "1", "The record's JSON file.", v -> cmd.record = v));
        return Specs.withJson(root, spec);
    }

    @Override
    protected Exit run() {
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
                doc.put("status", c.status().wireName());
                doc.put("reviewBoundary", c.reviewBoundary().wireName());
                doc.put("executionMetadata", c.executionMetadata().wireName());
                c.changedFiles().forEach(doc.putArray("changedFiles")::add);
                root.context().console().json(doc);
            } else {
                Console console = root.context().console();
                console.line(key + ": " + outcome.snapshot().get().label() + " against the live workspace");
                console.line("  status:            " + c.status().wireName());
                changed(console, c.changedFiles());
                console.line("  reviewBoundary:    " + c.reviewBoundary().wireName());
                console.line("  executionMetadata: " + c.executionMetadata().wireName());
            }
            return Exit.OK;
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
