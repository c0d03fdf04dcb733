package dev.wb.commands;

import com.google.common.collect.ImmutableSortedMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * Which of the other replicas' chains this clone holds count (docs/SYNC.md, "Trust"): a replica counts
 * when every commit of its chains this clone imported is signed by a key the allowed signers list, or
 * when the repository's config turns signatures off. A replica that does not count is still held and
 * shown ({@code wb sync log}, {@code wb status}, {@code wb show}), and opens nothing: the merged view
 * every gate and stage reads leaves it out.
 *
 * @param verdicts each held replica's verdict, by id
 * @param signatures whether signatures are required ({@code false}: the config turned them off)
 * @param signersFrom the commit the allowed signers were read at, when they were
 */
public record ReplicaTrust(Map<String, Verdict> verdicts, boolean signatures, Optional<String> signersFrom) {

    /**
     * One replica's standing: whether its events count, the principals that signed its commits (from
     * the allowed signers), and in words why it does or does not count.
     */
    public record Verdict(String replica, boolean counts, List<String> principals, String why) {
        public Verdict {
            principals = List.copyOf(principals);
        }
    }

    public ReplicaTrust {
        verdicts = ImmutableSortedMap.copyOf(verdicts);
    }

    /** Whether the replica's events count; a replica with no verdict does not. */
    public boolean counts(String replica) {
        Verdict verdict = verdicts.get(replica);
        return verdict != null && verdict.counts();
    }

    /** The held replicas that do not count. */
    public List<Verdict> untrusted() {
        return verdicts.values().stream().filter(v -> !v.counts()).toList();
    }

    /**
     * How the trust of held replicas is judged: provided by the sync feature (a {@link ServiceLoader}
     * service of this module), so that the reader, below it, need not know config or git.
     */
    public interface Policy {
        /**
         * The verdict on each held replica.
         *
         * @param signersAt the commit to read the allowed signers at; empty: HEAD
         */
        ReplicaTrust judge(Session session, List<String> held, Optional<String> signersAt);
    }

    /** With no policy to judge (never in a built wb), nothing of another replica counts: fail closed. */
    static ReplicaTrust judge(Session session, List<String> held, Optional<String> signersAt) {
        Optional<Policy> policy = ServiceLoader.load(Policy.class, ReplicaTrust.class.getClassLoader())
                .findFirst();
        if (policy.isEmpty()) {
            ImmutableSortedMap.Builder<String, Verdict> none = ImmutableSortedMap.naturalOrder();
            held.forEach(id -> none.put(id, new Verdict(id, false, List.of(), "no trust policy is installed")));
            return new ReplicaTrust(none.build(), true, Optional.empty());
        }
        return policy.get().judge(session, held, signersAt);
    }
}
