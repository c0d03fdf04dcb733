package dev.wb.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Events another log sealed, brought into this one as they were stored (a copy of another replica's
 * chain, docs/adr/0010): their bytes, versions and hashes are kept, so they are checked here, not
 * sealed. A batch must continue the stream exactly where it ends: the next version, a link to the
 * stream's last hash, every hash true to its bytes.
 */
public final class StoredBatches {

    private StoredBatches() {}

    /** A stored batch that does not continue its stream, named by the first event that does not. */
    public static final class BrokenChainException extends IllegalArgumentException {
        public BrokenChainException(String message) {
            super(message);
        }
    }

    /**
     * Checks {@code events} against the stream's real {@code head} and the head the caller
     * {@code expected}, and returns them as a sealed batch with its frame.
     *
     * @throws VersionConflictException when the stream does not end where the caller expected
     * @throws BrokenChainException when an event does not continue the stream
     */
    public static BatchSealer.SealedBatch seal(
            StreamId stream,
            Optional<StreamHead> head,
            Optional<StreamHead> expected,
            List<EnvelopeCodec.StoredEvent> events) {
        if (events.isEmpty()) {
            throw new IllegalArgumentException("an append needs at least one event");
        }
        long last = head.map(StreamHead::version).orElse(-1L);
        if (!head.equals(expected)) {
            throw new VersionConflictException(
                    stream,
                    ExpectedVersion.after(expected.map(StreamHead::version).orElse(-1L)),
                    last);
        }
        String prevHash = head.map(StreamHead::hash).orElse(EventEnvelope.GENESIS);
        List<EventEnvelope> envelopes = new ArrayList<>(events.size());
        long version = last;
        for (EnvelopeCodec.StoredEvent stored : events) {
            version++;
            if (!stored.intact()) {
                throw new BrokenChainException("event " + version + " of " + stream.describe() + ": its bytes hash to "
                        + stored.actualHash() + ", not " + stored.storedHash());
            }
            EventEnvelope envelope;
            try {
                envelope = stored.toEnvelope();
            } catch (EnvelopeCodec.FrameDamagedException | IllegalArgumentException e) {
                throw new BrokenChainException(
                        "event " + version + " of " + stream.describe() + " is not an envelope: " + e.getMessage());
            }
            if (!envelope.stream().equals(stream)) {
                throw new BrokenChainException(
                        "event " + version + " belongs to stream " + envelope.stream() + ", not " + stream);
            }
            if (envelope.version() != version) {
                throw new BrokenChainException("event of " + stream.describe() + " has version " + envelope.version()
                        + " where " + version + " belongs");
            }
            if (!envelope.prevHash().equals(prevHash)) {
                throw new BrokenChainException("event " + version + " of " + stream.describe()
                        + " does not link to the event before it (prevHash " + envelope.prevHash() + ", expected "
                        + prevHash + ")");
            }
            envelopes.add(envelope);
            prevHash = envelope.hash();
        }
        return new BatchSealer.SealedBatch(List.copyOf(envelopes), EnvelopeCodec.encodeStoredFrame(events));
    }
}
