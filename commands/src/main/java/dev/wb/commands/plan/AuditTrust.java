package dev.wb.commands.plan;

import java.util.List;
import java.util.Optional;

/**
 * Whose the latest audit of a task is, in the merged view a gate reads, and whether this clone may
 * count it (docs/SYNC.md, "Trust"): this clone's own, or a passing claim of another replica that was
 * audited again here ({@code plan.confirmed}). Pure data: {@link Gate} decides on it.
 *
 * @param position the latest audit's place in the merged view (-1 when there is none)
 * @param replica the replica whose chain holds it
 * @param version its version in that chain
 * @param commit what a claim was re-derived against
 * @param reasons why a claim was refuted or is unverifiable
 * @param uncounted the other replicas holding the task whose events count for nothing here, each with
 *     why (docs/SYNC.md, "Trust"): named when the gate is closed, since their audits were not read
 */
public record AuditTrust(
        Standing standing,
        long position,
        String replica,
        long version,
        Optional<String> commit,
        List<String> reasons,
        List<String> uncounted) {

    /** What this clone makes of the latest audit. */
    public enum Standing {
        /** No audit, or one that opens nothing by its own verdict or digest: the gate's own rules close it. */
        NONE,
        /** This clone's own chain holds it. */
        OWN,
        /** Another replica's passing audit, audited again here and confirmed. */
        CONFIRMED,
        /** Another replica's passing audit that fails here, or plans other files: a forged or stale claim. */
        REFUTED,
        /** Another replica's passing audit that could not be audited again here. */
        UNVERIFIABLE
    }

    public AuditTrust {
        reasons = List.copyOf(reasons);
        uncounted = List.copyOf(uncounted);
    }

    /** A standing with no uncounted replica named. */
    public AuditTrust(
            Standing standing,
            long position,
            String replica,
            long version,
            Optional<String> commit,
            List<String> reasons) {
        this(standing, position, replica, version, commit, reasons, List.of());
    }

    /** The same, naming the replicas whose events were left out. */
    public AuditTrust withUncounted(List<String> replicas) {
        return new AuditTrust(standing, position, replica, version, commit, reasons, replicas);
    }

    /** Nothing to trust or distrust. */
    public static AuditTrust none(long position) {
        return new AuditTrust(Standing.NONE, position, "", -1, Optional.empty(), List.of());
    }

    /** This clone's own audit at {@code position}. */
    public static AuditTrust own(long position, String replica, long version) {
        return new AuditTrust(Standing.OWN, position, replica, version, Optional.empty(), List.of());
    }

    /** Whether this clone may count the audit at {@code position}. */
    public boolean counts(long latest) {
        return position == latest && (standing == Standing.OWN || standing == Standing.CONFIRMED);
    }

    /** The commit, cut to 12 characters as wb shows commits. */
    public String shortCommit() {
        return commit.map(c -> c.length() > 12 ? c.substring(0, 12) : c).orElse("(none)");
    }
}
