package dev.wb.commands.run;

import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.flow.FlowNode;
import dev.wb.commands.flow.FlowVocabulary;
import dev.wb.commands.preflight.AgentEnvironment;
import dev.wb.commands.preflight.Host;
import dev.wb.commands.preflight.IsolationLines;
import dev.wb.commands.preflight.SandboxProfile;
import dev.wb.engine.json.CanonicalJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * How an agent or evaluator node's provider is launched inside the isolation preflight proves: the
 * workspace's {@link SandboxProfile} (made by the code that makes the smoke's), for the node's permission
 * profile and network, and the environment preflight's {@code allowed-environment} line reports
 * ({@link AgentEnvironment}), the provider's {@code auth_env}, and {@code WB_RUN_NODE} and
 * {@code WB_RUN_ATTEMPT}, never wb's whole environment (docs/RUNS.md, "Agents and evaluators: what a
 * real provider needs").
 *
 * <ul>
 *   <li>Codex: {@code codex <args> exec <profile>}: the permission profile wb defines
 *       ({@code default_permissions="wb"}, {@code permissions.wb.*}), never {@code --sandbox}, which would
 *       silently replace it; with read isolation on, {@code --ignore-user-config --ignore-rules} too;
 *   <li>Claude: {@code claude [--setting-sources user] --settings <json> <args> -p --permission-mode M
 *       --output-format json}: the profile's permission deny rules, its Bash sandbox under strict isolation
 *       (which must start or Claude stops), and the read-only git verbs when git evidence is granted; the
 *       repository's own settings and hooks are not loaded while read isolation is on.
 * </ul>
 *
 * <p>A node reaches the network when its {@code network_access} (else the flow's {@code network_policy})
 * grants it, and always under the advanced mode ({@code strict_isolation: false}), as docs/FLOWS.md says.
 *
 * @param leading the words that follow the program, before the provider's configured args
 * @param mode the words after the provider's configured args: the subcommand, the profile, the output form
 * @param environment the provider's whole environment
 * @param notice the advisory line written ahead of the node's output when the host has no OS floor
 *     for the provider, empty otherwise
 */
record ProviderLaunch(List<String> leading, List<String> mode, Map<String, String> environment, String notice) {

    /**
     * Why no agent may start on this configuration: preflight's offline isolation check would say
     * {@code isolation: FAIL}. Empty when it is legal.
     */
    static Optional<String> refusal(WorkspaceConfig config) {
        List<String> offences = IsolationLines.offences(config);
        if (offences.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("isolation: FAIL — " + String.join("; ", offences)
                + "; fix: remove it from agents.providers.<name>.args (wb gives the sandbox and settings itself), then run:"
                + " wb preflight");
    }
    /**
     * The options of a node's {@code extra_args} that would reshape what wb launches it in: the sandbox,
     * the permission mode, the settings, the tools, the folders and servers a CLI may reach. They come after
     * wb's own words, so one of them would win over the profile preflight proved; a node that names one
     * is not started.
     */
    static final Set<String> SHAPING = Set.of(
            "--sandbox",
            "-s",
            "-c",
            "--config",
            "-p",
            "--profile",
            "--enable",
            "--disable",
            "--full-auto",
            "--permission-mode",
            "--settings",
            "--setting-sources",
            "--add-dir",
            "--allowedTools",
            "--allowed-tools",
            "--disallowedTools",
            "--disallowed-tools",
            "--mcp-config",
            "--cd",
            "-C");

    /** A single-dash option of {@link #SHAPING} with its value attached ({@code -cKEY=V}, {@code -sMODE}, {@code -C/}). */
    private static boolean attached(String arg) {
        return arg.length() > 2
                && arg.charAt(0) == '-'
                && arg.charAt(1) != '-'
                && SHAPING.contains(arg.substring(0, 2));
    }

    /** Why the node's {@code extra_args} may not be launched (an option of {@link #SHAPING}); empty else. */
    static Optional<String> shaping(FlowNode node) {
        return node.extraArgs().stream()
                .filter(a -> SHAPING.contains(a.split("=", 2)[0].strip()) || attached(a))
                .findFirst()
                .map(a -> "node '" + node.id() + "': extra_args '" + a + "' would replace the sandbox, permissions or"
                        + " settings wb launches the node in (the profile wb preflight proves); fix: remove it from"
                        + " the flow's extra_args (wb gives these itself), then run wb run again");
    }

    static ProviderLaunch of(RunContext ctx, FlowNode node, String provider, String permission, int attempt) {
        WorkspaceConfig.Security security = ctx.config().security();
        WorkspaceConfig.Provider settings = ctx.config().agents().provider(provider);
        boolean strict = security.strictIsolation();
        boolean network = !strict || ctx.flow().definition().network(node);
        boolean readIsolation = !security.readIsolationOff();
        SandboxProfile profile =
                SandboxProfile.forWorkspace(ctx.root(), Optional.empty(), security.deniedReadPaths(), settings.args());
        List<String> leading = new ArrayList<>();
        List<String> mode = new ArrayList<>();
        boolean readOnly = permission.equals(FlowVocabulary.READ_ONLY);
        if (provider.equals("codex")) {
            mode.add("exec");
            if (readIsolation) {
                mode.addAll(List.of("--ignore-user-config", "--ignore-rules"));
            }
            mode.addAll(profile.execConfig(permission, network));
        } else {
            boolean gitEvidence = strict
                    && readOnly
                    && security.allowGitEvidence()
                    && node.gitEvidence().orElse(false);
            if (readIsolation) {
                leading.addAll(List.of("--setting-sources", "user"));
            }
            leading.add("--settings");
            leading.add(CanonicalJson.text(
                    profile.claudeSettings(
                            readOnly ? "plan" : "acceptEdits", strict, network, gitEvidence, security.deniedCommands()),
                    false));
            mode.addAll(
                    List.of("-p", "--permission-mode", readOnly ? "plan" : "acceptEdits", "--output-format", "json"));
        }
        Host host = Host.detect(ctx.env(), ctx.root());
        Map<String, String> env = AgentEnvironment.select(security, ctx.env(), host.os() == Host.Os.WINDOWS)
                .withExtra(security);
        // the provider's own login, only where the config names it for this provider
        for (String name : settings.authEnv()) {
            String value = ctx.env().get(name);
            if (value != null) {
                env.put(name, value);
            }
        }
        env.put("WB_RUN_NODE", node.id());
        env.put("WB_RUN_ATTEMPT", Integer.toString(attempt));
        String notice = IsolationLines.floorCause(provider, strict, host)
                .map(cause -> "wb: isolation-floor NONE (" + provider + ": " + cause + ")\n")
                .orElse("");
        return new ProviderLaunch(List.copyOf(leading), List.copyOf(mode), env, notice);
    }
}
