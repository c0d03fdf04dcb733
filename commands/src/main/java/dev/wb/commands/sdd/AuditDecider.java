package dev.wb.commands.sdd;

import dev.wb.commands.Decision;
import dev.wb.commands.sdd.AuditReport.CitationFinding;
import dev.wb.commands.sdd.AuditReport.FileFinding;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.audit.AuditGate;
import dev.wb.projections.events.PlanRebaselined;
import dev.wb.projections.events.Verdict;
import dev.wb.projections.events.WbEvent;
import dev.wb.projections.events.audit.AuditMode;
import dev.wb.projections.events.audit.PlanAudited;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The audit's rules that depend on history, as pure functions: which mode an audit runs in, and
 * which events record it. Every audit is recorded, passing or not, with every finding.
 */
public final class AuditDecider {

    /** Above this, findings drop the paths the stored plan already holds (an event is at most 120 KiB). */
    static final int COMPACT_ABOVE_BYTES = 100 * 1024;

    private AuditDecider() {}

    /** Strict until a strict audit has passed; strict again whenever the user asks to rebaseline. */
    public static AuditMode mode(AuditGate.State state, boolean rebaseline) {
        if (rebaseline) {
            return AuditMode.REBASELINE;
        }
        return state.underWay() ? AuditMode.UNDER_WAY : AuditMode.FIRST;
    }

    /**
     * Records the audit (and, for a passing rebaseline, the anchor it moves); the result is the report.
     *
     * @param head the commit the audit ran against (empty in a repository without commits)
     */
    public static Decision<AuditReport> decide(
            AuditGate.State state, AuditReport report, String planDigest, Optional<String> head) {
        boolean passed = report.passed();
        // Only a passing strict audit anchors the plan; otherwise the anchor stays where it was.
        Optional<String> baseline = passed && report.mode().strict() ? head : state.baseline();
        List<WbEvent> events = new ArrayList<>();
        events.add(compactIfLarge(new PlanAudited(
                passed ? Verdict.PASS : Verdict.FAIL,
                new PlanAudited.Rigour(report.tier(), Optional.of(report.tierReason())),
                PlanAudited.Anchor.of(report.mode(), baseline, head),
                new PlanAudited.AuditedPlan(planDigest, report.plannedFiles(), List.copyOf(report.zones())),
                new PlanAudited.Findings(
                        report.citations().stream().map(AuditDecider::citation).toList(),
                        report.files().stream().map(AuditDecider::fileCheck).toList(),
                        report.structure(),
                        report.notices()),
                false)));
        if (passed && report.mode() == AuditMode.REBASELINE) {
            events.add(new PlanRebaselined(state.baseline(), head, planDigest));
        }
        return Decision.of(report, events);
    }

    private static PlanAudited.Citation citation(CitationFinding c) {
        return new PlanAudited.Citation(c.index(), Optional.of(c.file()), c.line(), c.verdict(), c.passes(), c.at());
    }

    private static PlanAudited.FileCheck fileCheck(FileFinding f) {
        return new PlanAudited.FileCheck(
                f.index(), Optional.of(f.path()), Optional.of(f.change()), f.verdict(), f.passes());
    }

    /**
     * Keeps a large audit recordable: citations keep their index, line, verdict and where they
     * moved, file checks their index and verdict; the paths are in the stored plan (planDigest).
     * The plan's own limits (PlanReader) keep the compact form well under the frame limit.
     */
    static PlanAudited compactIfLarge(PlanAudited audit) {
        return CanonicalJson.bytes(audit.payload()).length <= COMPACT_ABOVE_BYTES ? audit : audit.compacted();
    }
}
