package dev.wb.commands.preflight;

import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.process.SecretNames;
import dev.wb.projections.events.PreflightCompleted.LineVerdict;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * {@code allowed-environment} and {@code extra-environment}: what each
 * {@code security.allowed_environment} entry matched in the invocation's environment (a prefix
 * pattern such as {@code DOTNET_*} expanded), the names dropped as secret-bearing (a WARN), and which
 * child processes the list reaches; then the names {@code security.extra_environment} assigns, never
 * their values.
 *
 * <p>A name is secret-bearing by wb's one rule, {@link SecretNames}.
 */
final class EnvironmentLines {

    private EnvironmentLines() {}

    static boolean secretBearing(String name) {
        return SecretNames.secret(name);
    }

    static PreflightLine allowed(WorkspaceConfig.Security security, Map<String, String> env, Host host) {
        boolean windows = host.os() == Host.Os.WINDOWS;
        AgentEnvironment selection = AgentEnvironment.select(security, env, windows);
        TreeSet<String> kept = new TreeSet<>(selection.kept().keySet());
        TreeSet<String> dropped = selection.dropped();
        List<String> expansions = selection.expansions();
        List<String> unmatched = selection.unmatched();
        String scope = "(agent + git/gh scope)";
        StringBuilder text = new StringBuilder(kept.size() + " name(s) after expansion " + scope);
        if (security.allowedEnvironment().isEmpty()) {
            text.append("; security.allowed_environment is empty");
        }
        expansions.forEach(e -> text.append("; ").append(e));
        if (!unmatched.isEmpty()) {
            text.append("; not set here: ").append(String.join(", ", unmatched));
        }
        if (!dropped.isEmpty()) {
            text.append("; dropped as secret-bearing: ").append(String.join(", ", dropped));
        }
        boolean noPath = kept.stream().noneMatch(n -> windows ? n.equalsIgnoreCase("PATH") : n.equals("PATH"));
        if (noPath) {
            text.append("; PATH is not passed: a provider started without it finds none of its programs"
                    + " (add \"PATH\" to security.allowed_environment)");
        }
        if (windows && kept.stream().noneMatch(n -> n.equalsIgnoreCase("SystemRoot"))) {
            return PreflightLine.of(
                    "allowed-environment",
                    LineVerdict.FAIL,
                    "SystemRoot is missing on native Windows"
                            + " (the Node-based claude.exe aborts 0xC0000409 without it): add \"SystemRoot\" to"
                            + " security.allowed_environment; " + text);
        }
        return PreflightLine.of(
                "allowed-environment",
                dropped.isEmpty() && !noPath ? LineVerdict.OK : LineVerdict.WARN,
                text.toString());
    }

    static PreflightLine extra(WorkspaceConfig.Security security) {
        if (security.extraEnvironment().isEmpty()) {
            return PreflightLine.paren("extra-environment", LineVerdict.SKIP, "none assigned");
        }
        return PreflightLine.of(
                "extra-environment",
                LineVerdict.OK,
                security.extraEnvironment().size() + " name(s) assigned: "
                        + String.join(", ", security.extraEnvironment().keySet()));
    }
}
