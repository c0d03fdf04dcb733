package dev.wb.engine;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * An event's payload: an immutable JSON object held in its canonical bytes. It is parsed only when
 * someone asks for it, so folds that need only the envelope (counts, times) never pay for it.
 */
public final class Payload {

    private final byte[] canonical;

    private Payload(byte[] canonical) {
        this.canonical = canonical;
    }

    public static Payload of(ObjectNode json) {
        return new Payload(CanonicalJson.bytes(json));
    }

    /** Wraps bytes read from the log; they are checked to be a JSON object, never rewritten. */
    static Payload ofStored(byte[] stored) {
        return new Payload(stored.clone());
    }

    /** A fresh, mutable copy of the payload. */
    public ObjectNode json() {
        return CanonicalJson.parseObject(canonical);
    }

    public byte[] bytes() {
        return canonical.clone();
    }

    byte[] unsafeBytes() {
        return canonical;
    }

    public int size() {
        return canonical.length;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Payload that && Arrays.equals(canonical, that.canonical);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(canonical);
    }

    @Override
    public String toString() {
        return new String(canonical, StandardCharsets.UTF_8);
    }
}
