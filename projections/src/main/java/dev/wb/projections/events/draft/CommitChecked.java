package dev.wb.projections.events.draft;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.EventType;
import dev.wb.projections.events.WbEvent;
import dev.wb.projections.events.WireName;
import java.util.List;

/**
 * {@code wb commit check} checked a drafted commit message against the repository's convention (the
 * task's stream with a key, else the workspace's). Recorded whether it passed or not; the message itself
 * is never recorded, only its digest, so a credential a draft held does not reach the log.
 *
 * @param passed no rule was broken
 * @param convention the style it was checked against (conventional, ticket-prefixed or free-form); an unknown
 *     wire name reads as {@link CommitStyle#FREE_FORM}
 * @param sha256 the SHA-256 of the message's bytes, lower-case hex
 * @param saved it was written to {@code .workflow/KEY/commit.txt} (a pass with a key)
 * @param reasons every rule it broke, in the order checked (bounded: 20, each 200 characters)
 */
public record CommitChecked(boolean passed, CommitStyle convention, String sha256, boolean saved, List<String> reasons)
        implements WbEvent {

    static final String PASSED = "passed";
    static final String CONVENTION = "convention";
    static final String SHA256 = "sha256";
    static final String SAVED = "saved";
    static final String REASONS = "reasons";

    public static final EventType<CommitChecked> TYPE =
            EventType.of("commit.checked", List.of(PASSED, CONVENTION, SHA256, SAVED, REASONS), CommitChecked::read);

    public CommitChecked {
        reasons = CheckReasons.bounded(reasons);
    }

    @Override
    public EventType<CommitChecked> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode payload = CanonicalJson.objectNode();
        payload.put(PASSED, passed);
        payload.put(CONVENTION, convention.wireName());
        payload.put(SHA256, sha256);
        payload.put(SAVED, saved);
        reasons.forEach(payload.putArray(REASONS)::add);
        return payload;
    }

    private static CommitChecked read(ObjectNode payload) {
        return new CommitChecked(
                payload.path(PASSED).asBoolean(),
                WireName.of(CommitStyle.class, payload.path(CONVENTION).asText(), CommitStyle.FREE_FORM),
                payload.path(SHA256).asText(),
                payload.path(SAVED).asBoolean(),
                CheckReasons.texts(payload.path(REASONS)));
    }
}
