package dev.wb.projections.events;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import java.util.List;
import java.util.Optional;

/**
 * A passing {@code --rebaseline} audit moved the plan's anchor to the commit it ran against. Appended in
 * the same batch as its {@code plan.audited}.
 *
 * @param from the previous baseline (null in the payload when there was none)
 * @param to the new baseline: HEAD when the audit ran (null in a repository without commits)
 * @param planDigest the plan that was audited
 */
public record PlanRebaselined(Optional<String> from, Optional<String> to, String planDigest) implements WbEvent {

    static final String FROM = "from";
    static final String TO = "to";
    static final String PLAN_DIGEST = "planDigest";

    public static final EventType<PlanRebaselined> TYPE =
            EventType.of("plan.rebaselined", List.of(FROM, TO, PLAN_DIGEST), PlanRebaselined::read);

    @Override
    public EventType<PlanRebaselined> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode p = CanonicalJson.objectNode();
        PayloadValues.putOrNull(p, FROM, from);
        PayloadValues.putOrNull(p, TO, to);
        p.put(PLAN_DIGEST, planDigest);
        return p;
    }

    private static PlanRebaselined read(ObjectNode p) {
        return new PlanRebaselined(
                PayloadValues.optional(p.get(FROM)),
                PayloadValues.optional(p.get(TO)),
                p.path(PLAN_DIGEST).asText());
    }
}
