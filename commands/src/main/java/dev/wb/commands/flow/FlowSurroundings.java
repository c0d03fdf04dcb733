package dev.wb.commands.flow;

import dev.wb.commands.InputFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * What a flow names outside its own file, read from the checkout: role prompts under the flows folder and
 * tool executables in {@code .workflow/tools/}. The only I/O of validation besides reading the flow file;
 * the rules themselves stay pure.
 */
public interface FlowSurroundings {

    /** What a role_file path (already lexically inside the flows folder) turned out to be. */
    sealed interface RoleFile permits Missing, Outside, Unreadable, Text {}

    /** No such file: not an error, the engine then uses the node's built-in role. */
    record Missing() implements RoleFile {}

    /** A symbolic link (or a linked folder) leads out of the flows folder. */
    record Outside(String target) implements RoleFile {}

    record Unreadable(String reason) implements RoleFile {}

    record Text(String content) implements RoleFile {}

    /** Whether {@code .workflow/tools/<name>} is there for the engine to run. */
    enum Tool {
        DELIVERED,
        MISSING,
        NOT_EXECUTABLE
    }

    RoleFile roleFile(String relative);

    Tool tool(String name);

    /** The checkout's own folders. */
    static FlowSurroundings of(Path flowsDir, Path toolsDir) {
        return new Disk(flowsDir, toolsDir);
    }

    /** Reads the real file system, following links only to check where they lead. */
    record Disk(Path flowsDir, Path toolsDir) implements FlowSurroundings {

        @Override
        public RoleFile roleFile(String relative) {
            Path file = flowsDir.resolve(relative).normalize();
            if (!Files.exists(file)) {
                return new Missing();
            }
            try {
                Path real = file.toRealPath();
                if (!real.startsWith(flowsDir.toRealPath())) {
                    return new Outside(real.toString());
                }
                Optional<InputFiles.Content> content = InputFiles.read(flowsDir, file, InputFiles.Kind.FLOW);
                return content.<RoleFile>map(c -> new Text(c.text())).orElseGet(Missing::new);
            } catch (InputFiles.Unusable e) {
                return new Unreadable(e.problem());
            } catch (IOException e) {
                return new Unreadable(e.getMessage() == null ? e.toString() : e.getMessage());
            }
        }

        @Override
        public Tool tool(String name) {
            // Fail-closed, as the orchestrator resolves it: the real file (links followed) inside the tools
            // folder, a regular file, executable.
            try {
                Path file = toolsDir.resolve(name).normalize();
                if (!Files.isDirectory(toolsDir)
                        || !Files.isRegularFile(file)
                        || !file.toRealPath().startsWith(toolsDir.toRealPath())) {
                    return Tool.MISSING;
                }
                return Files.isExecutable(file) ? Tool.DELIVERED : Tool.NOT_EXECUTABLE;
            } catch (IOException | InvalidPathException e) {
                return Tool.MISSING;
            }
        }
    }
}
