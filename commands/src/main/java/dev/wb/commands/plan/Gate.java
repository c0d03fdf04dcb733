package dev.wb.commands.plan;

import dev.wb.commands.Failure;
import dev.wb.engine.TaskKey;
import dev.wb.projections.audit.AuditGate;

/**
 * The audit gate every implementation command consults: the latest audit passed and audited exactly
 * the plan on disk now. Implementing from an unaudited plan is the failure the design exists to
 * prevent, so there is no way around it (exit 2).
 */
public final class Gate {

    private Gate() {}

    public static void requireOpen(AuditGate.State state, TaskKey key, String planDigest) {
        if (state.latest().isEmpty()) {
            throw Failure.usage("the plan for " + key + " has not been audited", "wb sdd audit " + key);
        }
        if (!state.latest().get().passed()) {
            throw Failure.usage(
                    "the latest audit of " + key + " failed",
                    "fix the findings in .workflow/" + key + "/sdd.json, then: wb sdd audit " + key);
        }
        if (!state.openFor(planDigest)) {
            throw Failure.usage("the plan for " + key + " changed since its audit", "wb sdd audit " + key);
        }
    }
}
