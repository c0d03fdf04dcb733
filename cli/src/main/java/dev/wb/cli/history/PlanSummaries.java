package dev.wb.cli.history;

import static dev.wb.cli.history.Summaries.commit;
import static dev.wb.cli.history.Summaries.cut;
import static dev.wb.cli.history.Summaries.digest;
import static dev.wb.cli.history.Summaries.list;

import dev.wb.engine.EventEnvelope;
import dev.wb.engine.text.TerminalText;
import dev.wb.projections.events.PlanConfirmed;
import dev.wb.projections.events.PlanRebaselined;
import dev.wb.projections.events.ScopeChecked;
import dev.wb.projections.events.audit.CitationsChecked;
import dev.wb.projections.events.audit.PlanAudited;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code wb replay}'s one-line summaries of a plan's events: audits, citation checks, baselines, confirmations
 * and scope checks; payload text is escaped.
 */
final class PlanSummaries {

    /** Deviating paths a scope check's line names before it counts the rest. */
    static final int DEVIATIONS_SHOWN = 3;

    private PlanSummaries() {}

    /** The summary of one of these events, or null for another type. */
    static String of(EventEnvelope event) {
        if (PlanAudited.TYPE.matches(event)) {
            return audited(PlanAudited.TYPE.read(event));
        }
        if (CitationsChecked.TYPE.matches(event)) {
            return cited(CitationsChecked.TYPE.read(event));
        }
        if (PlanRebaselined.TYPE.matches(event)) {
            PlanRebaselined rebaselined = PlanRebaselined.TYPE.read(event);
            return "baseline " + commit(rebaselined.from()) + " → " + commit(rebaselined.to());
        }
        if (PlanConfirmed.TYPE.matches(event)) {
            PlanConfirmed confirmed = PlanConfirmed.TYPE.read(event);
            return cut(confirmed.outcome().wireName() + ": the audit of replica "
                    + TerminalText.escape(confirmed.replica()) + " (its event " + confirmed.version() + ") at "
                    + commit(confirmed.commit()));
        }
        if (ScopeChecked.TYPE.matches(event)) {
            return checked(ScopeChecked.TYPE.read(event));
        }
        return null;
    }

    private static String audited(PlanAudited audit) {
        Map<String, Integer> verdicts = new TreeMap<>();
        audit.findings().citations().forEach(c -> verdicts.merge(c.verdict().wireName(), 1, Integer::sum));
        StringBuilder out = new StringBuilder(audit.verdict().wireName())
                .append(" · ")
                .append(audit.rigour().tier().wireName())
                .append(" · ")
                .append(audit.anchor().mode().wireName())
                .append(" · citations ");
        out.append(verdicts.isEmpty() ? "none" : verdicts.toString().replaceAll("[{}]", ""));
        int structure = audit.findings().structure().size();
        if (structure > 0) {
            out.append(" · ").append(structure).append(" structure problem").append(structure == 1 ? "" : "s");
        }
        return out.append(" · plan ").append(digest(audit.plan().digest())).toString();
    }

    private static String cited(CitationsChecked check) {
        Map<String, Integer> verdicts = new TreeMap<>();
        check.citations().forEach(c -> verdicts.merge(c.verdict().wireName(), 1, Integer::sum));
        StringBuilder out = new StringBuilder(check.passed() ? "pass" : "fail")
                .append(" · ")
                .append(TerminalText.escape(check.file()))
                .append(" · citations ")
                .append(verdicts.isEmpty() ? "none" : verdicts.toString().replaceAll("[{}]", ""));
        int structure = check.structure().size();
        if (structure > 0) {
            out.append(" · ").append(structure).append(" structure problem").append(structure == 1 ? "" : "s");
        }
        return out.toString();
    }

    private static String checked(ScopeChecked check) {
        StringBuilder out = new StringBuilder(
                        TerminalText.escape(check.verdict().wireName()))
                .append(" · ")
                .append(TerminalText.escape(check.mode().wireName()));
        check.base().ifPresent(base -> out.append(" + since ").append(TerminalText.escape(base.ref())));
        check.counts().byName().forEach((status, n) -> {
            if (n > 0) {
                out.append(" · ").append(n).append(' ').append(status);
            }
        });
        return out.append(deviating(check)).toString();
    }

    /** The first few deviating paths (with their critical zones), then how many more deviate. */
    private static String deviating(ScopeChecked check) {
        List<ScopeChecked.PathEntry> paths =
                check.paths().stream().filter(ScopeChecked.PathEntry::deviates).toList();
        long total = Math.max(check.counts().deviation(), paths.size());
        if (total == 0) {
            return "";
        }
        StringBuilder out = new StringBuilder(" · deviating:");
        for (ScopeChecked.PathEntry path : paths.subList(0, Math.min(DEVIATIONS_SHOWN, paths.size()))) {
            out.append(' ').append(TerminalText.escape(shortened(path.path())));
            if (!path.zones().isEmpty()) {
                out.append(" [").append(list(path.zones())).append(']');
            }
        }
        long more = total - Math.min(DEVIATIONS_SHOWN, paths.size());
        return more > 0 ? out.append(" +").append(more).append(" more").toString() : out.toString();
    }

    /** A long path as its start and its end. */
    private static String shortened(String path) {
        return path.length() <= 48 ? path : path.substring(0, 20) + "…" + path.substring(path.length() - 27);
    }
}
