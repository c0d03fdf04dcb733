package dev.wb.engine.internal.chronicle;

import dev.wb.engine.AppendedStreams;
import dev.wb.engine.StreamId;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.SecureRandom;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.Optional;
import java.util.Set;

/**
 * {@code appended} beside the log's {@code streams/}: one line a batch, the name of the stream it is
 * appended to, so a reader that keeps a mark (an offset in this file) learns which streams moved since
 * without reading every stream's head hint ({@code wb sync push}, docs/SYNC.md).
 *
 * <p>The rule that makes it safe: an appender writes its line while it holds the stream's lock,
 * <em>after</em> it moved the stream's head hint and <em>before</em> it commits the batch. So a batch
 * committed after a reader took its mark is named after the mark; and a reader that sees a line and
 * then reads the stream finds either the batch or a hint ahead of the log (the batch not yet
 * committed, or never), which it must treat as not settled. A line whose batch never landed only costs
 * a read. The file is appended, never rewritten, and not synced (as the hint): a reader trusts a mark
 * only in the boot it was taken in. Its first line names the file ({@code wb-appended 1 <id>}, a random
 * id), so a mark taken in a file that was since removed and made again is not taken for one of this file.
 */
final class AppendJournal {

    static final String FILE = "appended";
    private static final String HEADER = "wb-appended 1 ";
    private static final int HEADER_LENGTH = HEADER.length() + 16 + 1;
    private static final SecureRandom RANDOM = new SecureRandom();
    /** How far back from the end a mark looks for the last whole line: far more than any stream's name. */
    private static final int TAIL = 4096;

    private AppendJournal() {}

    /**
     * Names {@code stream} in the journal of the log at {@code root}. A line that cannot be written
     * refuses the append (nothing is committed), and removes the journal where it can, so that the
     * next append starts a new one and no mark of the old one counts any more.
     */
    static void note(Path root, StreamId stream) throws IOException {
        Path file = root.resolve(FILE);
        byte[] line = (stream.name() + "\n").getBytes(StandardCharsets.UTF_8);
        try {
            create(file);
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
                ByteBuffer buffer = ByteBuffer.wrap(line);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
            }
        } catch (IOException e) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException ignored) {
                // the append is refused either way; the message names the file
            }
            throw new IOException("cannot name the stream in " + file + ": " + e.getMessage(), e);
        }
    }

    /** The streams named from {@code offset} on, when {@code journal} is this file's id; else every stream named. */
    static Optional<AppendedStreams> since(Path root, String journal, long offset) {
        return reading(root, (channel, size, id) -> {
            boolean sinceMark = id.equals(journal) && offset >= HEADER_LENGTH && offset <= size;
            long from = sinceMark ? offset : HEADER_LENGTH;
            if (size - from > Integer.MAX_VALUE - 8) {
                return Optional.empty();
            }
            String text = read(channel, from, (int) (size - from));
            // A line still being written is left for the next reader: the mark stops before it.
            int end = text.lastIndexOf('\n') + 1;
            Set<StreamId> streams = new HashSet<>();
            for (String name : text.substring(0, end).split("\n", -1)) {
                if (name.isEmpty()) {
                    continue;
                }
                Optional<StreamId> stream = StreamId.parse(name);
                if (stream.isEmpty()) {
                    return Optional.empty(); // not a line an appender wrote: no answer counts
                }
                stream.ifPresent(streams::add);
            }
            long mark = from + text.substring(0, end).getBytes(StandardCharsets.UTF_8).length;
            return Optional.of(new AppendedStreams(id, mark, sinceMark, streams));
        });
    }

    /**
     * The journal's id and where its last whole line ends, with no streams: a mark. Reads the first line
     * and at most the last {@link #TAIL} bytes, however long the journal grew.
     */
    static Optional<AppendedStreams> end(Path root) {
        return reading(root, (channel, size, id) -> {
            int tail = (int) Math.min(TAIL, size - HEADER_LENGTH);
            ByteBuffer bytes = ByteBuffer.allocate(tail);
            while (bytes.hasRemaining() && channel.read(bytes, size - tail + bytes.position()) >= 0) {
                // read on until the tail is whole
            }
            // A line still being written is left for the next reader: the mark stops before it.
            int cut = bytes.position();
            while (cut > 0 && bytes.get(cut - 1) != '\n') {
                cut--;
            }
            if (cut == 0 && tail == TAIL) {
                return Optional.empty(); // no line ends in the tail: not a journal an appender wrote
            }
            return Optional.of(new AppendedStreams(id, size - tail + cut, false, Set.of()));
        });
    }

    /** What a reader of the journal answers from its channel, its size and its id. */
    private interface Reading {
        Optional<AppendedStreams> answer(FileChannel channel, long size, String id) throws IOException;
    }

    /**
     * The journal of the log at {@code root} opened for {@code reading} (made first if there is none), its
     * first line checked; empty where there is no log, the journal cannot be read, or its first line is not
     * one an appender wrote.
     */
    private static Optional<AppendedStreams> reading(Path root, Reading reading) {
        Path file = root.resolve(FILE);
        try {
            if (!Files.isDirectory(root, LinkOption.NOFOLLOW_LINKS)) {
                return Optional.empty();
            }
            create(file);
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
                long size = channel.size();
                Optional<String> id = id(channel, size);
                return id.isEmpty() ? Optional.empty() : reading.answer(channel, size, id.get());
            }
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The journal's id from its first line, or empty when the first line is not one an appender wrote. */
    private static Optional<String> id(FileChannel channel, long size) throws IOException {
        if (size < HEADER_LENGTH) {
            return Optional.empty();
        }
        String header = read(channel, 0, HEADER_LENGTH);
        if (!header.startsWith(HEADER) || !header.endsWith("\n")) {
            return Optional.empty();
        }
        return Optional.of(header.substring(HEADER.length(), HEADER_LENGTH - 1));
    }

    /** Makes the journal with its first line, unless it exists; published whole by a hard link. */
    private static void create(Path file) throws IOException {
        if (Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                throw new IOException(file + " is not a regular file");
            }
            return;
        }
        byte[] id = new byte[8];
        RANDOM.nextBytes(id);
        Path temp = Files.createTempFile(file.getParent(), ".appended.", ".tmp");
        try {
            Files.writeString(temp, HEADER + HexFormat.of().formatHex(id) + "\n", StandardCharsets.US_ASCII);
            Files.createLink(file, temp);
        } catch (FileAlreadyExistsException e) {
            // another appender made it first: its id stands
        } catch (UnsupportedOperationException e) {
            try {
                Files.move(temp, file); // no hard links here: a rename that never replaces
            } catch (FileAlreadyExistsException again) {
                // another appender made it first
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    private static String read(FileChannel channel, long position, int length) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(length);
        while (buffer.hasRemaining()) {
            if (channel.read(buffer, position + buffer.position()) < 0) {
                break;
            }
        }
        return new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8);
    }
}
