package dev.wb.projections.events.draft;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.EventType;
import dev.wb.projections.events.WbEvent;
import dev.wb.projections.events.WireName;
import java.util.List;

/**
 * {@code wb pr check} checked a drafted pull request description (the task's stream with a key, else the
 * workspace's): filler, empty sections, placeholders, and for work that owes a handover, the handover.
 * Recorded whether it passed or not; the draft itself is never recorded, only its digest.
 *
 * @param passed no rule was broken and the handover, when one is owed, is ready
 * @param sha256 the SHA-256 of the draft's bytes, lower-case hex
 * @param saved it was written to {@code .workflow/KEY/pr.md} (a pass with a key)
 * @param reasons every rule it broke, in the order checked (bounded: 20, each 200 characters)
 * @param handover the handover requirement's outcome: {@code not-owed}, {@code ready}, {@code missing},
 *     {@code stale} or {@code no-task}; an unknown wire name reads as {@link HandoverState#MISSING}
 */
public record PrChecked(boolean passed, String sha256, boolean saved, List<String> reasons, HandoverState handover)
        implements WbEvent {

    static final String PASSED = "passed";
    static final String SHA256 = "sha256";
    static final String SAVED = "saved";
    static final String REASONS = "reasons";
    static final String HANDOVER = "handover";

    public static final EventType<PrChecked> TYPE =
            EventType.of("pr.checked", List.of(PASSED, SHA256, SAVED, REASONS, HANDOVER), PrChecked::read);

    public PrChecked {
        reasons = CheckReasons.bounded(reasons);
    }

    @Override
    public EventType<PrChecked> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode payload = CanonicalJson.objectNode();
        payload.put(PASSED, passed);
        payload.put(SHA256, sha256);
        payload.put(SAVED, saved);
        reasons.forEach(payload.putArray(REASONS)::add);
        payload.put(HANDOVER, handover.wireName());
        return payload;
    }

    private static PrChecked read(ObjectNode payload) {
        return new PrChecked(
                payload.path(PASSED).asBoolean(),
                payload.path(SHA256).asText(),
                payload.path(SAVED).asBoolean(),
                CheckReasons.texts(payload.path(REASONS)),
                WireName.of(HandoverState.class, payload.path(HANDOVER).asText(), HandoverState.MISSING));
    }
}
