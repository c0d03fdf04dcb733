package dev.wb.cli.impl;

import dev.wb.cli.core.Columns;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Keys;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.process.RunResult;
import dev.wb.commands.verify.EvidenceView;
import dev.wb.commands.verify.ImplVerify;
import dev.wb.commands.verify.VerifyPlan;
import dev.wb.engine.TaskKey;
import dev.wb.engine.text.TerminalText;
import dev.wb.projections.events.Verdict;
import dev.wb.projections.events.verify.ProcessOutcome;
import dev.wb.projections.events.verify.VerifyCommandRan;
import dev.wb.projections.events.verify.VerifyRegressionRan;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb impl verify KEY}: the audited plan's verify commands, run and recorded as evidence. */
public final class ImplVerifyCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("every command ran and passed"),
            Exit.CHECK_FAILED.as("a command failed, timed out, was refused or interrupted; a test target is not"
                    + " among the branch's changes; a regression target passed at the merge base or failed in the"
                    + " checkout"),
            Exit.USAGE.as("no passing current audit; --base names no commit; --regression with no regression target"
                    + " or no base branch"),
            Exit.MISSING.as("no sdd.json"));

    String key;
    boolean regression;
    String base;

    private ImplVerifyCmd(WbCommand root) {
        super(root, EXITS);
    }

    public static CommandSpec spec(WbCommand root) {
        ImplVerifyCmd cmd = new ImplVerifyCmd(root);
        CommandSpec spec = cmd.command(
                "verify",
                "Run the audited plan's verify commands (known build, test"
                        + " and lint runners only, no shell, 600 s each at most) and write evidence.md and evidence.json from"
                        + " the recorded run. Needs a passing, current audit of KEY; nothing can be passed in.");
        spec.addPositional(Specs.taskKey(value -> cmd.key = value));
        spec.addOption(Specs.flag(
                "--regression",
                "Also run each regression test target: in a work tree at the merge base (it must fail) and in the"
                        + " checkout (it must pass).",
                on -> cmd.regression = on));
        spec.addOption(Specs.option(
                "--base",
                "REF",
                String.class,
                "The branch this one started from (default: origin/HEAD's branch, else main, master or develop):"
                        + " the test targets must be among the changes since it.",
                value -> cmd.base = (String) value));
        return Specs.withJson(root, spec);
    }

    @Override
    protected Exit run() {
        TaskKey task = Keys.task(key);
        Console console = root.context().console();
        ImplVerify.Progress progress = root.json()
                ? ImplVerify.Progress.NONE
                : new ProgressLines(console.err(), root.context().terminals().stderr());
        try (Session session = root.context().session()) {
            ImplVerify.Result result = ImplVerify.run(
                    session,
                    task,
                    root.context().env(),
                    progress,
                    new ImplVerify.Request(regression, Optional.ofNullable(base)));
            if (root.json()) {
                console.json(EvidenceView.json(task, result.run()));
            } else {
                text(result);
            }
            if (result.verdict() != Verdict.PASS) {
                throw new Failure(
                        Failure.Kind.CHECK_FAILED,
                        "the verification of " + task + " did not pass: "
                                + result.verdict().wireName(),
                        List.of("read .workflow/" + task + "/evidence.md, fix what failed, then: wb impl verify "
                                + task));
            }
            return Exit.OK;
        }
    }

    private void text(ImplVerify.Result result) {
        Console console = root.context().console();
        console.line(result.key() + ": verify " + result.verdict().wireName().toUpperCase(Locale.ROOT));
        for (VerifyCommandRan c : result.run().commands()) {
            console.line("  " + Columns.left(resultOf(c), 12)
                    + TerminalText.escape(c.command()) + "  (exit "
                    + c.exitCode() + ", " + c.durationMs() + " ms)");
        }
        for (VerifyPlan.Runnable notReached : result.plan()
                .runnable()
                .subList(
                        result.run().commands().size(), result.plan().runnable().size())) {
            console.line("  " + Columns.left("not run", 12) + TerminalText.escape(notReached.command())
                    + "  (not reached: "
                    + (result.verdict() == Verdict.INTERRUPTED ? "the run was interrupted" : "the run stopped") + ")");
        }
        for (VerifyPlan.Refused refused : result.plan().refused()) {
            console.line("  " + Columns.left("not run", 12) + TerminalText.escape(refused.subject()) + "  ("
                    + TerminalText.escape(refused.reason()) + ")");
        }
        for (VerifyPlan.Refused refused : result.plan().refusedEnv()) {
            console.line("  " + Columns.left("not set", 12) + TerminalText.escape(refused.subject()) + "  ("
                    + TerminalText.escape(refused.reason()) + ")");
        }
        for (String missing : EvidenceView.testsMissing(result.run())) {
            console.line("  " + Columns.left("no change", 12) + TerminalText.escape(missing)
                    + "  (a test target of the plan, not among the branch's changed paths)");
        }
        for (VerifyRegressionRan r : result.run().regression()) {
            console.line("  " + Columns.left(r.passed() ? "reproduced" : "FAILED", 12) + "regression "
                    + TerminalText.escape(r.target()) + "  (merge base "
                    + (r.baseCommit().length() > 12 ? r.baseCommit().substring(0, 12) : r.baseCommit())
                    + ": " + side(r.base()) + "; checkout: " + side(r.head()) + ")");
            r.reason().ifPresent(why -> console.line("  " + Columns.left("", 12) + TerminalText.escape(why)));
        }
        if (!result.plan().env().isEmpty()) {
            console.line("variables from the plan: "
                    + String.join(", ", result.plan().env().keySet()));
        }
        console.line("evidence: .workflow/" + result.key() + "/evidence.md, evidence.json · recorded as events "
                + result.events().get(0).version() + "–"
                + result.events().get(result.events().size() - 1).version()
                + " of " + result.key());
    }

    private static String side(Optional<VerifyRegressionRan.Side> side) {
        return side.map(s -> s.outcome() == ProcessOutcome.EXITED
                        ? (s.exitCode() == 0 ? "passed" : "failed, exit " + s.exitCode())
                        : s.outcome().wireName().replace('_', ' '))
                .orElse("not run");
    }

    private static String resultOf(VerifyCommandRan command) {
        if (command.outcome() == ProcessOutcome.EXITED) {
            return command.exitCode() == 0 ? "passed" : "FAILED";
        }
        return command.outcome().wireName().replace('_', ' ').toUpperCase(Locale.ROOT);
    }

    /** Which command runs and for how long: one live line on a terminal, plain lines otherwise. */
    static final class ProgressLines implements ImplVerify.Progress {
        private static final long PLAIN_EVERY_SECONDS = 15;
        private final PrintWriter err;
        private final boolean live;
        private String current = "";
        private int total;
        private long lastPlain;

        ProgressLines(PrintWriter err, boolean live) {
            this.err = err;
            this.live = live;
        }

        @Override
        public void started(int position, int total, String command) {
            this.total = total;
            this.current = TerminalText.escape(command);
            this.lastPlain = 0;
            if (live) {
                err.print("\r\033[K[" + position + "/" + total + "] 0 s  " + current);
            } else {
                err.println("[" + position + "/" + total + "] running: " + current);
            }
            err.flush();
        }

        @Override
        public void tick(int position, Duration elapsed) {
            long seconds = elapsed.toSeconds();
            if (live) {
                err.print("\r\033[K[" + position + "/" + total + "] " + seconds + " s  " + current);
                err.flush();
            } else if (seconds / PLAIN_EVERY_SECONDS > lastPlain / PLAIN_EVERY_SECONDS) {
                lastPlain = seconds;
                err.println("[" + position + "/" + total + "] still running after " + seconds + " s: " + current);
                err.flush();
            }
        }

        @Override
        public void finished(int position, String command, RunResult result) {
            String outcome = result.outcome().name().toLowerCase(Locale.ROOT).replace('_', ' ');
            if (outcome.equals("exited")) {
                outcome = result.exitCode() == 0 ? "passed" : "failed (exit " + result.exitCode() + ")";
            }
            String line = "[" + position + "/" + total + "] " + outcome + " in "
                    + result.duration().toMillis() + " ms: " + command;
            err.println(live ? "\r\033[K" + line : line);
            err.flush();
        }
    }
}
