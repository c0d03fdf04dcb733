package dev.wb.engine;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * How an event becomes bytes, and back.
 *
 * <p>An event is stored as two canonical JSON documents: the <em>header</em> (every envelope field
 * but the payload and the hash, see {@link EnvelopeHeader}) and the <em>payload</em>. Its hash is
 * {@code SHA-256(header + "\n" + payload)}, written {@code sha256:<hex>}. Keeping the payload apart
 * lets a fold that needs only types and times skip parsing it, and lets verification hash the stored
 * bytes exactly as they are.
 *
 * <p>A batch (one append) is one frame: {@code int format, int count}, then per event
 * {@code int headerLength, header, int payloadLength, payload, 32 bytes of hash}. The log stores a
 * frame as a single record, which is what makes a batch land whole or not at all.
 */
public final class EnvelopeCodec {

    public static final int FRAME_FORMAT = 1;
    private static final HexFormat HEX = HexFormat.of();
    private static final byte NEWLINE = '\n';

    private EnvelopeCodec() {}

    /** A sealed event with the canonical header bytes its hash was computed over. */
    // The header is the bytes that were hashed, handed over once; never compared.
    @SuppressWarnings("ArrayRecordComponent")
    public record Sealed(EventEnvelope envelope, byte[] header) {}

    /**
     * Where and when a new event is sealed: its place in the stream's chain (its version and the hash of
     * the event before it), its id and its time.
     */
    public record Placement(StreamId stream, long version, String prevHash, String eventId, Instant time) {}

    /** Seals a new event: gives it its place in the stream, its time and identity, and its hash. */
    public static EventEnvelope seal(NewEvent event, Placement placement, Invocation invocation) {
        return sealWithHeader(event, placement, invocation).envelope();
    }

    static Sealed sealWithHeader(NewEvent event, Placement placement, Invocation invocation) {
        Payload payload = event.canonicalPayload();
        EnvelopeHeader.Fields fields = new EnvelopeHeader.Fields(
                invocation.actor(),
                placement.eventId(),
                invocation.id(),
                placement.prevHash(),
                event.schemaVersion(),
                placement.stream(),
                placement.time(),
                event.type(),
                placement.version(),
                invocation.wbVersion());
        byte[] header = EnvelopeHeader.write(fields);
        return new Sealed(fields.envelope(payload, digest(header, payload.unsafeBytes())), header);
    }

    /** The hash of stored header and payload bytes. */
    public static String digest(byte[] header, byte[] payload) {
        MessageDigest sha = sha256();
        sha.update(header);
        sha.update(NEWLINE);
        sha.update(payload);
        return "sha256:" + HEX.formatHex(sha.digest());
    }

    /** The whole envelope as one JSON object, hash included: the form {@code wb replay --json} prints. */
    public static ObjectNode toJson(EventEnvelope e) {
        ObjectNode node = EnvelopeHeader.tree(e);
        node.set("payload", e.payload().json());
        node.put("hash", e.hash());
        return node;
    }

    /**
     * Reads the form {@link #toJson} writes, and checks that its content still has its hash: the way
     * an envelope exported from one log (or kept as a golden file) is read back.
     */
    public static EventEnvelope fromJson(ObjectNode json) {
        ObjectNode header = json.deepCopy();
        ObjectNode payload = header.has("payload") && header.get("payload").isObject()
                ? (ObjectNode) header.remove("payload")
                : null;
        String hash = header.has("hash") ? header.remove("hash").asText() : null;
        if (payload == null || hash == null) {
            throw new FrameDamagedException("an envelope needs a payload object and a hash");
        }
        byte[] headerBytes = CanonicalJson.bytes(header);
        byte[] payloadBytes = CanonicalJson.bytes(payload);
        String actual = digest(headerBytes, payloadBytes);
        if (!actual.equals(hash)) {
            throw new FrameDamagedException("content hashes to " + actual + ", not " + hash);
        }
        return EnvelopeHeader.parse(headerBytes, payloadBytes, hash);
    }

    /** Encodes one batch as a frame. */
    public static byte[] encodeFrame(List<EventEnvelope> batch) {
        List<Sealed> sealed = new ArrayList<>(batch.size());
        for (EventEnvelope e : batch) {
            sealed.add(new Sealed(e, EnvelopeHeader.of(e)));
        }
        return encodeSealedFrame(sealed);
    }

    /** Encodes one batch whose header bytes are already known (they were hashed at sealing). */
    public static byte[] encodeSealedFrame(List<Sealed> batch) {
        int size = 8;
        for (Sealed s : batch) {
            size += 8 + s.header().length + s.envelope().payload().size() + 32;
        }
        ByteBuffer out = ByteBuffer.allocate(size);
        out.putInt(FRAME_FORMAT);
        out.putInt(batch.size());
        for (Sealed s : batch) {
            byte[] payload = s.envelope().payload().unsafeBytes();
            out.putInt(s.header().length);
            out.put(s.header());
            out.putInt(payload.length);
            out.put(payload);
            out.put(HEX.parseHex(s.envelope().hash(), 7, 71));
        }
        return out.array();
    }

