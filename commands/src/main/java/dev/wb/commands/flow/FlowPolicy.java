package dev.wb.commands.flow;

import dev.wb.commands.config.FullAccess;
import dev.wb.commands.config.WorkspaceConfig;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The orchestrator's security ceiling and config-aware layer: what a flow may ask for on this checkout.
 * Ceiling: an evaluator is read-only and never resumes the author's editing lineage; an agent stays at or
 * under the flow's permission_ceiling; forbidden {@code extra_args}; git evidence on a node that already
 * writes; a continuation prompt no session would resume; prompt paths that leave the flow's folder.
 * Config: a provider {@code agents.allowed} does not list, a reasoning level the provider does not support
 * (and wb's model and reasoning lists), Codex writing with network access under strict isolation,
 * full-access arguments, a tool not delivered to {@code .workflow/tools/}. Violations name the node, as the
 * engine's dispatch refusal would.
 */
final class FlowPolicy {

    private static final Pattern DRIVE = Pattern.compile("^[A-Za-z]:.*");

    private FlowPolicy() {}

    static void check(
            FlowDefinition flow,
            WorkspaceConfig config,
            Map<String, FlowSurroundings.RoleFile> roles,
            FlowSurroundings surroundings,
            List<String> violations) {
        for (FlowNode node : flow.nodes()) {
            ceiling(flow, node, violations);
            node.roleFile().ifPresent(file -> promptFile(node.label(), "role_file", file, roles.get(file), violations));
            node.resumeRoleFile()
                    .ifPresent(file -> promptFile(node.label(), "resume_role_file", file, roles.get(file), violations));
            if (node.runsAgent()) {
                provider(node, config.agents(), violations);
            }
            String n = node.label() + ": ";
            FullAccess.find(node.extraArgs())
                    .ifPresent(arg -> violations.add(n + "extra_args select full access ('" + arg
                            + "'), refused at every value of security.strict_isolation"));
            if (codexWritingOnTheNetwork(flow, node, config)
                    && config.security().strictIsolation()) {
                violations.add(n + "codex cannot run with workspace-write and network_access=true; split network"
                        + " research into a read-only node or set network_access: false");
            }
            node.tool().ifPresent(tool -> tool(node, tool, surroundings.tool(tool), violations));
        }
        flow.supervisor()
                .ifPresent(s -> s.prompts()
                        .forEach((key, file) ->
                                promptFile("node 'supervisor'", key, file, roles.get(file), violations)));
    }

    private static void ceiling(FlowDefinition flow, FlowNode node, List<String> violations) {
        String profile = flow.profile(node);
        String k = node.kindLabel() + ": ";
        if (node.kind().equals("evaluator")) {
            if (!profile.equals(FlowVocabulary.READ_ONLY)) {
                violations.add(k + "permission_profile must be read-only, got '" + profile + "'");
            }
            if (node.sessionScope().equals(FlowVocabulary.EDITING_LINEAGE)) {
                violations.add(k + "session_scope editing_lineage is forbidden (an evaluator must not inherit the"
                        + " author's workspace context)");
            }
            if (node.resumeRoleFile().isPresent() && !node.sessionScope().equals(FlowVocabulary.RESUME_OWN_LINEAGE)) {
                violations.add(k + "resume_role_file requires session_scope resume_own_lineage (nothing resumes" + " a "
                        + node.sessionScope() + " evaluator, so the second prompt could never be used)");
            }
        }
        if (!node.kind().equals("agent")) {
            return;
        }
        if (FlowVocabulary.strongerThan(profile, flow.permissionCeiling())) {
            violations.add(k + "permission_profile '" + profile + "' exceeds permission_ceiling '"
                    + flow.permissionCeiling() + "'");
        }
        ForbiddenArgs.reasons(node.extraArgs()).forEach(reason -> violations.add(k + "extra_args " + reason));
        if (node.gitEvidence().orElse(false) && writes(flow, node)) {
            violations.add(k + "git_evidence applies only to a read-only node; a workspace-write node already has"
                    + " an unrestricted shell (drop the field, or set permission_profile: read-only)");
        }
        if (node.resumeRoleFile().isPresent() && !node.sessionScope().equals(FlowVocabulary.EDITING_LINEAGE)) {
            violations.add(k + "resume_role_file requires session_scope editing_lineage (no other scope resumes a"
                    + " session between node runs, so the second prompt could never be used)");
        }
    }

    /** Whether the node may write the working tree: its permission above read-only. */
    static boolean writes(FlowDefinition flow, FlowNode node) {
        return FlowVocabulary.strongerThan(flow.profile(node), FlowVocabulary.READ_ONLY);
    }

    /**
     * An agent node that would run on Codex writing the clone with network access (its own network_access,
     * else the flow's network_policy): the one Codex profile that both writes the clone and reaches the
     * network, which the orchestrator refuses under strict isolation (under the advanced mode every node has
     * both already: a warning).
     */
    static boolean codexWritingOnTheNetwork(FlowDefinition flow, FlowNode node, WorkspaceConfig config) {
        return node.kind().equals("agent")
                && node.provider().orElse(config.agents().primary()).equals("codex")
                && writes(flow, node)
                && flow.network(node);
    }

    private static void provider(FlowNode node, WorkspaceConfig.Agents agents, List<String> violations) {
        String n = node.label() + ": ";
        String provider = node.provider().orElse(agents.primary());
        if (!agents.allowed().contains(provider)) {
            violations.add(n + "provider '" + provider + "' not in agents.allowed");
            return;
        }
        List<String> levels = FlowVocabulary.REASONING.getOrDefault(provider, List.of());
        node.reasoning()
                .filter(r -> !levels.contains(r))
                .ifPresent(r -> violations.add(n + "reasoning '" + r + "' is not supported by provider '" + provider
                        + "'; expected one of " + String.join(", ", levels)));
        WorkspaceConfig.Provider settings = agents.provider(provider);
        String at = "agents.providers." + provider;
        node.model()
                .filter(m -> settings != null && !settings.allowsModel(m))
                .ifPresent(m -> violations.add(n + "model '" + m + "' not in " + at + ".models"));
        node.reasoning()
                .filter(levels::contains)
                .filter(r -> settings != null && !settings.allowsReasoning(r))
                .ifPresent(r -> violations.add(n + "reasoning '" + r + "' not in " + at + ".reasoning"));
    }

    /** Whether a prompt path, as written, stays in the flow file's folder. */
    static Optional<String> lexicalProblem(String path) {
        if (path.startsWith("/") || path.startsWith("\\") || DRIVE.matcher(path).matches()) {
            return Optional.of("contains path traversal: it is absolute; prompt paths are relative to the flow"
                    + " file's folder");
        }
        for (String segment : path.split("[/\\\\]", 0)) {
            if (segment.equals("..")) {
                return Optional.of(
                        "contains path traversal ('..'); prompt paths stay inside the flow file's" + " folder");
            }
        }
        return Optional.empty();
    }

    private static void promptFile(
            String label, String key, String file, FlowSurroundings.RoleFile role, List<String> violations) {
        String n = label + ": " + key + " '" + file + "' ";
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
            violations.add(node.label() + ": tool '" + tool + "' not found under '" + ValidateFlow.TOOLS + "': no"
                    + " regular file " + ValidateFlow.TOOLS + tool + " inside it (deliver the tool there)");
        } else if (state == FlowSurroundings.Tool.NOT_EXECUTABLE) {
            violations.add(node.label() + ": tool '" + tool + "' is not executable: " + ValidateFlow.TOOLS + tool
                    + " (chmod +x it)");
        }
    }
}
