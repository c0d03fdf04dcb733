package dev.wb.commands.flow;

import java.util.List;
import java.util.Optional;

/**
 * One node of a flow as the engine would dispatch it, after {@code defaults.evaluator} filled in what an
 * evaluator left out. Fields a kind does not take are empty or {@code false}.
 *
 * @param line the line of the node's {@code id}, for violations about the node as a whole
 * @param permissionProfile as written (an evaluator's after defaults); an agent without one runs at the
 *     flow's ceiling, an evaluator without one read-only ({@link FlowDefinition#profile})
 * @param sessionScope as written (after defaults); {@code fresh_disposable} when absent
 * @param networkAccess tri-state: empty inherits the flow's network_policy
 * @param gitEvidence tri-state: empty is not asked for
 * @param blocking an evaluator's gate: true (the default) holds the flow until it accepts
 */
public record FlowNode(
        String id,
        String kind,
        int line,
        Optional<String> roleFile,
        Optional<String> resumeRoleFile,
        Optional<String> provider,
        Optional<String> model,
        Optional<String> reasoning,
        Optional<String> permissionProfile,
        String sessionScope,
        Optional<String> lineageAffinity,
        Optional<Boolean> networkAccess,
        Optional<Boolean> gitEvidence,
        List<String> extraArgs,
        boolean blocking,
        int maxReworkPerStage,
        Optional<String> tool) {

    /** Whether the engine runs a model for this node (so provider, model and reasoning apply). */
    public boolean runsAgent() {
        return kind.equals("agent") || kind.equals("evaluator");
    }

    /** Whether prompts may name this node's output as {@code {<id>_path}}. */
    public boolean hasOutputPath() {
        return kind.equals("agent") || kind.equals("tool");
    }

    public String label() {
        return "node '" + id + "'";
    }

    /** How the ceiling rules name it, as the orchestrator does: {@code agent 'x'}, {@code evaluator 'x'}. */
    public String kindLabel() {
        return kind + " '" + id + "'";
    }
}
