package dev.wb.engine;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The part of an append every log shares: check the write condition against the stream's head,
 * then number, time-stamp and chain the batch. Pure apart from the clock and the random ids.
 */
public final class BatchSealer {

    private BatchSealer() {}

    public static List<EventEnvelope> seal(
            StreamId stream,
            Optional<StreamHead> head,
            ExpectedVersion expected,
            List<NewEvent> batch,
            Invocation invocation) {
        return sealFrame(stream, head, expected, batch, invocation).events();
    }

    /** A sealed batch and its frame, encoded from the very header bytes that were hashed. */
    // The frame is bytes to write, handed over once; a batch is never compared.
    @SuppressWarnings("ArrayRecordComponent")
    public record SealedBatch(List<EventEnvelope> events, byte[] frame) {
        public StreamHead head() {
            EventEnvelope last = events.get(events.size() - 1);
            return new StreamHead(last.version(), last.hash());
        }
    }

    public static SealedBatch sealFrame(
            StreamId stream,
            Optional<StreamHead> head,
            ExpectedVersion expected,
            List<NewEvent> batch,
            Invocation invocation) {
        if (batch.isEmpty()) {
            throw new IllegalArgumentException("an append needs at least one event");
        }
        long last = head.map(StreamHead::version).orElse(-1L);
        if (!expected.isMetBy(last)) {
            throw new VersionConflictException(stream, expected, last);
        }
        String prevHash = head.map(StreamHead::hash).orElse(EventEnvelope.GENESIS);
        // Milliseconds: enough to order a person's actions, and short enough to read.
        Instant time = invocation.clock().instant().truncatedTo(ChronoUnit.MILLIS);
        List<EnvelopeCodec.Sealed> sealed = new ArrayList<>(batch.size());
        List<EventEnvelope> events = new ArrayList<>(batch.size());
        long version = last;
        for (NewEvent event : batch) {
            version++;
            EnvelopeCodec.Placement placement =
                    new EnvelopeCodec.Placement(stream, version, prevHash, EventIds.next(time.toEpochMilli()), time);
            EnvelopeCodec.Sealed s = EnvelopeCodec.sealWithHeader(event, placement, invocation);
            sealed.add(s);
            events.add(s.envelope());
            prevHash = s.envelope().hash();
        }
        return new SealedBatch(List.copyOf(events), EnvelopeCodec.encodeSealedFrame(sealed));
    }
}
