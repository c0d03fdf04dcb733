package dev.wb.commands.config;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.InputFiles;
import dev.wb.commands.base.Failure;
import dev.wb.engine.fs.AtomicFiles;
import dev.wb.engine.json.CanonicalJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The user's own settings, below every repository's: {@code $XDG_CONFIG_HOME/wb/config.json} (default
 * {@code ~/.config/wb/config.json}), git's {@code --global} for wb. A user file holds only personal keys
 * ({@link #KEYS}): who I am, never a gate. A repository's {@code .workflow/config.json} wins wherever it
 * speaks, and no key a user file may hold changes a verdict of {@code wb ci check} or loosens what a
 * repository set ({@code sync.signatures}, command sets, {@code security}, …: refused here with exit 3).
 * It is read only by the commands that use its keys ({@code wb git ctx}, {@code wb git commit},
 * {@code wb config}), so every other command costs nothing more.
 */
public final class UserConfig {

    /** The keys a user file may set: personal, never a gate (docs/CONFIG.md, "User config"). */
    public static final List<String> KEYS = List.of("identity");

    /** The one path under {@code $XDG_CONFIG_HOME} (or {@code ~/.config}). */
    static final String RELATIVE = "wb/config.json";

    /** A user file, read: where it is, and the tree its keys came from. */
    public record Loaded(Path file, LocatedTree tree, WorkspaceConfig config) {}

    private UserConfig() {}

    /** The user file's path: {@code $XDG_CONFIG_HOME/wb/config.json}, else {@code $HOME/.config/wb/config.json}. */
    public static Optional<Path> file(Map<String, String> env) {
        String xdg = env.getOrDefault("XDG_CONFIG_HOME", "");
        // The XDG spec: a relative value is invalid and ignored.
        if (!xdg.isBlank() && Path.of(xdg).isAbsolute()) {
            return Optional.of(Path.of(xdg).resolve(RELATIVE));
        }
        String home = env.getOrDefault("HOME", "");
        return home.isBlank()
                ? Optional.empty()
                : Optional.of(Path.of(home, ".config").resolve(RELATIVE));
    }

    /** The user file read against its keys, or empty when there is none; exit 3 on anything else. */
    public static Optional<Loaded> read(Map<String, String> env) {
        Optional<Path> file = file(env);
        if (file.isEmpty()) {
            return Optional.empty();
        }
        Optional<InputFiles.Content> content;
        try {
            content = InputFiles.readNamed(file.get(), InputFiles.Kind.CONFIG);
        } catch (InputFiles.Unusable e) {
            throw e.failure(Failure.Kind.CONFIG);
        }
        if (content.isEmpty()) {
            return Optional.empty();
        }
        String shown = file.get().toString();
        LocatedTree tree;
        try {
            tree = LocatedTree.parse(
                    new JsonFactory().createParser(content.get().textBytes()));
        } catch (LocatedTree.Malformed e) {
            throw new Failure(
                    Failure.Kind.CONFIG,
                    shown + " line " + e.line() + ": not JSON: " + e.getMessage(),
                    List.of("edit " + shown + " into one JSON object, or remove it (" + WorkspaceConfig.DOCS + ")"));
        } catch (IOException e) {
            throw new Failure(Failure.Kind.CONFIG, "cannot read " + shown + ": " + e.getMessage(), List.of());
        }
        ConfigReader r = new ConfigReader(shown, tree, WorkspaceConfig.DOCS + ", \"User config\"");
        if (!tree.root().isObject()) {
            throw r.error("", shown + " must be one JSON object, not " + ConfigReader.describe(tree.root()));
        }
        tree.root().fieldNames().forEachRemaining(key -> {
            if (!key.equals(ConfigSchema.SCHEMA_KEY) && !KEYS.contains(key)) {
                throw r.error(
                        key,
                        key + " cannot be set in the user config: it holds only " + String.join(", ", KEYS)
                                + ", personal keys that never change a repository's gate",
                        "set " + key + " in the repository's " + WorkspaceConfig.FILE + " (committed, so CI reads"
                                + " it too), and remove it from " + shown);
            }
        });
        return Optional.of(new Loaded(file.get(), tree, ConfigSchema.read(tree, shown)));
    }

    /** Replaces the user file whole, atomically, creating its folder. */
    public static void write(Path file, ObjectNode root) {
        try {
            Files.createDirectories(file.getParent());
            AtomicFiles.write(file, JudgeAgentsConfig.pretty(root).getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new Failure(
                    Failure.Kind.CONFIG,
                    "cannot write " + file + ": " + e.getMessage(),
                    List.of("check that " + file.getParent() + " is writable"));
        }
    }

    /** The user file's JSON as it is now, or an empty object when there is none. */
    public static ObjectNode root(Map<String, String> env) {
        return read(env).map(l -> (ObjectNode) l.tree().root().deepCopy()).orElseGet(CanonicalJson::objectNode);
    }
}