    /** Encodes events exactly as another log stored them (their header, payload and hash) as one frame. */
    public static byte[] encodeStoredFrame(List<StoredEvent> batch) {
        int size = 8;
        for (StoredEvent s : batch) {
            size += 8 + s.header().length + s.payload().length + 32;
        }
        ByteBuffer out = ByteBuffer.allocate(size);
        out.putInt(FRAME_FORMAT);
        out.putInt(batch.size());
        for (StoredEvent s : batch) {
            out.putInt(s.header().length);
            out.put(s.header());
            out.putInt(s.payload().length);
            out.put(s.payload());
            out.put(HEX.parseHex(s.storedHash(), 7, 71));
        }
        return out.array();
    }

    /** The last event of a frame, decoding only it: what an append needs to know of the stream's end. */
    public static StoredEvent lastOfFrame(byte[] frame) {
        ByteBuffer in = ByteBuffer.wrap(frame);
        try {
            int count = readFrameStart(in);
            for (int i = 0; i < count - 1; i++) {
                skipBlock(in);
                skipBlock(in);
                in.position(in.position() + 32);
            }
            return readStoredEvent(in);
        } catch (FrameDamagedException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new FrameDamagedException("truncated or malformed frame: " + e.getMessage());
        }
    }

    /** Reads the format and the event count, and returns the count. */
    private static int readFrameStart(ByteBuffer in) {
        int format = in.getInt();
        if (format != FRAME_FORMAT) {
            throw new FrameDamagedException("unknown frame format " + format);
        }
        int count = in.getInt();
        if (count < 1 || count > in.capacity()) {
            throw new FrameDamagedException("impossible event count " + count);
        }
        return count;
    }

    private static StoredEvent readStoredEvent(ByteBuffer in) {
        byte[] header = readBlock(in);
        byte[] payload = readBlock(in);
        byte[] hash = new byte[32];
        in.get(hash);
        return new StoredEvent(header, payload, "sha256:" + HEX.formatHex(hash));
    }

    private static void skipBlock(ByteBuffer in) {
        int length = in.getInt();
        if (length < 0 || length > in.remaining()) {
            throw new FrameDamagedException("block length " + length + " exceeds the frame");
        }
        in.position(in.position() + length);
    }

    /**
     * Decodes a frame without judging it: each event comes back with its stored bytes, the hash they
     * really have and the hash that was stored, so a verifier can name the first one that differs.
     */
    public static List<StoredEvent> decodeFrame(byte[] frame) {
        ByteBuffer in = ByteBuffer.wrap(frame);
        try {
            int count = readFrameStart(in);
            List<StoredEvent> events = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                events.add(readStoredEvent(in));
            }
            if (in.hasRemaining()) {
                throw new FrameDamagedException(in.remaining() + " stray bytes after the last event");
            }
            return events;
        } catch (RuntimeException e) {
            if (e instanceof FrameDamagedException damaged) {
                throw damaged;
            }
            throw new FrameDamagedException("truncated or malformed frame: " + e.getMessage());
        }
    }

    private static byte[] readBlock(ByteBuffer in) {
        int length = in.getInt();
        if (length < 0 || length > in.remaining()) {
            throw new FrameDamagedException("block length " + length + " exceeds the frame");
        }
        byte[] block = new byte[length];
        in.get(block);
        return block;
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JVM has no SHA-256", e);
        }
    }

    /** One event's bytes as found in the log. */
    // Bytes as read, handed over once; a stored event is never compared.
    @SuppressWarnings("ArrayRecordComponent")
    public record StoredEvent(byte[] header, byte[] payload, String storedHash) {

        /** The hash the stored bytes really have. */
        public String actualHash() {
            return digest(header, payload);
        }

        public boolean intact() {
            return actualHash().equals(storedHash);
        }

        /** Parses the stored bytes into an envelope; fails with {@link FrameDamagedException} when they are not one. */
        public EventEnvelope toEnvelope() {
            return EnvelopeHeader.parse(header, payload, storedHash);
        }

        /**
         * The form {@link EnvelopeCodec#toJson(EventEnvelope)} writes, taken from the stored bytes
         * themselves, so that it always hashes to {@link #storedHash}: an event written before times
         * had their fixed form ({@code …:35Z}) keeps its own text.
         */
        public ObjectNode toJson() {
            try {
                ObjectNode node = CanonicalJson.parseObject(header);
                node.set("payload", CanonicalJson.parseObject(payload));
                node.put("hash", storedHash);
                return node;
            } catch (RuntimeException e) {
                throw new FrameDamagedException("stored bytes do not form an event: " + e.getMessage());
            }
        }
    }

    /** The stored bytes do not form a frame or an envelope. */
    public static final class FrameDamagedException extends RuntimeException {
        public FrameDamagedException(String message) {
            super(message);
        }
    }
}
