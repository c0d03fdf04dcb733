package dev.wb.commands.sync;

import dev.wb.engine.Digests;
import dev.wb.engine.EnvelopeCodec;
import dev.wb.engine.EventEnvelope;
import dev.wb.projections.events.VerifyCommandRan;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The content events name by digest that {@code wb sync push --with-output} carries beside them
 * (docs/adr/0010, "What travels"): a verify command's stored output, {@code outputDigest} of
 * {@code verify.command.ran}.
 */
final class Outputs {

    /** A single object over this is not pushed: what a fetch takes in one blob. */
    static final long MAX_OBJECT = FetchedChains.MAX_BLOB;

    /**
     * The most one push carries of output in all: half of what one fetch reads ({@link
     * FetchedChains#MAX_READ}), leaving the other half to the events and to other replicas' pushes.
     */
    static final long MAX_PUSHED = FetchedChains.MAX_READ / 2;

    private Outputs() {}

    /** The digests the events name as content to carry, in order, each once. */
    static Set<String> named(List<EnvelopeCodec.StoredEvent> events) {
        Set<String> digests = new LinkedHashSet<>();
        for (EnvelopeCodec.StoredEvent stored : events) {
            EventEnvelope envelope;
            try {
                envelope = stored.toEnvelope();
            } catch (EnvelopeCodec.FrameDamagedException | IllegalArgumentException e) {
                continue; // the chain check names it
            }
            if (envelope.type().equals(VerifyCommandRan.TYPE.name())) {
                String digest = envelope.payload().json().path("outputDigest").asText("");
                if (Digests.isDigest(digest)) {
                    digests.add(digest);
                }
            }
        }
        return digests;
    }
}
