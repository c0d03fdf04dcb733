package dev.wb.engine.internal.chronicle;

import dev.wb.engine.StreamHead;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Optional;

/**
 * {@code head} beside a stream's queue: the version and hash its last batch ends at, so that
 * workspace views can tell a current checkpoint without opening (or even loading) Chronicle.
 *
 * <p>The rule that makes it safe: an appender writes the hint <em>before</em> it commits
 * a batch, while it holds the stream's lock. So the hint is never behind the log. It can be ahead
 * only with a (version, hash) pair that never landed (the appender died or rolled back), and such a
 * pair, unique by its event ids and times, never equals anything a reader folded from the log. A
 * reader whose checkpoint equals the hint is therefore current; any other answer sends it to the log.
 *
 * <p>The one exception is a stream's first batch: its hint is written after the commit, so that a
 * hint's existence means the stream holds events. Until then there is no hint, and readers ask the log.
 */
final class HeadHint {

    static final String FILE = "head";

    private HeadHint() {}

    /**
     * Overwrites the hint in place. It is not synced: within one boot every process sees the page
     * cache, and a killed process loses nothing written; across a reboot (power loss) an unsynced
     * hint may be older than the log, which is why a checkpoint trusts hints only when it was itself
     * written during the current boot (see CheckpointStore). The record has a fixed length, so the
     * file never keeps stray bytes. A reader that catches it half written sees either a malformed
     * record (counted as no hint) or a mix of two records, a (version, hash) pair that never existed
     * and so never equals a checkpoint's cursor: either way the reader asks the log.
     */
    static void write(Path streamDir, StreamHead head) throws IOException {
        byte[] record = record(head);
        Path file = streamDir.resolve(FILE);
        if (Files.exists(file, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            // A FIFO would block the open, a link would be written through: neither is wb's hint.
            throw new IOException(file + " is not a regular file (a link, a FIFO or a folder stands where the"
                    + " stream's head hint belongs); remove it, and the next append writes the hint again");
        }
        try (FileChannel channel =
                FileChannel.open(streamDir.resolve(FILE), StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            ByteBuffer buffer = ByteBuffer.wrap(record);
            long position = 0;
            while (buffer.hasRemaining()) {
                position += channel.write(buffer, position);
            }
            channel.truncate(record.length);
        }
    }

    /**
     * A stream's first hint, written after its first batch committed and the lock was released. By
     * then another writer may have appended and written a newer hint; this one must not overwrite
     * it. So it is published with a hard link, which fails if any hint exists.
     */
    static void writeFirst(Path streamDir, StreamHead head) throws IOException {
        Path temp = Files.createTempFile(streamDir, ".head.", ".tmp");
        try {
            Files.write(temp, record(head));
            Files.createLink(streamDir.resolve(FILE), temp);
        } catch (FileAlreadyExistsException e) {
            // A later batch's hint is already there, and it is the newer one.
        } catch (UnsupportedOperationException e) {
            // No hard links here: leave no hint. Readers without one ask the log.
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    private static byte[] record(StreamHead head) {
        return String.format("%019d %s\n", head.version(), head.hash()).getBytes(StandardCharsets.US_ASCII);
    }

    static Optional<StreamHead> read(Path streamDir) {
        try {
            Path file = streamDir.resolve(FILE);
            // Never opened unless a regular file: a FIFO would block the reader, a link lead elsewhere.
            // No hint is a safe answer: the reader asks the log.
            BasicFileAttributes stat = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (!stat.isRegularFile() || stat.size() > 256) {
                return Optional.empty();
            }
            return parse(Files.readString(file, StandardCharsets.US_ASCII));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * A record as {@link #record} writes it ({@code VERSION sha256:HEX\n}: a version of at most 19 digits, 64 lower-case hex digits), read by hand: a
     * workspace view reads thousands of hints, and a regular expression per hint was a third of their cost.
     */
    static Optional<StreamHead> parse(String text) {
        int space = text.indexOf(' ');
        int digits = 64;
        if (space < 1
                || space > 19
                || text.length() != space + 1 + "sha256:".length() + digits + 1
                || !text.startsWith("sha256:", space + 1)
                || text.charAt(text.length() - 1) != '\n') {
            return Optional.empty();
        }
        for (int i = 0; i < space; i++) {
            if (text.charAt(i) < '0' || text.charAt(i) > '9') {
                return Optional.empty();
            }
        }
        for (int i = text.length() - 1 - digits; i < text.length() - 1; i++) {
            char c = text.charAt(i);
            if ((c < '0' || c > '9') && (c < 'a' || c > 'f')) {
                return Optional.empty();
            }
        }
        return Optional.of(
                new StreamHead(Long.parseLong(text.substring(0, space)), text.substring(space + 1, text.length() - 1)));
    }

    static boolean exists(Path streamDir) {
        return Files.isRegularFile(streamDir.resolve(FILE), LinkOption.NOFOLLOW_LINKS);
    }
}
