package dev.wb.projections.events.run;

import dev.wb.projections.events.WireName;

/**
 * The kind of a flow's node, as {@link NodeStarted} records it: the closed set a flow's {@code kind} is
 * validated against.
 *
 * <p>A kind this wb does not know reads as {@link #AGENT}: failing closed, a node whose kind cannot be read
 * is taken as the kind that may have edited the tree, never as one known to have left it alone.
 */
public enum NodeKind implements WireName {
    /** A provider's agent, which may edit the tree. */
    AGENT("agent"),
    /** A provider's agent that judges the work and gives an outcome. */
    EVALUATOR("evaluator"),
    /** The workspace's checks. */
    CHECKS("checks"),
    /** A declared program. */
    TOOL("tool"),
    /** A person: the run parks until they answer. */
    HITL("hitl"),
    /** The publication of the task's work. */
    PUBLISH("publish");

    private final String wire;

    NodeKind(String wire) {
        this.wire = wire;
    }

    @Override
    public String wireName() {
        return wire;
    }

    /** The kind a flow's node names (validated against this set), or {@link #AGENT} for another text. */
    public static NodeKind of(String kind) {
        return WireName.of(NodeKind.class, kind, AGENT);
    }
}
