package dev.wb.commands.checks;

import dev.wb.commands.config.WorkspaceConfig.CommandSet;
import dev.wb.commands.process.ExecutableLookup;
import dev.wb.commands.process.Outcome;
import dev.wb.commands.process.ProcessRequest;
import dev.wb.commands.process.ProcessRunner;
import dev.wb.commands.process.Redactor;
import dev.wb.commands.process.RunResult;
import dev.wb.projections.events.CheckOutcome;
import dev.wb.projections.events.ChecksRan;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Runs one selected command set: each command as written (no shell), in the repository root, with the
 * invocation's environment, under the set's time limit. Before anything runs it looks every program up:
 * a {@code skip_if_unavailable} set with a program that cannot launch is skipped whole; in a required set
 * that command is unavailable and the others still run. A program listed in
 * {@code security.denied_commands} is refused, never run, and fails its set. The working tree is
 * fingerprinted before and after each command that runs: a command that changed it is a {@link Mutation}.
 */
final class CommandSetRunner {

    /** What one set's run produced; {@code interrupted} when wb was stopped while it ran. */
    record SetRun(
            List<ChecksRan.Command> results,
            Optional<SkippedSet> skipped,
            List<Mutation> mutations,
            boolean interrupted) {}

    private final Path root;
    private final Map<String, String> env;
    private final DeniedCommands denied;
    private final int defaultTimeoutSeconds;
    private final Redactor redactor;
    private final Path scratch;
    private final ChecksRun.Progress progress;
    private final BooleanSupplier stopped;
    private final Supplier<WorkingTree> workingTree;
    private WorkingTree before;

    /**
     * Where and how a set's commands run: in the repository's root, with the environment given, under the
     * denied commands, with the config's default time limit, their output redacted.
     */
    record Setting(
            Path root, Map<String, String> env, DeniedCommands denied, int defaultTimeoutSeconds, Redactor redactor) {}

    /** @param workingTree the working tree's fingerprint now, taken before and after each command that runs */
    CommandSetRunner(
            Setting setting,
            Path scratch,
            ChecksRun.Progress progress,
            BooleanSupplier stopped,
            Supplier<WorkingTree> workingTree) {
        this.root = setting.root();
        this.env = setting.env();
        this.denied = setting.denied();
        this.defaultTimeoutSeconds = setting.defaultTimeoutSeconds();
        this.redactor = setting.redactor();
        this.scratch = scratch;
        this.progress = progress;
        this.stopped = stopped;
        this.workingTree = workingTree;
    }

    SetRun run(CommandSet set) {
        List<ChecksRan.Command> results = new ArrayList<>();
        Optional<String> missing = set.skipIfUnavailable()
                ? set.commands().stream()
                        .filter(argv -> denied.denying(argv).isEmpty() && cannotLaunch(argv))
                        .map(argv -> argv.get(0))
                        .findFirst()
                : Optional.empty();
        if (missing.isPresent()) {
            String why = ExecutableLookup.notFound(missing.get(), root, env) + " — set skipped (skip_if_unavailable)";
            for (int i = 0; i < set.commands().size(); i++) {
                List<String> argv = set.commands().get(i);
                Map<String, String> own = set.envOf(i);
                ChecksRan.Command result = refused(set, argv, own)
                        .orElseGet(() -> CheckResults.notRun(set.name(), argv, own, CheckOutcome.SKIPPED, why));
                results.add(result);
                progress.finished(result);
            }
            return new SetRun(results, Optional.of(new SkippedSet(set.name(), missing.get(), why)), List.of(), false);
        }
        Optional<SkippedSet> skipped = Optional.empty();
        List<Mutation> mutations = new ArrayList<>();
        Duration limit = Duration.ofSeconds(set.timeoutSeconds().orElse(defaultTimeoutSeconds));
        for (int i = 0; i < set.commands().size(); i++) {
            List<String> argv = set.commands().get(i);
            Map<String, String> own = set.envOf(i);
            if (stopped.getAsBoolean()) {
                return new SetRun(results, skipped, mutations, true);
            }
            Optional<ChecksRan.Command> refusal = refused(set, argv, own);
            if (refusal.isPresent()) {
                results.add(refusal.get());
                progress.finished(refusal.get());
                continue;
            }
            progress.started(set.name(), redactor.redact(ChecksRan.Command.command(argv, own)));
            if (before == null) {
                before = workingTree.get();
            }
            RunResult run = execute(argv, own, limit);
            if (run.outcome() != Outcome.INTERRUPTED && run.outcome() != Outcome.NOT_STARTED) {
                changes(set, argv).ifPresent(mutations::add);
            }
            ChecksRan.Command result = result(set, argv, own, run, limit);
            if (result.outcome() == CheckOutcome.SKIPPED && skipped.isEmpty()) {
                // Found on PATH, yet it would not start (a broken link, no permission to run it).
                skipped = Optional.of(new SkippedSet(set.name(), argv.get(0), run.startError()));
            }
            results.add(result);
            progress.finished(result);
            if (run.outcome() == Outcome.INTERRUPTED) {
                return new SetRun(results, skipped, mutations, true);
            }
        }
        return new SetRun(results, skipped, mutations, false);
    }

