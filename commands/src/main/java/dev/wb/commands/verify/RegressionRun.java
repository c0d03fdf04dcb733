package dev.wb.commands.verify;

import dev.wb.commands.Session;
import dev.wb.commands.plan.Plan;
import dev.wb.commands.process.CappedOutput;
import dev.wb.commands.process.Outcome;
import dev.wb.commands.process.ProcessRequest;
import dev.wb.commands.process.ProcessRunner;
import dev.wb.commands.process.Redactor;
import dev.wb.commands.process.RunResult;
import dev.wb.gitrun.DetachedWorktree;
import dev.wb.projections.events.verify.VerifyRegressionRan;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code wb impl verify KEY --regression}: each regression target of the plan, run first in a work tree
 * at the merge base with the checkout's version of the test copied in (it must fail there: the test
 * reproduces the bug), then in the checkout (it must pass). The command is the plan's first verify
 * command that runs test files ({@link TestFileRunner}) with the target appended as one more word, so
 * the allowlist, the no-shell rule, the environment and the time limit are verify's own.
 *
 * @param repositoryTop the top of the repository's work tree; the work tree at the base mirrors it
 */
record RegressionRun(
        Session session,
        Path repositoryTop,
        String mergeBase,
        Map<String, String> env,
        Duration limit,
        Redactor redactor) {

    /** The plan's regression targets, in plan order. */
    static List<String> targets(Plan plan) {
        List<String> targets = new ArrayList<>();
        for (Plan.PlannedTest test : plan.tests()) {
            if (test.kind().equals("regression")) {
                test.target().filter(t -> !t.isBlank()).ifPresent(targets::add);
            }
        }
        return targets;
    }

    /** Runs one target at the base and in the checkout; the result is the event to record. */
    VerifyRegressionRan run(String target, VerifyPlan plan, ImplVerify.Progress progress, int position, int total) {
        Optional<VerifyPlan.Runnable> command = plan.runnable().stream()
                .filter(c -> TestFileRunner.of(c.argv(), c.runner()).isPresent())
                .findFirst();
        String shownTarget = redactor.redact(target);
        if (command.isEmpty()) {
            return notRun(
                    target,
                    "",
                    "",
                    "no verify command of the plan runs test files (" + TestFileRunner.listed()
                            + "), so wb cannot run this target; add one such command to verify");
        }
        VerifyPlan.Runnable chosen = command.get();
        String shown = redactor.redact(chosen.command()) + " " + shownTarget;
        // The command with the target written after it, through the same refusals as a plan's command.
        Optional<String> refused = VerifyPolicy.refusal(chosen.command() + " " + target)
                .or(() -> target.startsWith("-") ? Optional.of("it would be read as an option") : Optional.empty());
        if (refused.isPresent()) {
            return notRun(target, shown, chosen.runner(), "the target is refused: " + refused.get());
        }
        Path source = checkout().resolve(BranchChanges.testPath(target)).normalize();
        if (!source.startsWith(checkout()) || !Files.exists(source)) {
            return notRun(target, shown, chosen.runner(), "the target " + shownTarget + " is not in the checkout");
        }
        List<String> argv = new ArrayList<>(chosen.argv());
        argv.add(target);
        progress.started(position, total, "at the merge base " + abbrev(mergeBase) + ": " + shown);
        Side base = atBase(argv, source);
        progress.finished(position, shown, base.result());
        if (base.result().outcome() == Outcome.INTERRUPTED || base.refusal().isPresent()) {
            return done(target, shown, chosen.runner(), base, Optional.empty());
        }
        progress.started(position, total, "in the checkout: " + shown);
        Side head = side(argv, checkout());
        progress.finished(position, shown, head.result());
        return done(target, shown, chosen.runner(), base, Optional.of(head));
    }

    /** One run's result, its output stored; or why it could not run. */
    private record Side(RunResult result, String digest, Optional<String> refusal) {
        VerifyRegressionRan.Side recorded() {
            return new VerifyRegressionRan.Side(
                    VerifyPlan.processOutcome(result.outcome()),
                    result.exitCode(),
                    result.duration().toMillis(),
                    end(result),
                    digest,
                    result.outputBytes());
        }
    }

    /** The last characters of the redacted output: a short output is all head, a long one ends in its tail. */
    private static String end(RunResult result) {
        String text = result.output().omittedChars() > 0
                ? result.output().tail()
                : result.output().head() + result.output().tail();
        return text.length() > CappedOutput.TAIL_CHARS ? text.substring(text.length() - CappedOutput.TAIL_CHARS) : text;
    }

    /** The target run in a detached work tree at the merge base, removed afterwards whatever happened. */
    private Side atBase(List<String> argv, Path source) {
        try (DetachedWorktree tree = DetachedWorktree.add(repositoryTop, mergeBase, env)) {
            Path cwd = tree.root().resolve(repositoryTop.relativize(checkout()));
            Path copy = cwd.resolve(checkout().relativize(source));
            copyTest(source, copy);
            Optional<String> refusal = RealRunner.refusal(argv, cwd, env);
            if (refusal.isPresent()) {
                return new Side(RunResult.notStarted(refusal.get()), "", refusal);
            }
            return side(argv, cwd);
        } catch (IOException e) {
            String why = "could not check out the merge base " + abbrev(mergeBase) + ": " + e.getMessage();
            return new Side(RunResult.notStarted(why), "", Optional.of(why));
        }
    }

    private Side side(List<String> argv, Path dir) {
        Path output = ImplVerify.outputFile(session);
        RunResult result = ProcessRunner.run(
                ProcessRequest.of(argv, dir, env, limit, output).withRedactor(redactor));
        return new Side(result, ImplVerify.store(session, output), Optional.empty());
    }

    private VerifyRegressionRan done(String target, String shown, String runner, Side base, Optional<Side> head) {
        RunResult atBase = base.result();
        boolean reproduced =
                (atBase.outcome() == Outcome.EXITED && atBase.exitCode() != 0) || atBase.outcome() == Outcome.TIMED_OUT;
        boolean fixed = head.map(h -> h.result().passed()).orElse(false);
        String reason;
        if (base.refusal().isPresent()) {
            reason = base.refusal().get();
        } else if (atBase.outcome() == Outcome.INTERRUPTED) {
            reason = "interrupted at the merge base";
        } else if (!reproduced) {
            reason = atBase.passed()
                    ? "passes at the merge base " + abbrev(mergeBase) + ": the test does not reproduce the bug"
                    : "did not run at the merge base (" + outcomeText(atBase) + "), so it reproduces nothing";
        } else if (!fixed) {
            reason = "fails in the checkout ("
                    + head.map(h -> outcomeText(h.result())).orElse("not run") + "): the change does not make it pass";
        } else {
            reason = "";
        }
        return new VerifyRegressionRan(
                target,
                shown,
                runner,
                mergeBase,
                Optional.of(base.recorded()),
                head.map(Side::recorded),
                reproduced && fixed,
                reason.isEmpty() ? Optional.empty() : Optional.of(redactor.redact(reason)));
    }

    private VerifyRegressionRan notRun(String target, String shown, String runner, String reason) {
        return new VerifyRegressionRan(
                target,
                shown,
                runner,
                mergeBase,
                Optional.empty(),
                Optional.empty(),
                false,
                Optional.of(redactor.redact(reason)));
    }

    private static String outcomeText(RunResult result) {
        return switch (result.outcome()) {
            case EXITED -> "exit " + result.exitCode();
            case TIMED_OUT -> "timed out";
            case INTERRUPTED -> "interrupted";
            case NOT_STARTED -> "not started: " + result.startError();
        };
    }

    /** The workspace's folder as a real path, as the repository's top is. */
    private Path checkout() {
        Path root = session.workspace().root();
        try {
            return root.toRealPath();
        } catch (IOException e) {
            return root.toAbsolutePath().normalize();
        }
    }

    static String abbrev(String commit) {
        return commit.length() > 12 ? commit.substring(0, 12) : commit;
    }

    /** The checkout's test (a file, or a folder with everything in it) over the base's. */
    private static void copyTest(Path source, Path target) throws IOException {
        if (!Files.isDirectory(source)) {
            Files.createDirectories(target.getParent());
            Files.copy(source, target, StandardCopyOption.REPLACE_EXISTING);
            return;
        }
        Files.walkFileTree(source, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                Files.createDirectories(target.resolve(source.relativize(dir).toString()));
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.copy(
                        file, target.resolve(source.relativize(file).toString()), StandardCopyOption.REPLACE_EXISTING);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
