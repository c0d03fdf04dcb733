package dev.wb.commands.flow;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.config.WorkspaceConfig;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;

/**
 * The non-fatal findings, each saying its consequence: the seed's three — a role prompt's unknown
 * {@code {token}} (it reaches the agent verbatim), a fix budget on a tool node's fail/rework edge (it counts
 * fix rounds only while the tool emits a top-level {@code findings} array), and a non-blocking evaluator
 * whose loop allows fewer rounds than its {@code max_rework_per_stage} plans — and a Codex node writing with
 * network access that only the advanced mode lets through. They never change the exit code.
 */
final class FlowWarnings {

    private FlowWarnings() {}

    static List<String> of(FlowDefinition flow, WorkspaceConfig config, Map<String, FlowSurroundings.RoleFile> roles) {
        List<String> warnings = new ArrayList<>();
        tokens(flow, roles, warnings);
        if (!config.security().strictIsolation()) {
            flow.nodes().stream()
                    .filter(n -> FlowPolicy.codexWritingOnTheNetwork(flow, n, config))
                    .forEach(n -> warnings.add(
                            n.label() + ": codex runs with workspace-write and network_access=true only because"
                                    + " security.strict_isolation is false (the advanced mode gives every node both); under"
                                    + " strict isolation this flow is refused"));
        }
        for (FlowEdge edge : flow.edges()) {
            if (!edge.loopsBack() || !edge.bounded() || flow.node(edge.from()).isEmpty()) {
                continue;
            }
            FlowNode from = flow.node(edge.from()).get();
            int declared = edge.budget()
                    .orElseGet(() -> flow.budgets().getOrDefault(edge.loop().get(), 0));
            if (from.kind().equals("tool")) {
                warnings.add(from.label() + ": the declared fix budget of " + declared + " holds as written only"
                        + " while the tool emits a top-level 'findings' array; without one it is the number of"
                        + " identical failures that ends the loop, not the fix rounds it plans");
            }
            if (from.kind().equals("evaluator") && !from.blocking()) {
                evaluator(from, edge, declared, config.agents().maxFixCycles(), warnings);
            }
        }
        return warnings;
    }

    /**
     * Each node whose {@code when} names a {@code derived.*} fact wb does not derive: it reads as false, so the
     * node is always skipped (or, with {@code equals: false}, always runs), a typo indistinguishable from a gate.
     */
    static List<String> facts(JsonNode root) {
        List<String> warnings = new ArrayList<>();
        for (JsonNode node : root.path("flow").path("nodes")) {
            String fact = node.path("when").path("fact").asText("");
            if (fact.startsWith("derived.") && !FlowVocabulary.DERIVED_FACTS.contains(fact)) {
                boolean equals = node.path("when").path("equals").asBoolean(true);
                warnings.add("node '" + node.path("id").asText("?") + "': when.fact '" + fact + "' is not a fact wb"
                        + " derives (" + String.join(", ", FlowVocabulary.DERIVED_FACTS) + "): it reads as false,"
                        + " so the node " + (equals ? "is always skipped" : "always runs"));
            }
        }
        return warnings;
    }

    /**
     * Every {@code {token}} (and {@code {?token}}) of an agent's or evaluator's prompts that the engine does not
     * fill: an agent's prompts may use the core tokens and every agent's and tool's {@code {<id>_path}}, an
     * evaluator's the core tokens only. Each file and token once, in the order of the nodes.
     */
    private static void tokens(
            FlowDefinition flow, Map<String, FlowSurroundings.RoleFile> roles, List<String> warnings) {
        Set<String> core = new LinkedHashSet<>(FlowVocabulary.TOKENS);
        Set<String> agent = new LinkedHashSet<>(core);
        flow.nodes().stream().filter(FlowNode::hasOutputPath).forEach(n -> agent.add(n.id() + "_path"));
        Set<String> seen = new LinkedHashSet<>();
        for (FlowNode node : flow.nodes()) {
            if (!node.runsAgent()) {
                continue;
            }
            Set<String> known = node.kind().equals("agent") ? agent : core;
            for (Optional<String> file : List.of(node.roleFile(), node.resumeRoleFile())) {
                if (file.isPresent() && roles.get(file.get()) instanceof FlowSurroundings.Text text) {
                    Matcher m = FlowVocabulary.TOKEN.matcher(text.content());
                    while (m.find()) {
                        if (!known.contains(m.group(1)) && seen.add(file.get() + "\0" + m.group(1))) {
                            warnings.add(file.get() + " references unknown {" + m.group(1)
                                    + "} (renders verbatim to the agent)");
                        }
                    }
                }
            }
        }
    }

    private static void evaluator(FlowNode node, FlowEdge edge, int declared, int maxFixCycles, List<String> warnings) {
        int planned = node.maxReworkPerStage();
        int allowed = edge.loop().isPresent() ? Math.min(declared, maxFixCycles) : declared;
        if (allowed >= planned) {
            return;
        }
        String limit = edge.loop()
                .map(l -> "rework loop '" + l + "'"
                        + (maxFixCycles < declared ? " (clamped to agents.max_fix_cycles " + maxFixCycles + ")" : ""))
                .orElse("rework edge's budget");
        warnings.add(node.label() + ": non-blocking evaluator plans max_rework_per_stage " + planned + ", but its "
                + limit + " allows only " + allowed + " fix round(s) — it accepts with ⚠️ after " + allowed
                + "; raise the " + (edge.loop().isPresent() ? "loop budget" : "budget")
                + " or lower max_rework_per_stage so the two limits agree");
    }
}
