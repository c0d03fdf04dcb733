package dev.wb.commands.flow;

import java.util.List;
import java.util.Optional;

/**
 * One node of a flow as the engine would dispatch it, after {@code defaults.evaluator} filled in what an
 * evaluator left out. Fields a kind does not take are empty, {@code false} or the fail-closed default
 * ({@code read-only}, no network, no git evidence).
 *
 * @param line the line of the node's {@code id}, for violations about the node as a whole
 * @param blocking an evaluator's gate: true (the default) holds the flow until it accepts
 */
public record FlowNode(String id, String kind, int line, Optional<String> roleFile, Optional<String> provider,
        Optional<String> model, Optional<String> reasoning, String permissionProfile, boolean networkAccess,
        boolean gitEvidence, List<String> extraArgs, boolean blocking, Optional<Integer> maxReworkPerStage,
        Optional<String> tool, Optional<String> checker) {

    /** Whether the engine runs a model for this node (so provider, model and reasoning apply). */
    public boolean runsAgent() {
        return kind.equals("agent") || kind.equals("evaluator");
    }

    /** Whether the node writes an output the prompts may name as {@code {<id>_path}}. */
    public boolean hasOutputPath() {
        return kind.equals("agent") || kind.equals("tool");
    }

    public String label() {
        return "node '" + id + "'";
    }
}
