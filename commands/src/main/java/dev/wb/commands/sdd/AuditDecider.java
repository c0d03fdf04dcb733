package dev.wb.commands.sdd;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.sdd.AuditReport.CitationFinding;
import dev.wb.commands.sdd.AuditReport.FileFinding;
import dev.wb.commands.sdd.AuditReport.Mode;
import dev.wb.engine.NewEvent;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.audit.AuditGate;
import dev.wb.projections.events.WbEvents;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The audit's rules that depend on history, as pure functions: which mode an audit runs in, and
 * which events record it. Every audit is recorded, passing or not, with every finding.
 */
public final class AuditDecider {

    private AuditDecider() {}

    /** Strict until a strict audit has passed; strict again whenever the user asks to rebaseline. */
    public static Mode mode(AuditGate.State state, boolean rebaseline) {
        if (rebaseline) {
            return Mode.REBASELINE;
        }
        return state.underWay() ? Mode.UNDER_WAY : Mode.FIRST;
    }

    /**
     * @param head the commit the audit ran against (empty in a repository without commits)
     */
    public static List<NewEvent> decide(
            AuditGate.State state, AuditReport report, String planDigest, Optional<String> head) {
        boolean passed = report.passed();
        // Only a passing strict audit anchors the plan; otherwise the anchor stays where it was.
        Optional<String> baseline = passed && report.mode().strict() ? head : state.baseline();
        ObjectNode p = CanonicalJson.objectNode();
        p.put("verdict", passed ? "pass" : "fail");
        p.put("tier", report.tier().wireName());
        p.put("tierReason", report.tierReason());
        p.put("mode", report.mode().wireName());
        p.put("underWay", report.mode() == Mode.UNDER_WAY);
        p.put("rebaseline", report.mode() == Mode.REBASELINE);
        putOptional(p, "baseline", baseline);
        putOptional(p, "head", head);
        p.put("planDigest", planDigest);
        ArrayNode files = p.putArray("files");
        report.plannedFiles().forEach(f -> files.add(f.toJson()));
        report.zones().forEach(p.putArray("zones")::add);
        ArrayNode citations = p.putArray("citations");
        for (CitationFinding c : report.citations()) {
            ObjectNode node = citations.addObject();
            node.put("index", c.index());
            node.put("file", c.file());
            node.put("line", c.line());
            node.put("verdict", c.verdict().wireName());
            node.put("passes", c.passes());
            c.at().ifPresent(at -> node.put("at", at));
        }
        ArrayNode checks = p.putArray("fileChecks");
        for (FileFinding f : report.files()) {
            ObjectNode node = checks.addObject();
            node.put("index", f.index());
            node.put("path", f.path());
            node.put("change", f.change());
            node.put("verdict", f.verdict());
            node.put("passes", f.passes());
        }
        report.structure().forEach(p.putArray("structure")::add);
        report.notices().forEach(p.putArray("notices")::add);
        compactIfLarge(p);
        List<NewEvent> events = new ArrayList<>();
        events.add(new NewEvent(WbEvents.PLAN_AUDITED, WbEvents.PLAN_AUDITED_VERSION, p));
        if (passed && report.mode() == Mode.REBASELINE) {
            ObjectNode r = CanonicalJson.objectNode();
            putOptional(r, "from", state.baseline());
            putOptional(r, "to", head);
            r.put("planDigest", planDigest);
            events.add(new NewEvent(WbEvents.PLAN_REBASELINED, WbEvents.PLAN_REBASELINED_VERSION, r));
        }
        return events;
    }

    /** Above this, findings drop the paths the stored plan already holds (an event is at most 120 KiB). */
    static final int COMPACT_ABOVE_BYTES = 100 * 1024;

    /**
     * Keeps a large audit recordable: citations keep their index, line, verdict and where they
     * moved, file checks their index and verdict; the paths are in the stored plan (planDigest).
     * The plan's own limits (PlanReader) keep the compact form well under the frame limit.
     */
    static void compactIfLarge(ObjectNode p) {
        if (CanonicalJson.bytes(p).length <= COMPACT_ABOVE_BYTES) {
            return;
        }
        p.get("citations").forEach(c -> ((ObjectNode) c).remove("file"));
        p.get("fileChecks").forEach(f -> ((ObjectNode) f).remove(List.of("path", "change")));
        p.put("compact", true);
    }

    private static void putOptional(ObjectNode node, String field, Optional<String> value) {
        if (value.isPresent()) {
            node.put(field, value.get());
        } else {
            node.putNull(field);
        }
    }
}
