package dev.wb.commands.preflight;

import dev.wb.commands.config.FullAccess;
import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.projections.events.PreflightCompleted.LineVerdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The isolation block, in its fixed order: {@code isolation} (the offline check: no allowed provider
 * is configured with a full-access selector — refused at every value of {@code strict_isolation}),
 * the optional {@code read-isolation: OFF}, one {@code isolation-floor: NONE} per provider without an
 * OS-enforced write floor (advisory, never a failure), then the {@code advanced-mode} and
 * {@code git-evidence} notices.
 */
public final class IsolationLines {

    private IsolationLines() {}

    /** The offending {@code provider: args …} of each allowed provider, or empty when all are legal. */
    public static List<String> offences(WorkspaceConfig config) {
        List<String> offences = new ArrayList<>();
        for (String name : config.agents().allowed()) {
            WorkspaceConfig.Provider provider = config.agents().provider(name);
            Optional<String> selector = FullAccess.find(provider.args());
            selector.ifPresent(s -> offences.add(name + ": agents.providers." + name + ".args " + s
                    + " (a full-access selector, refused at every value of security.strict_isolation)"));
            if (selector.isEmpty()) {
                reshaping(name, provider.args())
                        .ifPresent(s -> offences.add(name + ": agents.providers." + name
                                + ".args " + s + " (it would replace the permission profile or settings wb launches "
                                + name + " with, refused at every value of security.strict_isolation)"));
            }
        }
        return offences;
    }

    /** Claude's options that replace or widen what wb's {@code --settings} and setting sources give. */
    private static final Set<String> CLAUDE_RESHAPING = Set.of(
            "--settings",
            "--setting-sources",
            "--add-dir",
            "--allowedTools",
            "--allowed-tools",
            "--permission-mode",
            "--mcp-config",
            "--plugin-dir");

    /** Codex's options that replace the permission profile: a legacy sandbox, or a config profile that may set one. */
    private static final Set<String> CODEX_RESHAPING = Set.of("--sandbox", "-s", "--full-auto", "-p", "--profile");

    /** The {@code -c} keys that would replace or redefine wb's Codex permission profile. */
    private static final List<String> CODEX_KEYS =
            List.of("sandbox_mode", "sandbox_workspace_write", "default_permissions", "permissions");

    /**
     * The first of a provider's args that would replace the profile or settings wb launches it with
     * (its args come before wb's own words for Codex and after {@code --settings} for Claude, so either
     * way one of these would decide instead of wb), or empty.
     */
    static Optional<String> reshaping(String provider, List<String> args) {
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            String option = arg.startsWith("--") ? arg.split("=", 2)[0] : arg.length() > 2 ? arg.substring(0, 2) : arg;
            if (provider.equals("claude") && CLAUDE_RESHAPING.contains(option)) {
                return Optional.of(arg);
            }
            if (!provider.equals("codex")) {
                continue;
            }
            if (CODEX_RESHAPING.contains(option)) {
                return Optional.of(arg);
            }
            String value = null;
            if ((arg.equals("-c") || arg.equals("--config")) && i + 1 < args.size()) {
                value = args.get(i + 1);
            } else if (arg.startsWith("--config=")) {
                value = arg.substring("--config=".length());
            } else if (arg.startsWith("-c") && arg.length() > 2) {
                value = arg.substring(2);
            }
            String key = value == null ? "" : value.split("=", 2)[0].strip();
            if (CODEX_KEYS.stream().anyMatch(k -> key.equals(k) || key.startsWith(k + "."))) {
                return Optional.of(arg + (arg.equals("-c") || arg.equals("--config") ? " " + value : ""));
            }
        }
        return Optional.empty();
    }

    static List<PreflightLine> lines(WorkspaceConfig config, Host host) {
        WorkspaceConfig.Security security = config.security();
        List<PreflightLine> lines = new ArrayList<>();
        List<String> offences = offences(config);
        if (!offences.isEmpty()) {
            lines.add(PreflightLine.of("isolation", LineVerdict.FAIL, String.join("; ", offences)));
        } else {
            lines.add(PreflightLine.paren(
                    "isolation", LineVerdict.OK, security.strictIsolation() ? "enforced" : "strict_isolation=false"));
        }
        if (security.readIsolationOff()) {
            List<String> causes = new ArrayList<>();
            if (security.disableReadIsolation()) {
                causes.add("security.disable_read_isolation=true");
            }
            if (!security.strictIsolation()) {
                causes.add("forced by security.strict_isolation=false");
            }
            lines.add(new PreflightLine(
                    "read-isolation",
                    LineVerdict.OFF,
                    "read-isolation: OFF (" + String.join("; ", causes)
                            + ") — providers load their native project instructions and config; .workflow, the"
                            + " env-file and runs stay read- and write-denied"));
        }
        for (String name : config.agents().allowed()) {
            floorCause(name, security.strictIsolation(), host).ifPresent(cause -> {
                PreflightLine line = PreflightLine.paren("isolation-floor", LineVerdict.NONE, name + ": " + cause);
                if (name.equals("claude") && security.strictIsolation()) {
                    // its settings ask sandbox.failIfUnavailable: Claude stops rather than run unsandboxed
                    line = line.withDetail("wb run stops Claude nodes here (sandbox.failIfUnavailable)");
                }
                lines.add(line);
            });
        }
        if (!security.strictIsolation()) {
            lines.add(PreflightLine.paren("advanced-mode", LineVerdict.ON, "security.strict_isolation=false")
                    .withDetail("no OS sandbox for Claude and an unscoped shell for every node; the full-access"
                            + " selectors stay refused (docs/PREFLIGHT.md, advanced mode)"));
        }
        if (security.allowGitEvidence()) {
            lines.add(PreflightLine.of(
                    "git-evidence",
                    LineVerdict.ON,
                    security.strictIsolation()
                            ? "security.allow_git_evidence=true: a flow node declaring git_evidence: true gets the read-only"
                                    + " git verbs"
                            : "security.allow_git_evidence=true, inert under advanced mode (every node"
                                    + " already has an unscoped shell)"));
        }
        return lines;
    }

    /**
     * Why a provider has no OS-enforced write floor here, or empty when it has one. For Claude the
     * advanced mode comes first: under it no sandbox is raised on any host, so a missing helper's
     * remedy would not bring the floor back. Codex always gets a generated profile; only native
     * Windows leaves its floor unclassifiable offline.
     */
    public static Optional<String> floorCause(String provider, boolean strict, Host host) {
        if (provider.equals("claude")) {
            if (!strict) {
                return Optional.of("strict_isolation=false — no OS sandbox on any host");
            }
            String cause = host.missingSandboxCause();
            return cause.isEmpty() ? Optional.empty() : Optional.of(cause);
        }
        if (host.os() == Host.Os.WINDOWS) {
            return Optional.of("native Windows — sandbox not classifiable offline, `wb preflight` probes it");
        }
        return Optional.empty();
    }
}
