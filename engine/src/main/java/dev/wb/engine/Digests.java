package dev.wb.engine;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** Content digests as wb writes them everywhere: {@code sha256:<64 lower-case hex>}. */
public final class Digests {

    public static final String PREFIX = "sha256:";

    private Digests() {}

    public static String sha256(byte[] content) {
        try {
            return PREFIX
                    + HexFormat.of()
                            .formatHex(MessageDigest.getInstance("SHA-256").digest(content));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    /** Whether a string is a digest in wb's form. */
    public static boolean isDigest(String value) {
        return EventEnvelope.isDigest(value);
    }

    /** The 64 hex characters of a digest. */
    public static String hex(String digest) {
        if (!isDigest(digest)) {
            throw new IllegalArgumentException("not a sha256 digest: " + digest);
        }
        return digest.substring(PREFIX.length());
    }
}
