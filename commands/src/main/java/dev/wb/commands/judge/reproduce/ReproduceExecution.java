package dev.wb.commands.judge.reproduce;

import dev.wb.commands.base.Workspace;
import dev.wb.commands.capsule.DeclaredCommand;
import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.judge.core.Timings;
import dev.wb.commands.judge.reproduce.JudgeReproduce.CommandResult;
import dev.wb.commands.judge.reproduce.JudgeReproduce.Progress;
import dev.wb.commands.judge.run.CommandRun;
import dev.wb.commands.judge.run.JudgeRun;
import dev.wb.commands.judge.run.NodeInstall;
import dev.wb.commands.process.LiveProcesses;
import dev.wb.commands.process.Redactor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The approved list of a reproduction, run: the install in the generator root, then each prepare
 * command and the generator in the base copy, stopping at a failure. A shutdown (Ctrl-C, SIGTERM)
 * kills the commands still running.
 */
final class ReproduceExecution {

    /**
     * The disposable folders a reproduction runs in and the environment its commands get.
     *
     * @param root the generator root, holding the generator commit's declared inputs
     * @param copy the base copy, holding every file of the base commit
     */
    record Sandbox(ReproduceTree root, ReproduceTree copy, Map<String, String> env) {}

    /** The approved list: the install's argv (empty when there is none) and every command, in order. */
    record Commands(List<String> install, List<String> all) {}

    private ReproduceExecution() {}

    static List<CommandResult> execute(Workspace workspace, Sandbox sandbox, Commands commands, Progress progress) {
        Thread hook = new Thread(LiveProcesses::killAll, "wb-judge-reproduce-interrupted");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            return executeAll(workspace, sandbox, commands, progress);
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running
            }
        }
    }

    private static List<CommandResult> executeAll(
            Workspace workspace, Sandbox sandbox, Commands commands, Progress progress) {
        List<String> all = commands.all();
        List<CommandResult> results = new ArrayList<>();
        if (!commands.install().isEmpty()) {
            results.add(install(workspace, sandbox, commands, progress));
        }
        Redactor redactor = Redactor.forWorkspace(workspace, sandbox.env());
        CommandRun.Setting setting = new CommandRun.Setting(
                workspace, sandbox.copy().dir(), sandbox.env(), redactor, Timings.OFF, startsOnly(progress));
        for (int index = results.size() + 1; index <= all.size(); index++) {
            String command = all.get(index - 1);
            if (!results.isEmpty() && !results.get(results.size() - 1).status().equals("passed")) {
                results.add(new CommandResult(index, command, "not-run", -1, "not-run", Optional.empty()));
                continue;
            }
            JudgeRun.CommandResult run =
                    CommandRun.run(setting, index, all.size(), new DeclaredCommand(0, command, command, false));
            results.add(new CommandResult(
                    index, command, run.status().wireName(), run.exitCode(), run.ended(), run.evidence()));
        }
        return results;
    }

    /** The frozen install of the generator root's Node dependencies: the list's first command. */
    private static CommandResult install(Workspace workspace, Sandbox sandbox, Commands commands, Progress progress) {
        String shown = commands.all().get(0);
        progress.started(1, commands.all().size(), shown);
        Duration limit = Duration.ofSeconds(WorkspaceConfig.load(workspace).verifyTimeoutSeconds());
        Path copyDir = sandbox.copy().dir();
        Path output = copyDir.resolveSibling(copyDir.getFileName() + ".install.out");
        NodeInstall.run(
                commands.install(),
                sandbox.root().dir(),
                sandbox.env(),
                limit,
                output); // kept for the user if it fails
        deleteQuietly(output);
        return new CommandResult(1, shown, "passed", 0, "exited", Optional.empty());
    }

    /** A judge run's progress that passes each start on to a reproduction's, and nothing else. */
    private static JudgeRun.Progress startsOnly(Progress progress) {
        return new JudgeRun.Progress() {
            @Override
            public void started(int i, int total, String text) {
                progress.started(i, total, text);
            }

            @Override
            public void finished(JudgeRun.CommandResult result) {}
        };
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // a temporary file in the system's temporary folder
        }
    }
}
