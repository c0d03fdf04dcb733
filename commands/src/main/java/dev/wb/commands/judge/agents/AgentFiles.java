package dev.wb.commands.judge.agents;

import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.config.JudgeAgentTarget;
import dev.wb.commands.judge.agents.JudgeAgents.FileAction;
import dev.wb.commands.judge.agents.JudgeAgents.FileResult;
import dev.wb.commands.judge.agents.JudgeAgents.Warning;
import dev.wb.engine.fs.AtomicFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** The files {@code wb judge enable} generates: what happens to each (written, updated, kept …), and writing it. */
final class AgentFiles {

    private AgentFiles() {}

    /** What happens to one target's agent file; a file edited by hand is kept, with a warning, unless {@code force}. */
    static FileResult plan(
            Workspace ws, JudgeAgentTarget target, Optional<String> model, boolean force, List<Warning> warnings) {
        String content = JudgeAgentTemplates.render(target, model);
        Path file = ws.root().resolve(target.path());
        FileAction action = switch (JudgeAgentTemplates.state(file)) {
            case ABSENT -> FileAction.WRITTEN;
            case GENERATED -> content.equals(read(file)) ? FileAction.UNCHANGED : FileAction.UPDATED;
            case EDITED -> force ? FileAction.OVERWRITTEN : FileAction.KEPT_EDITED;
        };
        if (action == FileAction.KEPT_EDITED) {
            warnings.add(new Warning(
                    target.path() + " was edited by hand (its wb-generated line is missing or no"
                            + " longer matches), so it was kept as it is and does not follow the configuration",
                    "wb judge enable --force overwrites it from configuration (set the model with wb config set"
                            + " agents.judge.model." + target.id() + " <id>)"));
        }
        return new FileResult(Optional.of(target), target.path(), action, model, content);
    }

    /** What happens to the review record schema: always wb's, so rewritten when it differs. */
    static FileResult planSchema(Workspace ws) {
        String content = new String(JudgeAgentTemplates.schema(), StandardCharsets.UTF_8);
        Path file = ws.root().resolve(JudgeAgents.SCHEMA_PATH);
        FileAction action;
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            action = FileAction.WRITTEN;
        } else {
            action = !Files.isSymbolicLink(file) && content.equals(read(file))
                    ? FileAction.UNCHANGED
                    : FileAction.UPDATED;
        }
        return new FileResult(Optional.empty(), JudgeAgents.SCHEMA_PATH, action, Optional.empty(), content);
    }

    /** Writes a generated file, replacing a symbolic link rather than writing through it. */
    static void write(Workspace ws, String relative, String content) {
        Path file = ws.root().resolve(relative);
        try {
            Files.createDirectories(file.getParent());
            if (Files.isSymbolicLink(file)) {
                Files.delete(file);
            }
            AtomicFiles.write(file, content.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new Failure(
                    Failure.Kind.CONFIG,
                    "cannot write " + relative + ": " + e.getMessage(),
                    List.of("check that " + file.getParent() + " is writable"));
        }
    }

    /** The file's text, or null when it cannot be read. */
    static String read(Path file) {
        byte[] bytes = bytes(file);
        return bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
    }

    static byte[] bytes(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            return null;
        }
    }
}
