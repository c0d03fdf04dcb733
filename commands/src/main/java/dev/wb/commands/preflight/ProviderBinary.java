package dev.wb.commands.preflight;

import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.process.ExecutableLookup;
import dev.wb.projections.events.PreflightCompleted.LineVerdict;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code <provider>-binary:} line: the launch path found on the invocation's PATH, the real file
 * behind it after links, and whether that file lies inside the provider's config home (Claude:
 * {@code $CLAUDE_CONFIG_DIR} or {@code ~/.claude}; Codex: {@code $CODEX_HOME} or {@code ~/.codex}).
 * Informational, never a failure: Codex's standalone package keeps its binary inside
 * {@code $CODEX_HOME}, which explains why one build behaves differently on two hosts.
 */
final class ProviderBinary {

    private ProviderBinary() {}

    /** The launch path, when the command is found. */
    static Optional<Path> find(WorkspaceConfig.Provider provider, Path dir, Map<String, String> env) {
        return ExecutableLookup.find(provider.command(), dir, env);
    }

    static PreflightLine line(WorkspaceConfig.Provider provider, Path dir, Map<String, String> env) {
        String subject = provider.name() + "-binary";
        Optional<Path> launch = find(provider, dir, env);
        if (launch.isEmpty()) {
            return new PreflightLine(
                    subject, LineVerdict.INFO, subject + ": " + ExecutableLookup.notFound(provider.command(), dir));
        }
        Path real = real(launch.get());
        ConfigHome home = ConfigHome.of(provider.name(), env);
        String where = home.dir()
                        .map(h -> real.startsWith(real(h)) ? "inside " : "outside ")
                        .orElse("outside ")
                + home.label();
        String shown = real.equals(launch.get()) ? launch.get().toString() : launch.get() + " -> " + real;
        return new PreflightLine(subject, LineVerdict.INFO, subject + ": " + shown + " (" + where + ")");
    }

    private static Path real(Path path) {
        try {
            return path.toRealPath();
        } catch (IOException e) {
            return path.toAbsolutePath().normalize();
        }
    }

    /** A provider's config home and how the line names it. */
    record ConfigHome(Optional<Path> dir, String label) {
        static ConfigHome of(String provider, Map<String, String> env) {
            String variable = provider.equals("claude") ? "CLAUDE_CONFIG_DIR" : "CODEX_HOME";
            String fallback = provider.equals("claude") ? ".claude" : ".codex";
            String set = env.getOrDefault(variable, "");
            if (!set.isBlank()) {
                return new ConfigHome(Optional.of(Path.of(set)), variable);
            }
            String home = env.getOrDefault("HOME", env.getOrDefault("USERPROFILE", ""));
            return new ConfigHome(
                    home.isBlank() ? Optional.empty() : Optional.of(Path.of(home, fallback)), "~/" + fallback);
        }
    }
}
