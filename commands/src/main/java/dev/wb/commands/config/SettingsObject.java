package dev.wb.commands.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.InputFiles;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.engine.json.CanonicalJson;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Function;

/**
 * An agent host's settings file as wb merges into it (Claude Code's, Codex's and Copilot's hook settings): a
 * JSON object whose {@code hooks}, when there, is an object. Read through {@link InputFiles} (no FIFO, no
 * file out of the repository, a size bound); an absent or empty file is an empty object.
 */
public final class SettingsObject {

    private SettingsObject() {}

    /** The file's object; UNUSABLE makes the failure for what is wrong with it ("is not JSON: …"). */
    public static ObjectNode read(Workspace ws, Path file, Function<String, Failure> unusable) {
        Optional<byte[]> read = textBytes(ws, file);
        if (read.isEmpty()) {
            return CanonicalJson.objectNode();
        }
        byte[] bytes = read.get();
        JsonNode root;
        try {
            root = bytes.length == 0 ? CanonicalJson.objectNode() : CanonicalJson.parse(bytes);
        } catch (RuntimeException e) {
            throw unusable.apply("is not JSON: " + e.getMessage());
        }
        if (root == null || !root.isObject()) {
            throw unusable.apply("is not a JSON object");
        }
        JsonNode hooks = root.get("hooks");
        if (hooks != null && !hooks.isObject()) {
            throw unusable.apply("has a \"hooks\" that is not an object");
        }
        return (ObjectNode) root;
    }

    /** A configuration file's text, empty when there is none; exit 3 when it cannot be read as one. */
    static Optional<byte[]> textBytes(Workspace ws, Path file) {
        try {
            return InputFiles.read(ws.root(), file, InputFiles.Kind.CONFIG).map(InputFiles.Content::textBytes);
        } catch (InputFiles.Unusable e) {
            throw e.failure(Failure.Kind.CONFIG);
        }
    }
}
