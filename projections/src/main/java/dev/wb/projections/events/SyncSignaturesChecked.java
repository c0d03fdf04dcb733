package dev.wb.projections.events;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import java.util.ArrayList;
import java.util.List;

/**
 * What {@code wb sync fetch} found of the signatures on the commits it imported from other replicas
 * (docs/SYNC.md, "Trust"): for each replica, how many commits it read, which keys signed them, how
 * many were unsigned and why any other did not verify. Which of those keys may sign is decided where a
 * claim is used, against {@code .workflow/allowed_signers} at a commit; only this clone's own chain of
 * these events is ever read for it.
 *
 * @param remote the remote fetched from
 * @param replicas one entry per replica whose commits were imported
 */
public record SyncSignaturesChecked(String remote, List<Replica> replicas) implements WbEvent {

    static final String REMOTE = "remote";
    static final String REPLICAS = "replicas";
    static final String REPLICA = "replica";
    static final String COMMITS = "commits";
    static final String KEYS = "keys";
    static final String KEY = "key";
    static final String TYPE_FIELD = "type";
    static final String UNSIGNED = "unsigned";
    static final String BAD = "bad";

    /** The most distinct reasons kept of one replica's commits that did not verify. */
    public static final int MAX_BAD = 5;

    public static final EventType<SyncSignaturesChecked> TYPE =
            EventType.of("sync.signatures.checked", List.of(REMOTE, REPLICAS), SyncSignaturesChecked::read);

    /** One key and how many of the commits it signed. */
    public record Signer(String key, String type, long commits) {}

    /**
     * One replica's imported commits: {@code commits} in all, those signed by each key, {@code unsigned}
     * with no signature, and the reasons (at most {@link #MAX_BAD}) any other did not verify.
     */
    public record Replica(String replica, long commits, List<Signer> keys, long unsigned, List<String> bad) {
        public Replica {
            keys = List.copyOf(keys);
            bad = List.copyOf(bad);
        }

        /** Whether every commit carried a signature that verifies. */
        public boolean allSigned() {
            return unsigned == 0 && bad.isEmpty();
        }
    }

    public SyncSignaturesChecked {
        replicas = List.copyOf(replicas);
    }

    @Override
    public EventType<SyncSignaturesChecked> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode p = CanonicalJson.objectNode();
        p.put(REMOTE, remote);
        ArrayNode list = p.putArray(REPLICAS);
        for (Replica r : replicas) {
            ObjectNode entry = list.addObject();
            entry.put(REPLICA, r.replica());
            entry.put(COMMITS, r.commits());
            ArrayNode keys = entry.putArray(KEYS);
            r.keys()
                    .forEach(k -> keys.addObject()
                            .put(KEY, k.key())
                            .put(TYPE_FIELD, k.type())
                            .put(COMMITS, k.commits()));
            entry.put(UNSIGNED, r.unsigned());
            r.bad().forEach(entry.putArray(BAD)::add);
        }
        return p;
    }

    private static SyncSignaturesChecked read(ObjectNode p) {
        List<Replica> replicas = new ArrayList<>();
        p.path(REPLICAS).forEach(r -> {
            List<Signer> keys = new ArrayList<>();
            r.path(KEYS)
                    .forEach(k -> keys.add(new Signer(
                            k.path(KEY).asText(""),
                            k.path(TYPE_FIELD).asText(""),
                            k.path(COMMITS).asLong(0))));
            List<String> bad = new ArrayList<>();
            r.path(BAD).forEach(b -> bad.add(b.asText("")));
            replicas.add(new Replica(
                    r.path(REPLICA).asText(""),
                    r.path(COMMITS).asLong(0),
                    keys,
                    r.path(UNSIGNED).asLong(0),
                    bad));
        });
        return new SyncSignaturesChecked(p.path(REMOTE).asText(""), replicas);
    }
}
