package dev.wb.commands.plan;

import dev.wb.commands.base.Failure;
import dev.wb.engine.TaskKey;
import dev.wb.projections.audit.AuditGate;

/**
 * The audit gate every implementation command consults: the latest audit passed and audited exactly
 * the plan on disk now, and it is this clone's own or another replica's that was audited again here
 * and confirmed ({@link AuditTrust}). Implementing from an unaudited plan is the failure the design
 * exists to prevent, so there is no way around it (exit 2).
 */
public final class Gate {

    private Gate() {}

    /**
     * Refuses unless the gate is open for {@code planDigest}.
     *
     * @param trust what this clone makes of the latest audit in the view {@code state} was folded from
     */
    public static void requireOpen(AuditGate.State state, AuditTrust trust, TaskKey key, String planDigest) {
        // Replicas whose events were left out (unsigned, or signed by a key the allowed signers do not
        // list) are named: their audits were not read, whatever they claim.
        String left = trust.uncounted().isEmpty() ? "" : "; not counted here: " + String.join(", ", trust.uncounted());
        if (state.latest().isEmpty()) {
            throw Failure.usage("the plan for " + key + " has not been audited" + left, "wb sdd audit " + key);
        }
        if (!state.latest().get().passed()) {
            throw Failure.usage(
                    "the latest audit of " + key + " failed" + left,
                    "fix the findings in .workflow/" + key + "/sdd.json, then: wb sdd audit " + key);
        }
        if (!state.openFor(planDigest)) {
            throw Failure.usage("the plan for " + key + " changed since its audit" + left, "wb sdd audit " + key);
        }
        String audit = "the passing audit of " + key + " from replica " + trust.replica() + " (its event "
                + trust.version() + ")";
        String again = "wb sdd audit " + key + "   # audit the plan here; a new audit supersedes the claim";
        switch (trust.standing()) {
            case REFUTED ->
                throw Failure.usage(
                        audit + " is a forged or stale claim: audited again here at commit " + trust.shortCommit()
                                + " it fails (" + String.join("; ", trust.reasons()) + ")",
                        again);
            case UNVERIFIABLE ->
                throw Failure.usage(
                        audit + " cannot be confirmed here: " + String.join("; ", trust.reasons()),
                        "git fetch   # bring the commit it names, then run this again",
                        again);
            default -> {
                if (!trust.counts(state.latest().get().version())) {
                    // Read apart from the fold: an import in between moved the latest audit.
                    throw Failure.usage(
                            "the history of " + key + " changed while its audit gate was read",
                            "run the command again");
                }
            }
        }
    }

    /** What a pass of the gate rests on, in words: whose audit, and where it was confirmed. */
    public static String describe(AuditTrust trust) {
        return trust.standing() == AuditTrust.Standing.CONFIRMED
                ? "the plan on this branch passed its audit on replica " + trust.replica()
                        + ", confirmed here at commit " + trust.shortCommit()
                : "the plan on this branch passed its audit";
    }
}
