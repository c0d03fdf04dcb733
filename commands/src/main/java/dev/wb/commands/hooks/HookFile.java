package dev.wb.commands.hooks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.config.HookHost;
import dev.wb.commands.config.JudgeAgentsConfig;
import dev.wb.commands.config.SettingsObject;
import dev.wb.engine.fs.AtomicFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;

/**
 * A host's hook settings file on disk: read as a JSON object (an absent or empty file is an empty object),
 * written atomically, deleted once wb's entries were all it held. A symbolic link (the file or its folder),
 * a file that is not a JSON object, or a {@code hooks} that is not an object is refused with exit 3 and
 * nothing is written: wb merges into a regular file only.
 */
final class HookFile {

    private HookFile() {}

    static Path path(Workspace ws, HookHost host) {
        return ws.root().resolve(host.path());
    }

    static boolean exists(Workspace ws, HookHost host) {
        return Files.exists(path(ws, host), LinkOption.NOFOLLOW_LINKS);
    }

    /** The file's object, or an empty one when there is none. */
    static ObjectNode read(Workspace ws, HookHost host) {
        refuseLinks(ws, host);
        ObjectNode root = SettingsObject.read(ws, path(ws, host), what -> unusable(host, what));
        JsonNode hooks = root.get("hooks");
        if (hooks != null) {
            for (var field : hooks.properties()) {
                if (!field.getValue().isArray()) {
                    throw unusable(host, "has a \"hooks." + field.getKey() + "\" that is not an array");
                }
            }
        }
        return root;
    }

    static void write(Workspace ws, HookHost host, ObjectNode settings) {
        Path file = path(ws, host);
        try {
            refuseLinks(ws, host);
            Files.createDirectories(file.getParent());
            AtomicFiles.write(file, JudgeAgentsConfig.pretty(settings).getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new Failure(
                    Failure.Kind.CONFIG,
                    "cannot write " + host.path() + ": " + e.getMessage(),
                    List.of("check that " + file.getParent() + " is writable"));
        }
    }

    static void delete(Workspace ws, HookHost host) {
        Path file = path(ws, host);
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new Failure(
                    Failure.Kind.CONFIG,
                    "cannot delete " + host.path() + ": " + e.getMessage(),
                    List.of("check that " + file.getParent() + " is writable"));
        }
    }

    /** The file, and each folder between it and the repository's top, must not be a symbolic link. */
    private static void refuseLinks(Workspace ws, HookHost host) {
        Path root = ws.root();
        Path file = root.resolve(host.path());
        for (Path p = file; p != null && !p.equals(root); p = p.getParent()) {
            if (Files.isSymbolicLink(p)) {
                throw unusable(
                        host,
                        (p.equals(file) ? "is" : "lies under " + root.relativize(p) + ", which is")
                                + " a symbolic link; wb writes hook settings into a regular file in the repository only");
            }
        }
    }

    static Failure unusable(HookHost host, String what) {
        return new Failure(
                Failure.Kind.CONFIG,
                host.path() + " " + what,
                List.of("fix " + host.path() + " by hand (" + host.host() + " reads it as a JSON object),"
                        + " then run this again"));
    }
}
