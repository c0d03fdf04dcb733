package dev.wb.commands.sync;

import dev.wb.commands.ContentStore;
import dev.wb.commands.sync.wire.SyncRef;
import dev.wb.engine.Digests;
import dev.wb.engine.EnvelopeCodec;
import dev.wb.engine.EventEnvelope;
import dev.wb.projections.events.verify.VerifyCommandRan;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;

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

    /**
     * The content the chunk's events name ({@code outputDigest}) that this clone's content store holds
     * intact, by sha256 hex name; an object over {@link Outputs#MAX_OBJECT}, one past what is left of
     * this push's {@link Outputs#MAX_PUSHED} ({@code budget}), or one missing here is left out, with a
     * warning.
     */
    static Map<String, byte[]> carried(
            ContentStore store,
            List<EnvelopeCodec.StoredEvent> chunk,
            SyncRef ref,
            Budget budget,
            List<String> warnings) {
        Map<String, byte[]> carried = new TreeMap<>();
        for (String digest : Outputs.named(chunk)) {
            OptionalLong size = store.size(digest);
            if (size.isPresent() && size.getAsLong() > Outputs.MAX_OBJECT) {
                warnings.add(
                        "the output " + digest + " named by " + ref.stream().describe() + " is " + size.getAsLong()
                                + " bytes, over the " + Outputs.MAX_OBJECT + " one object may take: it was not pushed");
                continue;
            }
            if (size.isPresent() && !budget.fits(size.getAsLong())) {
                warnings.add(
                        "the output " + digest + " named by " + ref.stream().describe() + " would take this"
                                + " push's output past " + Outputs.MAX_PUSHED + " bytes (half of what one fetch reads):"
                                + " it was not pushed");
                continue;
            }
            Optional<byte[]> content = store.get(digest);
            if (content.isEmpty()) {
                warnings.add(
                        "the output " + digest + " named by " + ref.stream().describe()
                                + " is not in this clone's content store (or is damaged): it was not pushed");
                continue;
            }
            carried.put(Digests.hex(digest), content.get());
            budget.spend(content.get().length);
        }
        return carried;
    }

    /** What is left of the output one push may carry: each object carried is taken from it. */
    static final class Budget {
        private long left;

        Budget(long left) {
            this.left = left;
        }

        /** Whether an object of {@code size} bytes fits in what is left. */
        boolean fits(long size) {
            return size <= left;
        }

        void spend(long size) {
            left -= size;
        }
    }
}
