package dev.wb.commands.flow;

import dev.wb.commands.config.FullAccess;
import dev.wb.commands.config.WorkspaceConfig;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The security ceiling and the config-aware layer: what a flow may ask for on this checkout. A provider,
 * model or reasoning level the config does not allow; a node above the flow's permission ceiling, on the
 * network the flow forbids, or asking for git evidence the config withholds or a writing node cannot use;
 * Codex writing with network access under strict isolation; full-access and sandbox-disabling arguments; role
 * prompts outside the flows folder; tools not delivered; a checker naming no command set. Violations name
 * the node, as the engine's dispatch refusal would.
 */
final class FlowPolicy {

    private static final Pattern DRIVE = Pattern.compile("^[A-Za-z]:.*");

    private FlowPolicy() {}

    static void check(FlowDefinition flow, WorkspaceConfig config, Map<String, FlowSurroundings.RoleFile> roles,
            FlowSurroundings surroundings, List<String> violations) {
        if (flow.outputPolicy().equals("diff") && flow.permissionCeiling().equals("read-only")) {
            violations.add("flow: output_policy 'diff' needs permission_ceiling 'workspace-write'; a read-only flow"
                    + " cannot change the code");
        }
        for (FlowNode node : flow.nodes()) {
            String n = node.label() + ": ";
            if (node.runsAgent()) {
                agent(node, config.agents(), violations);
            }
            if (FlowVocabulary.strongerThan(node.permissionProfile(), flow.permissionCeiling())) {
                violations.add(n + "permission_profile '" + node.permissionProfile() + "' is above the flow's"
                        + " permission_ceiling '" + flow.permissionCeiling() + "'");
            }
            if (node.networkAccess() && !flow.networkPolicy().equals("allow")) {
                violations.add(n + "network_access: true but the flow's network_policy is deny (the default)");
            }
            if (node.gitEvidence() && !config.security().allowGitEvidence()) {
                violations.add(n + "git_evidence: true but security.allow_git_evidence is false");
            }
            FullAccess.find(node.extraArgs()).ifPresent(arg -> violations.add(n + "extra_args select full access ('"
                    + arg + "'), refused at every value of security.strict_isolation"));
            ForbiddenArgs.reasons(node.extraArgs()).forEach(reason -> violations.add(n + "extra_args " + reason));
            if (node.gitEvidence() && writes(node)) {
                violations.add(n + "git_evidence applies only to a read-only node; a workspace-write node already"
                        + " has an unrestricted shell (drop the field, or set permission_profile: read-only)");
            }
            if (codexWritingOnTheNetwork(node, config) && config.security().strictIsolation()) {
                violations.add(n + "codex cannot run with workspace-write and network_access=true; split network"
                        + " research into a read-only node or set network_access: false");
            }
            node.roleFile().ifPresent(file -> roleFile(node, file, roles.get(file), violations));
            node.tool().ifPresent(tool -> tool(node, tool, surroundings.tool(tool), violations));
            node.checker().ifPresent(checker -> checker(node, checker, config, violations));
            if (node.kind().equals("publish") && flow.publishing().equals("none")) {
                violations.add(n + "a publish node in a flow whose publishing is none");
            }
        }
    }

    /** Whether the node may write the working tree: any profile above read-only. */
    static boolean writes(FlowNode node) {
        return FlowVocabulary.strongerThan(node.permissionProfile(), FlowVocabulary.READ_ONLY);
    }

    /**
     * An agent node that would run on Codex with a profile that writes and with network access: the one
     * Codex profile that both writes the clone and reaches the network, which the orchestrator refuses
     * under strict isolation (under the advanced mode every node has both already: a warning).
     */
    static boolean codexWritingOnTheNetwork(FlowNode node, WorkspaceConfig config) {
        return node.kind().equals("agent") && node.provider().orElse(config.agents().primary()).equals("codex")
                && writes(node) && node.networkAccess();
    }

    private static void agent(FlowNode node, WorkspaceConfig.Agents agents, List<String> violations) {
        String n = node.label() + ": ";
        String provider = node.provider().orElse(agents.primary());
        if (!agents.allowed().contains(provider)) {
            violations.add(n + "provider '" + provider + "' not in agents.allowed");
            return;
        }
        WorkspaceConfig.Provider settings = agents.provider(provider);
        String at = "agents.providers." + provider;
        node.model().filter(m -> settings != null && !settings.allowsModel(m)).ifPresent(m -> violations.add(n
                + "model '" + m + "' not in " + at + ".models"));
        node.reasoning().filter(r -> settings != null && !settings.allowsReasoning(r)).ifPresent(r -> violations
                .add(n + "reasoning '" + r + "' not in " + at + ".reasoning"));
    }

    /** Whether a role_file path, as written, stays in the flow file's folder. */
    static Optional<String> lexicalProblem(String path) {
        if (path.startsWith("/") || path.startsWith("\\") || DRIVE.matcher(path).matches()) {
            return Optional.of("is absolute; role_file paths are relative to the flow file's folder");
        }
        for (String segment : path.split("[/\\\\]")) {
            if (segment.equals("..")) {
                return Optional.of("leaves the flow file's folder ('..'); role_file paths stay inside it");
            }
        }
        return Optional.empty();
    }

    private static void roleFile(FlowNode node, String file, FlowSurroundings.RoleFile role,
            List<String> violations) {
        String n = node.label() + ": role_file '" + file + "' ";
        Optional<String> lexical = lexicalProblem(file);
        if (lexical.isPresent()) {
            violations.add(n + lexical.get());
        } else if (role instanceof FlowSurroundings.Outside outside) {
            violations.add(n + "leads out of .workflow/flows/ through a symbolic link (to " + outside.target() + ")");
        } else if (role instanceof FlowSurroundings.Unreadable unreadable) {
            violations.add(n + "cannot be read: " + unreadable.reason());
        }
    }

    private static void tool(FlowNode node, String tool, FlowSurroundings.Tool state, List<String> violations) {
        if (state == FlowSurroundings.Tool.MISSING) {
            violations.add(node.label() + ": tool '" + tool + "' is not delivered: no executable file"
                    + " .workflow/tools/" + tool);
        } else if (state == FlowSurroundings.Tool.NOT_EXECUTABLE) {
            violations.add(node.label() + ": tool '" + tool + "' is not delivered: .workflow/tools/" + tool
                    + " is not executable (chmod +x it)");
        }
    }

    private static void checker(FlowNode node, String checker, WorkspaceConfig config, List<String> violations) {
        List<String> sets = config.checks().commandSets().stream().map(WorkspaceConfig.CommandSet::name).toList();
        if (!checker.equals(FlowVocabulary.ALL_COMMAND_SETS) && !sets.contains(checker)) {
            violations.add(node.label() + ": checker '" + checker + "' is neither "
                    + FlowVocabulary.ALL_COMMAND_SETS + " nor a set in checks.command_sets" + (sets.isEmpty()
                            ? " (none configured)" : " (" + String.join(", ", sets) + ")"));
        }
    }
}
