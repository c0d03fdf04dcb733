package dev.wb.projections.audit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.NamedProjection;
import dev.wb.projections.events.PlanRebaselined;
import dev.wb.projections.events.PlannedFile;
import dev.wb.projections.events.TaskDone;
import dev.wb.projections.events.WireName;
import dev.wb.projections.events.audit.AuditMode;
import dev.wb.projections.events.audit.AuditTier;
import dev.wb.projections.events.audit.PlanAudited;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A task's plan audits, folded: the latest audit, and the anchor later audits use. It is the gate
 * that {@code wb impl check} (and later {@code impl verify} and {@code git}) consult: open only when
 * the latest audit passed <em>and</em> the plan on disk is still the one that was audited (same
 * digest). Nothing but {@code plan.audited} events moves it, so a hand-written audit.json opens
 * nothing.
 */
public final class AuditGate extends NamedProjection<AuditGate.State> {

    public static final AuditGate INSTANCE = new AuditGate();

    /** One recorded audit, as much of it as the gate and the scope check need. */
    public record Audit(
            long version,
            boolean passed,
            String planDigest,
            AuditTier tier,
            AuditMode mode,
            List<PlannedFile> files,
            List<String> zones) {
        public Audit {
            files = List.copyOf(files);
            zones = List.copyOf(zones);
        }
    }

    /**
     * The gate as the log leaves it.
     *
     * @param baseline the commit under-way audits are anchored to: recorded by the first passing
     *     strict audit (first or rebaseline); empty before that, or when the repository had no commit
     * @param underWay whether a strict audit has passed, so later audits tolerate drift
     */
    public record State(
            int audits,
            Optional<Audit> latest,
            Optional<String> baseline,
            boolean underWay,
            int rebaselines,
            boolean done) {

        public static final State EMPTY = new State(0, Optional.empty(), Optional.empty(), false, 0, false);

        /** A task not marked done. */
        public State(int audits, Optional<Audit> latest, Optional<String> baseline, boolean underWay, int rebaselines) {
            this(audits, latest, baseline, underWay, rebaselines, false);
        }

        /** Open for a plan with this digest: the latest audit passed, and audited exactly this plan. */
        public boolean openFor(String planDigest) {
            return latest.map(a -> a.passed() && a.planDigest().equals(planDigest))
                    .orElse(false);
        }

        /** The files this task's plan may account for: those of its latest audit, if it passed, unless the task is done. */
        public List<PlannedFile> claims() {
            // A done task claims nothing (wb task done): its files are no other task's business.
            if (done) {
                return List.of();
            }
            return latest.filter(Audit::passed).map(Audit::files).orElse(List.of());
        }
    }

    private AuditGate() {
        super("audit", 2, State.EMPTY);
    }

    @Override
    public State evolve(State state, EventEnvelope event) {
        if (PlanAudited.TYPE.matches(event)) {
            PlanAudited recorded = PlanAudited.TYPE.read(event);
            Audit audit = new Audit(
                    event.version(),
                    recorded.passed(),
                    recorded.plan().digest(),
                    recorded.rigour().tier(),
                    recorded.anchor().mode(),
                    recorded.plan().files(),
                    recorded.plan().zones());
            if (recorded.passed() && recorded.strict()) {
                // A passing strict audit anchors the plan to the commit it ran against.
                return new State(
                        state.audits() + 1,
                        Optional.of(audit),
                        recorded.anchor().head(),
                        true,
                        state.rebaselines(),
                        state.done());
            }
            return new State(
                    state.audits() + 1,
                    Optional.of(audit),
                    state.baseline(),
                    state.underWay(),
                    state.rebaselines(),
                    state.done());
        }
        if (PlanRebaselined.TYPE.matches(event)) {
            return new State(
                    state.audits(),
                    state.latest(),
                    PlanRebaselined.TYPE.read(event).to(),
                    true,
                    state.rebaselines() + 1,
                    state.done());
        }
        if (TaskDone.TYPE.matches(event)) {
            return new State(
                    state.audits(), state.latest(), state.baseline(), state.underWay(), state.rebaselines(), true);
        }
        return state;
    }

    @Override
    public JsonNode toJson(State state) {
        ObjectNode node = CanonicalJson.objectNode();
        node.put("audits", state.audits());
        state.baseline().ifPresent(b -> node.put("baseline", b));
        node.put("underWay", state.underWay());
        node.put("rebaselines", state.rebaselines());
        node.put("done", state.done());
        state.latest().ifPresent(a -> {
            ObjectNode latest = node.putObject("latest");
            latest.put("version", a.version());
            latest.put("verdict", a.passed() ? "pass" : "fail");
            latest.put("planDigest", a.planDigest());
            latest.put("tier", a.tier().wireName());
            latest.put("mode", a.mode().wireName());
            ArrayNode files = latest.putArray("files");
            a.files().forEach(f -> files.add(f.toJson()));
            a.zones().forEach(latest.putArray("zones")::add);
        });
        return node;
    }

    @Override
    public State fromJson(JsonNode json) {
        try {
            Optional<Audit> latest = Optional.empty();
            JsonNode a = json.get("latest");
            if (a != null) {
                latest = Optional.of(new Audit(
                        a.required("version").longValue(),
                        "pass".equals(a.required("verdict").asText()),
                        a.required("planDigest").asText(),
                        WireName.of(AuditTier.class, a.required("tier").asText(), AuditTier.STANDARD),
                        WireName.of(AuditMode.class, a.required("mode").asText(), AuditMode.UNDER_WAY),
                        files(a.required("files")),
                        strings(a.required("zones"))));
            }
            return new State(
                    json.required("audits").intValue(),
                    latest,
                    text(json.get("baseline")),
                    json.required("underWay").booleanValue(),
                    json.required("rebaselines").intValue(),
                    json.required("done").booleanValue());
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("not an audit state: " + e.getMessage(), e);
        }
    }

    private static List<PlannedFile> files(JsonNode array) {
        List<PlannedFile> files = new ArrayList<>();
        array.forEach(f -> files.add(PlannedFile.fromJson(f)));
        return files;
    }

    private static List<String> strings(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(v -> values.add(v.asText()));
        return values;
    }

    private static Optional<String> text(JsonNode value) {
        return value == null || value.isNull() ? Optional.empty() : Optional.of(value.asText());
    }
}
