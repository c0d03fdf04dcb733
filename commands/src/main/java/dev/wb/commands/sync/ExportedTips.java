package dev.wb.commands.sync;

import dev.wb.commands.sync.wire.SyncCommit;
import dev.wb.commands.sync.wire.SyncRef;
import dev.wb.engine.StreamHead;
import dev.wb.engine.fs.AtomicFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What a push exported last, so the next one need not read a commit per stream to learn where each
 * of this replica's refs ends ({@code .workflow/local/sync/exported}: one {@code <ref> <commit>
 * <the commit's bytes, base64>} a line). Nothing in it is trusted as written: an entry counts only
 * when its ref's tip, as {@code git for-each-ref} says, is the commit named, and the bytes kept hash
 * to that very id (git names an object by the hash of its bytes). So an edited, stale or torn file
 * costs a read of the commits it no longer vouches for, never a wrong answer: what git holds is
 * what is read.
 */
final class ExportedTips {

    private static final String HEADER = "wb-sync-exported 1";

    private final Path file;

    ExportedTips(Path syncDir) {
        this.file = syncDir.resolve("exported");
    }

    Path file() {
        return file;
    }

    /** The commits kept, by ref name below {@code refs/wb/}: each one's id and raw bytes, not yet checked. */
    Map<String, Kept> load() {
        Map<String, Kept> kept = new TreeMap<>();
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            return kept;
        }
        try {
            String text = Files.readString(file, StandardCharsets.UTF_8);
            String[] lines = text.split("\n", -1);
            if (lines.length == 0 || !lines[0].equals(HEADER)) {
                return kept;
            }
            for (int i = 1; i < lines.length; i++) {
                String[] words = lines[i].split(" ", -1);
                if (words.length == 3 && SyncRef.parse(words[0]).isPresent()) {
                    try {
                        kept.put(
                                words[0], new Kept(words[1], Base64.getDecoder().decode(words[2])));
                    } catch (IllegalArgumentException e) {
                        // not base64: this entry vouches for nothing
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            // A cache: without it every tip is read from git.
            return new TreeMap<>();
        }
        return kept;
    }

    /** Writes the commits to keep; a failure only costs the next push its reads, so it is not an error. */
    void save(Map<String, Kept> kept) {
        StringBuilder text = new StringBuilder(HEADER).append('\n');
        kept.forEach((ref, k) -> text.append(ref)
                .append(' ')
                .append(k.id())
                .append(' ')
                .append(Base64.getEncoder().encodeToString(k.raw()))
                .append('\n'));
        Path temp = null;
        try {
            Files.createDirectories(file.getParent());
            // Renamed into place, not synced: a cache that a crash leaves torn or stale is only read
            // from git again (each entry is checked before it counts), and a sync costs a push ~0.1 s.
            temp = Files.createTempFile(file.getParent(), AtomicFiles.tempPrefix(".exported-"), ".tmp");
            Files.write(temp, text.toString().getBytes(StandardCharsets.UTF_8));
            Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            temp = null;
        } catch (IOException e) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException ignored) {
                // unreadable or unwritable: the next push reads every tip from git, as on a first push
            }
        } finally {
            if (temp != null) {
                try {
                    Files.deleteIfExists(temp);
                } catch (IOException ignored) {
                    // a stray temporary file names no ref: never read
                }
            }
        }
    }

    /** A commit kept: its id and its bytes as git stores them (without git's object header). */
    // Bytes handed over once; an entry is compared by id and hash, never by array identity.
    @SuppressWarnings("ArrayRecordComponent")
    record Kept(String id, byte[] raw) {

        /** Whether these bytes are the commit {@code tip}: git's id of them, SHA-1 or SHA-256, is {@code tip}. */
        boolean is(String tip) {
            return id.equals(tip)
                    && objectId(raw, tip.length()).map(tip::equals).orElse(false);
        }

        /** The head the commit says its ref ends at, if it is a sync commit at all. */
        Optional<StreamHead> head() {
            try {
                SyncCommit commit = SyncCommit.parse(id, raw);
                return Optional.of(new StreamHead(commit.versions()[1], commit.trailer("Wb-Head")));
            } catch (SyncCommit.MalformedException e) {
                return Optional.empty();
            }
        }
    }

    /**
     * git's id of a commit with these bytes: the hash of {@code "commit <size>\0"} and the bytes,
     * SHA-1 for an id of 40 hex characters, SHA-256 for 64; empty for another length.
     */
    static Optional<String> objectId(byte[] raw, int hexLength) {
        return rawObjectId("commit", raw, hexLength).map(HexFormat.of()::formatHex);
    }

    /** git's id, as bytes, of an object of {@code type} with these bytes, hashed as an id of {@code hexLength} is. */
    static Optional<byte[]> rawObjectId(String type, byte[] raw, int hexLength) {
        String algorithm = hexLength == 40 ? "SHA-1" : hexLength == 64 ? "SHA-256" : null;
        if (algorithm == null) {
            return Optional.empty();
        }
        try {
            MessageDigest digest = MessageDigest.getInstance(algorithm);
            digest.update((type + " " + raw.length + "\0").getBytes(StandardCharsets.US_ASCII));
            digest.update(raw);
            return Optional.of(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(algorithm + " is missing from this JVM", e);
        }
    }
}
