package dev.wb.engine;

import java.time.Instant;
import java.util.Objects;

/**
 * One recorded event, exactly as the log stores it. {@code hash} is the SHA-256 of the event's
 * canonical header and payload (see {@link EnvelopeCodec}); {@code prevHash} links it to the event
 * before it in the same stream, so any edit breaks the chain.
 */
public record EventEnvelope(
        String eventId,
        StreamId stream,
        long version,
        String type,
        int schemaVersion,
        Instant time,
        Actor actor,
        String wbVersion,
        String invocationId,
        Payload payload,
        String prevHash,
        String hash) {

    /** The {@code prevHash} of a stream's first event. */
    public static final String GENESIS = "sha256:" + "0".repeat(64);

    public EventEnvelope {
        Objects.requireNonNull(eventId, "eventId");
        Objects.requireNonNull(stream, "stream");
        requireType(type);
        Objects.requireNonNull(time, "time");
        Objects.requireNonNull(actor, "actor");
        Objects.requireNonNull(wbVersion, "wbVersion");
        Objects.requireNonNull(invocationId, "invocationId");
        Objects.requireNonNull(payload, "payload");
        if (version < 0) {
            throw new IllegalArgumentException("version must not be negative: " + version);
        }
        if (schemaVersion < 1) {
            throw new IllegalArgumentException("schema version must be at least 1: " + schemaVersion);
        }
        requireDigest(prevHash, "prevHash");
        requireDigest(hash, "hash");
    }

    /** Event types are stable dotted names such as {@code workspace.initialized}, never Java class names. */
    static void requireType(String type) {
        if (!isType(type)) {
            throw new IllegalArgumentException("event type must be a dotted lower-case name: " + type);
        }
    }

    /** {@code ^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$}, by hand: this runs for every event read. */
    static boolean isType(String type) {
        if (type == null || type.isEmpty()) {
            return false;
        }
        int dots = 0;
        boolean segmentStart = true;
        for (int i = 0; i < type.length(); i++) {
            char c = type.charAt(i);
            if (segmentStart) {
                if (c < 'a' || c > 'z') {
                    return false;
                }
                segmentStart = false;
            } else if (c == '.') {
                dots++;
                segmentStart = true;
            } else if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) {
                return false;
            }
        }
        return dots > 0 && !segmentStart;
    }

    private static void requireDigest(String digest, String name) {
        if (!isDigest(digest)) {
            throw new IllegalArgumentException(name + " must be sha256:<64 hex>: " + digest);
        }
    }

    /** {@code sha256:<64 lower-case hex>}. */
    static boolean isDigest(String digest) {
        if (digest == null || digest.length() != 71 || !digest.startsWith("sha256:")) {
            return false;
        }
        for (int i = 7; i < 71; i++) {
            char c = digest.charAt(i);
            if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
                return false;
            }
        }
        return true;
    }

    /** The same event with its payload raised to a newer schema; the stored bytes are untouched. */
    public EventEnvelope upcastTo(int newSchemaVersion, Payload newPayload) {
        return new EventEnvelope(
                eventId,
                stream,
                version,
                type,
                newSchemaVersion,
                time,
                actor,
                wbVersion,
                invocationId,
                newPayload,
                prevHash,
                hash);
    }
}
