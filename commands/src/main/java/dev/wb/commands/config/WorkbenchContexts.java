package dev.wb.commands.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wb.commands.InputFiles;
import dev.wb.commands.base.Failure;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The git identity of the original workbench's context, which its {@code .workflow/config.json} binds
 * with {@code "context": "<name>"}: {@code $WORKBENCH_HOME/contexts/<name>.json} (default
 * {@code ~/.workbench}), of which wb reads only {@code {"git": {"name", "email"}}}. The file lies outside
 * the repository, so it is read as a file the user named (InputFiles: regular, at most 256 KiB, UTF-8);
 * wb's own {@code identity}, when set, comes first.
 */
public final class WorkbenchContexts {

    /** The identity a checkout's commits should carry, and where it came from; or why there is none. */
    public record Expected(Optional<WorkspaceConfig.Identity> identity, String source, Optional<String> note) {}

    private static final ObjectMapper JSON = new ObjectMapper();

    private WorkbenchContexts() {}

    /**
     * {@code identity}, else the bound context's git identity, else the user config's {@code identity}
     * ({@link UserConfig}: the repository wins); exit 3 when the context or user file is unusable.
     */
    public static Expected expected(WorkspaceConfig config, Map<String, String> env) {
        if (config.identity().isPresent()) {
            return new Expected(config.identity(), WorkspaceConfig.FILE, Optional.empty());
        }
        if (config.originals().context().isEmpty()) {
            return UserConfig.read(env)
                    .flatMap(user -> user.config()
                            .identity()
                            .map(id -> new Expected(Optional.of(id), user.file().toString(), Optional.empty())))
                    .orElseGet(() -> new Expected(Optional.empty(), WorkspaceConfig.FILE, Optional.empty()));
        }
        String name = config.originals().context().get();
        Optional<Path> home = home(env);
        String shown = "$WORKBENCH_HOME/contexts/" + name + ".json";
        if (home.isEmpty()) {
            return new Expected(
                    Optional.empty(),
                    shown,
                    Optional.of("context '" + name + "' is not read: neither" + " WORKBENCH_HOME nor HOME is set"));
        }
        Path file = home.get().resolve("contexts").resolve(name + ".json");
        String source = "context '" + name + "' (" + file + ")";
        return identity(file, name)
                .map(id -> new Expected(Optional.of(id), source, Optional.empty()))
                .orElseGet(() -> new Expected(
                        Optional.empty(),
                        source,
                        Optional.of("context '" + name + "' has no" + " git identity here: " + file
                                + " is absent or sets no {\"git\": {\"name\", \"email\"}}")));
    }

    static Optional<Path> home(Map<String, String> env) {
        String override = env.getOrDefault("WORKBENCH_HOME", "");
        if (!override.isBlank()) {
            return Optional.of(Path.of(override));
        }
        String user = env.getOrDefault("HOME", "");
        return user.isBlank() ? Optional.empty() : Optional.of(Path.of(user, ".workbench"));
    }

    private static Optional<WorkspaceConfig.Identity> identity(Path file, String name) {
        Optional<InputFiles.Content> content;
        try {
            content = InputFiles.readNamed(file, InputFiles.Kind.CONFIG);
        } catch (InputFiles.Unusable e) {
            throw e.failure(Failure.Kind.CONFIG);
        }
        if (content.isEmpty()) {
            return Optional.empty();
        }
        JsonNode root;
        try {
            root = JSON.readTree(content.get().textBytes());
        } catch (IOException e) {
            throw unusable(file, name, "is not JSON");
        }
        JsonNode git = root == null || !root.isObject() ? null : root.get("git");
        if (root == null || !root.isObject() || (git != null && !git.isNull() && !git.isObject())) {
            throw unusable(
                    file,
                    name,
                    root == null || !root.isObject() ? "is not a JSON object" : "has a git that is not an object");
        }
        String userName = git == null ? "" : git.path("name").asText("");
        String email = git == null ? "" : git.path("email").asText("");
        if (userName.isBlank()
                || email.isBlank()
                || !git.path("name").isTextual()
                || !git.path("email").isTextual()) {
            return Optional.empty();
        }
        if ((userName + email).chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
            throw unusable(file, name, "has a git identity holding a control character");
        }
        return Optional.of(new WorkspaceConfig.Identity(userName, email));
    }

    private static Failure unusable(Path file, String name, String problem) {
        return new Failure(
                Failure.Kind.CONFIG,
                file + " " + problem + " (the original workbench's context '" + name + "', bound by \"context\" in "
                        + WorkspaceConfig.FILE + ")",
                List.of("fix it to hold {\"git\":"
                        + " {\"name\": \"…\", \"email\": \"…\"}}, or remove \"context\" and set identity instead ("
                        + WorkspaceConfig.DOCS + ")"));
    }
}
