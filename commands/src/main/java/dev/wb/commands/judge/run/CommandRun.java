package dev.wb.commands.judge.run;

import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.capsule.DeclaredCommand;
import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.judge.core.KebabName;
import dev.wb.commands.judge.core.Timings;
import dev.wb.commands.process.ProcessRequest;
import dev.wb.commands.process.ProcessRunner;
import dev.wb.commands.process.Redactor;
import dev.wb.commands.process.RunResult;
import dev.wb.projections.events.judge.JudgeRunFinished.CommandStatus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One declared command, run through {@code /bin/sh -c} under the workspace's time limit, with the
 * bounded, redacted evidence kept of a failure: the step a judge run, a reproduction and a record's
 * re-execution share.
 */
public final class CommandRun {

    /** Bounded evidence kept of a failed command: the end of its output, redacted. */
    static final int EVIDENCE_CHARS = 2_000;

    private CommandRun() {}

    /**
     * Where and how a run's commands run: the folder, their environment, the redactor of their
     * evidence, the timings they are measured into and the progress the user sees.
     */
    public record Setting(
            Workspace workspace,
            Path dir,
            Map<String, String> env,
            Redactor redactor,
            Timings timings,
            JudgeRun.Progress progress) {}

    /** Runs one command in the setting's folder, telling its progress when it starts and ends. */
    public static JudgeRun.CommandResult run(Setting setting, int index, int total, DeclaredCommand command) {
        Workspace workspace = setting.workspace();
        Redactor redactor = setting.redactor();
        JudgeRun.Progress progress = setting.progress();
        progress.started(index, total, command.normalized());
        Path output = outputFile(workspace);
        try {
            Duration limit = Duration.ofSeconds(WorkspaceConfig.load(workspace).verifyTimeoutSeconds());
            RunResult run = setting.timings()
                    .command(
                            index,
                            () -> ProcessRunner.run(ProcessRequest.of(
                                            List.of("/bin/sh", "-c", command.normalized()),
                                            setting.dir(),
                                            setting.env(),
                                            limit,
                                            output)
                                    .withRedactor(redactor)));
            boolean passed = run.passed();
            Optional<String> evidence = passed ? Optional.empty() : Optional.of(evidence(run, redactor));
            JudgeRun.CommandResult result = new JudgeRun.CommandResult(
                    index,
                    command.normalized(),
                    command.optional(),
                    passed ? CommandStatus.PASSED : CommandStatus.FAILED,
                    run.exitCode(),
                    KebabName.of(run.outcome()),
                    run.duration().toMillis(),
                    evidence);
            progress.finished(result);
            return result;
        } finally {
            deleteQuietly(output);
        }
    }

    /** A command that did not run, because the run stopped before it. */
    static JudgeRun.CommandResult notRun(int index, DeclaredCommand command) {
        return new JudgeRun.CommandResult(
                index,
                command.normalized(),
                command.optional(),
                CommandStatus.NOT_RUN,
                -1,
                "not-run",
                0,
                Optional.empty());
    }

    /** The end of the output, redacted and bounded, with how the command ended. */
    static String evidence(RunResult run, Redactor redactor) {
        String text = run.startError().isEmpty()
                ? run.output().head()
                        + (run.output().omittedChars() > 0
                                ? "\n[… " + run.output().omittedChars() + " characters omitted …]\n"
                                : "")
                        + run.output().tail()
                : run.startError();
        String redacted = redactor.redact(text);
        if (redacted.length() > EVIDENCE_CHARS) {
            redacted = "[…]" + redacted.substring(redacted.length() - EVIDENCE_CHARS);
        }
        String ending = switch (run.outcome()) {
            case EXITED -> "exit code " + run.exitCode();
            case TIMED_OUT -> "stopped after the time limit";
            case INTERRUPTED -> "interrupted";
            case NOT_STARTED -> "did not start";
        };
        return ending + "\n" + redacted;
    }

    /** A fresh file for a command's output in {@code .workflow/local/tmp}. */
    static Path outputFile(Workspace workspace) {
        try {
            Path dir = Files.createDirectories(workspace.ensureLocalDir().resolve("tmp"));
            return Files.createTempFile(dir, "judge-run-", ".out");
        } catch (IOException e) {
            throw new Failure(
                    Failure.Kind.CONFIG,
                    "cannot create a file for command output in .workflow/local/tmp: " + e.getMessage(),
                    List.of("check that .workflow/local/ is writable"));
        }
    }

    static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // A leftover temporary file in .workflow/local/tmp is harmless.
        }
    }
}
