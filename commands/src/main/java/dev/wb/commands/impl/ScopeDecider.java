package dev.wb.commands.impl;

import dev.wb.commands.Decision;
import dev.wb.commands.impl.ScopeReport.Entry;
import dev.wb.commands.impl.ScopeReport.Status;
import dev.wb.commands.plan.AuditTrust;
import dev.wb.commands.plan.CriticalZones;
import dev.wb.commands.plan.Gate;
import dev.wb.git.ChangeScope;
import dev.wb.git.ChangedPath;
import dev.wb.projections.audit.AuditGate;
import dev.wb.projections.events.PlannedFile;
import dev.wb.projections.events.ScopeChecked;
import dev.wb.projections.events.Verdict;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The decision of {@code wb impl check}, pure: the gate must be open for the plan on disk; the
 * changed paths are classified against this task's audited files and the other tasks' confirmed
 * claims; the check is recorded, deviation or not.
 */
public final class ScopeDecider {

    /**
     * The paths listed in the event stop at about this many bytes (an event is at most 120 KiB);
     * the counts always cover every path.
     */
    static final int MAX_LISTED_BYTES = 64 * 1024;

    /**
     * What the check read outside the log, for an open gate.
     *
     * @param changed the changed paths
     * @param baseCommit the commit {@code --base} resolved to
     * @param others every other task's claims, confirmed from the log where the result names them
     */
    public record Observed(
            List<ChangedPath> changed, Optional<String> baseCommit, Map<String, List<PlannedFile>> others) {
        public Observed {
            changed = List.copyOf(changed);
            others = Collections.unmodifiableMap(new TreeMap<>(others)); // by task key, as reports name them
        }
    }

    /** The check's outcome before it is recorded: the report and the base commit it was computed from. */
    public record Checked(ScopeReport report, Optional<String> baseCommit) {}

    private ScopeDecider() {}

    /**
     * Refuses unless the gate is open for {@code planDigest} (exit 2), then classifies and records.
     *
     * @param observed what was read for the state: empty when the gate was closed and nothing was read
     */
    public static Decision<Checked> decide(
            AuditGate.State state,
            AuditTrust trust,
            ImplCheck.Request request,
            String planDigest,
            CriticalZones zones,
            Optional<Observed> observed) {
        Gate.requireOpen(state, trust, request.key(), planDigest);
        Observed seen = observed.orElseThrow(() -> new IllegalStateException("nothing read for an open gate"));
        ScopeReport report = ScopeClassifier.classify(seen.changed(), state.claims(), seen.others(), zones);
        return Decision.of(
                new Checked(report, seen.baseCommit()), event(request, seen.baseCommit(), planDigest, report));
    }

    static ScopeChecked event(
            ImplCheck.Request request, Optional<String> baseCommit, String digest, ScopeReport report) {
        ScopeChecked.Summary summary = new ScopeChecked.Summary(
                report.deviates() ? Verdict.DEVIATION : Verdict.PASS,
                request.scope() == ChangeScope.STAGED ? ScopeChecked.Mode.STAGED : ScopeChecked.Mode.WORKTREE,
                request.base().map(ref -> new ScopeChecked.Base(ref, baseCommit.orElseThrow())),
                digest,
                new ScopeChecked.Counts(
                        report.count(Status.DEVIATION),
                        report.count(Status.OVERLAP),
                        report.count(Status.OTHER),
                        report.count(Status.OK),
                        report.count(Status.PENDING),
                        report.excluded().size()));
        return ScopeChecked.listing(
                summary,
                report.entries().stream().map(ScopeDecider::entry).toList(),
                List.copyOf(report.deviationZones()),
                MAX_LISTED_BYTES);
    }

    private static ScopeChecked.PathEntry entry(Entry entry) {
        return new ScopeChecked.PathEntry(
                entry.path(), pathStatus(entry.status()), entry.change(), entry.tasks(), List.copyOf(entry.zones()));
    }

    private static ScopeChecked.PathStatus pathStatus(Status status) {
        return switch (status) {
            case DEVIATION -> ScopeChecked.PathStatus.DEVIATION;
            case OVERLAP -> ScopeChecked.PathStatus.OVERLAP;
            case OTHER -> ScopeChecked.PathStatus.OTHER;
            case OK -> ScopeChecked.PathStatus.OK;
            case PENDING -> ScopeChecked.PathStatus.PENDING;
        };
    }
}
