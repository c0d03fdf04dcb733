package dev.wb.engine;

import java.util.Optional;

/**
 * Recomputes a stream's hash chain from its stored bytes and names the first event that does not
 * hold: bytes that no longer match their hash, a version out of sequence, or a link to the wrong
 * predecessor. A chain shows edits; it cannot show a history rewritten whole from some point on
 * (see docs/GUARANTEES.md).
 */
public final class HashChain {

    private HashChain() {}

    /** The outcome of a verification: how many events held, and the first break if any. */
    public record Report(StreamId stream, long eventsChecked, Optional<Break> firstBreak) {
        public boolean intact() {
            return firstBreak.isEmpty();
        }
    }

    /** The first event that does not hold, by the version it should have had. */
    public record Break(long version, Optional<String> eventId, String reason) {
        public String describe() {
            return "event " + version + eventId.map(id -> " (" + id + ")").orElse("") + ": " + reason;
        }
    }

    public static Report verify(EventReader reader, StreamId stream) {
        Walker walker = new Walker(stream);
        reader.forEachStored(stream, walker);
        return new Report(stream, walker.checked, Optional.ofNullable(walker.firstBreak));
    }

    private static final class Walker implements EventReader.StoredVisitor {
        private final StreamId stream;
        private long expectedVersion;
        private String expectedPrev = EventEnvelope.GENESIS;
        private long checked;
        private Break firstBreak;

        Walker(StreamId stream) {
            this.stream = stream;
        }

        @Override
        public void event(EnvelopeCodec.StoredEvent stored) {
            if (firstBreak != null) {
                return;
            }
            long version = expectedVersion++;
            EventEnvelope envelope;
            try {
                envelope = stored.toEnvelope();
            } catch (EnvelopeCodec.FrameDamagedException | IllegalArgumentException e) {
                firstBreak = new Break(
                        version, Optional.empty(), "stored bytes do not form an event (" + e.getMessage() + ")");
                return;
            }
            Optional<String> id = Optional.of(envelope.eventId());
            if (!stored.intact()) {
                firstBreak = new Break(
                        version,
                        id,
                        "stored bytes do not match the event's hash " + stored.storedHash() + " (they hash to "
                                + stored.actualHash() + ")");
            } else if (envelope.version() != version) {
                firstBreak = new Break(version, id, "version " + envelope.version() + " where " + version + " belongs");
            } else if (!envelope.stream().equals(stream)) {
                firstBreak = new Break(version, id, "belongs to stream " + envelope.stream() + ", not " + stream);
            } else if (!envelope.prevHash().equals(expectedPrev)) {
                firstBreak = new Break(
                        version,
                        id,
                        "does not link to the event before it (prevHash " + envelope.prevHash() + ", expected "
                                + expectedPrev + ")");
            } else {
                expectedPrev = envelope.hash();
                checked++;
            }
        }

        @Override
        public void damaged(String reason) {
            if (firstBreak == null) {
                firstBreak =
                        new Break(expectedVersion, Optional.empty(), "a stored record is unreadable (" + reason + ")");
            }
        }
    }
}