    /**
     * What the command just run changed, against the fingerprint before it. A repository git can no longer
     * read after it is a change too (the check broke it); the next command then starts from a new one.
     */
    private Optional<Mutation> changes(CommandSet set, List<String> argv) {
        WorkingTree after;
        try {
            after = workingTree.get();
        } catch (RuntimeException unreadable) {
            before = null;
            return Optional.of(new Mutation(set.name(), argv, List.of("the repository (git cannot read it now)")));
        }
        List<String> changed = before.changedBy(after);
        before = after;
        return changed.isEmpty() ? Optional.empty() : Optional.of(new Mutation(set.name(), argv, changed));
    }

    private boolean cannotLaunch(List<String> argv) {
        return ExecutableLookup.find(argv.get(0), root, env).isEmpty();
    }

    private Optional<ChecksRan.Command> refused(CommandSet set, List<String> argv, Map<String, String> own) {
        return denied.denying(argv)
                .map(entry -> CheckResults.notRun(
                        set.name(),
                        argv,
                        own,
                        CheckOutcome.FAILED,
                        "refused: " + argv.get(0) + " is denied by security.denied_commands (\"" + entry
                                + "\"); not run"));
    }

    /**
     * Runs one command in the invocation's environment with the set's and the command's own variables on
     * top (their names were checked when config.json was read: none changes which program runs).
     */
    private RunResult execute(List<String> argv, Map<String, String> own, Duration limit) {
        Path output;
        try {
            output = Files.createTempFile(scratch, "checks-", ".out");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a file for command output in " + scratch, e);
        }
        try {
            Map<String, String> childEnv = env;
            if (!own.isEmpty()) {
                childEnv = new HashMap<>(env);
                childEnv.putAll(own);
            }
            return ProcessRunner.run(
                    ProcessRequest.of(argv, root, childEnv, limit, output).withRedactor(redactor));
        } finally {
            try {
                Files.deleteIfExists(output);
            } catch (IOException ignored) {
                // A leftover temporary file in .workflow/local/tmp is harmless.
            }
        }
    }

    private ChecksRan.Command result(
            CommandSet set, List<String> argv, Map<String, String> own, RunResult run, Duration limit) {
        long millis = run.duration().toMillis();
        String output = run.output().render(); // redacted before it was capped
        return switch (run.outcome()) {
            case EXITED ->
                new ChecksRan.Command(
                        set.name(),
                        argv,
                        own,
                        run.exitCode() == 0 ? CheckOutcome.PASSED : CheckOutcome.FAILED,
                        run.exitCode(),
                        millis,
                        output);
            case TIMED_OUT ->
                new ChecksRan.Command(
                        set.name(),
                        argv,
                        own,
                        CheckOutcome.TIMED_OUT,
                        -1,
                        millis,
                        noted(output, "killed after the time limit of " + limit.toSeconds() + " s"));
            case INTERRUPTED ->
                new ChecksRan.Command(
                        set.name(),
                        argv,
                        own,
                        CheckOutcome.FAILED,
                        -1,
                        millis,
                        noted(output, "interrupted: wb was stopped"));
            case NOT_STARTED ->
                CheckResults.notRun(
                        set.name(),
                        argv,
                        own,
                        set.skipIfUnavailable() ? CheckOutcome.SKIPPED : CheckOutcome.UNAVAILABLE,
                        redactor.redact(run.startError()));
        };
    }

    private static String noted(String output, String note) {
        return output + (output.isEmpty() || output.endsWith("\n") ? "" : "\n") + "[" + note + "]";
    }
}
