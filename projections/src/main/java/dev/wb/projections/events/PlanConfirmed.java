package dev.wb.projections.events;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A passing {@code plan.audited} that another replica's chain holds was audited again on this clone
 * before a gate counted it: the claim it names (its replica, its version in that chain and its
 * stored hash), the plan and the commit it was re-derived against, and what came of it. Only this
 * clone's own chain's {@code plan.confirmed} counts, and a gate that finds one for a claim does not
 * re-derive it.
 *
 * @param replica the replica whose chain holds the claim
 * @param version the claim's version in its own chain
 * @param hash the claim's stored hash
 * @param planDigest the plan the claim audited (this clone's {@code sdd.json})
 * @param commit the commit the audit was re-derived against (null when the claim names none)
 * @param outcome what re-deriving it found
 * @param reasons why it was refuted or is unverifiable (at most {@link #MAX_REASONS}, each short)
 */
public record PlanConfirmed(
        String replica,
        long version,
        String hash,
        String planDigest,
        Optional<String> commit,
        Outcome outcome,
        List<String> reasons)
        implements WbEvent {

    /** At most this many reasons are recorded. */
    public static final int MAX_REASONS = 20;

    /** A reason is cut to this many characters. */
    public static final int MAX_REASON_CHARS = 200;

    /** What re-deriving a claim found: a closed set. */
    public enum Outcome {
        /** The audit passes here at the claim's commit and plans the same files: the claim counts. */
        CONFIRMED("confirmed"),
        /** The audit fails here, or plans other files: a forged or stale claim, which opens nothing. */
        REFUTED("refuted"),
        /** It could not be audited again here (its commit is not in this repository, it names none, …). */
        UNVERIFIABLE("unverifiable");

        private final String wireName;

        Outcome(String wireName) {
            this.wireName = wireName;
        }

        public String wireName() {
            return wireName;
        }

        /** The outcome a wire name names; an unknown one reads as unverifiable, which opens nothing. */
        public static Outcome of(String wireName) {
            for (Outcome o : values()) {
                if (o.wireName.equals(wireName)) {
                    return o;
                }
            }
            return UNVERIFIABLE;
        }
    }

    static final String REPLICA = "replica";
    static final String VERSION = "version";
    static final String HASH = "hash";
    static final String PLAN_DIGEST = "planDigest";
    static final String COMMIT = "commit";
    static final String OUTCOME = "outcome";
    static final String REASONS = "reasons";

    public static final EventType<PlanConfirmed> TYPE = EventType.of(
            "plan.confirmed",
            List.of(REPLICA, VERSION, HASH, PLAN_DIGEST, COMMIT, OUTCOME, REASONS),
            PlanConfirmed::read);

    public PlanConfirmed {
        List<String> bounded = new ArrayList<>();
        for (String reason : reasons) {
            if (bounded.size() == MAX_REASONS) {
                break;
            }
            bounded.add(reason.length() <= MAX_REASON_CHARS ? reason : reason.substring(0, MAX_REASON_CHARS - 1) + "…");
        }
        reasons = List.copyOf(bounded);
    }

    /** Whether this names exactly that claim: the same replica, version and hash. */
    public boolean names(String replica, long version, String hash) {
        return this.replica.equals(replica) && this.version == version && this.hash.equals(hash);
    }

    @Override
    public EventType<PlanConfirmed> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode p = CanonicalJson.objectNode();
        p.put(REPLICA, replica);
        p.put(VERSION, version);
        p.put(HASH, hash);
        p.put(PLAN_DIGEST, planDigest);
        PayloadValues.putOrNull(p, COMMIT, commit);
        p.put(OUTCOME, outcome.wireName());
        reasons.forEach(p.putArray(REASONS)::add);
        return p;
    }

    private static PlanConfirmed read(ObjectNode p) {
        return new PlanConfirmed(
                p.path(REPLICA).asText(),
                p.path(VERSION).asLong(-1),
                p.path(HASH).asText(),
                p.path(PLAN_DIGEST).asText(),
                PayloadValues.optional(p.get(COMMIT)),
                Outcome.of(p.path(OUTCOME).asText()),
                PayloadValues.texts(p.path(REASONS)));
    }
}
