package dev.wb.projections.checkpoint;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.BootId;
import dev.wb.engine.StreamId;
import dev.wb.engine.fs.AtomicFiles;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.Projection;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import java.util.zip.CRC32C;

/**
 * Checkpoint files under {@code .workflow/local/checkpoints/}, one per workspace projection: the
 * canonical JSON content, a newline, and a CRC-32C of the content; a file that is unreadable, fails its digest, or was written
 * for another version of the projection reads as absent, and is rebuilt. Losing one costs only time.
 */
public final class CheckpointStore {

    static final int FORMAT = 2;

    private final Path dir;
    private final Supplier<Optional<String>> bootId;

    public CheckpointStore(Path dir) {
        this(dir, BootId::current);
    }

    /** For tests that play a reboot: the boot id is whatever the supplier says. */
    CheckpointStore(Path dir, Supplier<Optional<String>> bootId) {
        this.dir = dir;
        this.bootId = bootId;
    }

    public Path file(Projection<?> projection) {
        return dir.resolve(projection.name() + ".json");
    }

    /**
     * A checkpoint as read: its cursors, and whether it was written during the current boot (only
     * then may its cursors be compared with head hints, which are not synced; see HeadHint).
     */
    public record Checkpoint<S>(Map<StreamId, StreamCursor<S>> cursors, boolean sameBoot, Optional<Mark> mark) {

        /** The mark, when it may be used: only in the boot it was taken in (the journal is not synced). */
        Optional<Mark> usableMark() {
            return sameBoot ? mark : Optional.empty();
        }
    }

    /**
     * Where the log's journal of appends stood when the cursors were checked ({@code journal}, {@code end}),
     * and the streams the check could not call settled (a batch named before the mark but not yet
     * committed): the next load checks those and the streams the journal names from the mark on, and no
     * other (see {@link WorkspaceProjection}).
     */
    public record Mark(String journal, long end, Set<StreamId> carried) {
        public Mark {
            carried = Set.copyOf(carried);
        }
    }

    public <S> Optional<Checkpoint<S>> read(Projection<S> projection) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file(projection));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
        try {
            // The file is the content, a newline, and the checksum of the content's bytes.
            int split = lastNewlineBefore(bytes, bytes.length - 1);
            if (split < 0) {
                return Optional.empty();
            }
            CRC32C crc = new CRC32C();
            crc.update(bytes, 0, split);
            String stored = new String(bytes, split + 1, bytes.length - split - 1, StandardCharsets.US_ASCII).trim();
            if (!stored.equals(checksum(crc))) {
                return Optional.empty();
            }
            return remembered(projection, bytes.length, stored).or(() -> parse(projection, bytes, split, stored));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * The checkpoint this process last parsed from this file, when the file is still that one (its length and
     * checksum): a long-lived process (the warm server) parses a large checkpoint once, not on every
     * command. Even a wrong match would only be a checkpoint this workspace once held, which the load
     * checks against the log like any other; its cursors are handed out as a copy.
     */
    @SuppressWarnings("unchecked")
    private <S> Optional<Checkpoint<S>> remembered(Projection<S> projection, int length, String checksum) {
        Parsed parsed = PARSED.get(file(projection).toAbsolutePath());
        if (parsed == null
                || parsed.length != length
                || !parsed.checksum.equals(checksum)
                || !parsed.boot.equals(bootId.get())) {
            return Optional.empty();
        }
        return Optional.of(copy((Checkpoint<S>) parsed.checkpoint));
    }

    private <S> Optional<Checkpoint<S>> parse(Projection<S> projection, byte[] bytes, int split, String checksum) {
        try {
            Optional<String> boot = bootId.get();
            Map<StreamId, Long> ranges = new HashMap<>();
            Optional<Checkpoint<S>> checkpoint = CheckpointReader.read(bytes, split, projection, boot, ranges);
            checkpoint.ifPresent(c ->
                    PARSED.put(file(projection).toAbsolutePath(), new Parsed(bytes.length, checksum, boot, c, ranges)));
            return checkpoint.map(CheckpointStore::copy);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** A checkpoint with a map of cursors of its own, in name order, for a caller that may change it. */
    private static <S> Checkpoint<S> copy(Checkpoint<S> checkpoint) {
        Map<StreamId, StreamCursor<S>> cursors =
                new TreeMap<>((a, b) -> a.name().compareTo(b.name()));
        cursors.putAll(checkpoint.cursors());
        return new Checkpoint<>(cursors, checkpoint.sameBoot(), checkpoint.mark());
    }

    /**
     * A checkpoint file as this process last read or wrote it: its length and checksum, the boot it was read
     * in, what it holds, and where each cursor's bytes lie in it.
     */
    private record Parsed(
            int length, String checksum, Optional<String> boot, Checkpoint<?> checkpoint, Map<StreamId, Long> ranges) {}

    private static final Map<Path, Parsed> PARSED = new ConcurrentHashMap<>();

    public <S> void write(Projection<S> projection, Map<StreamId, StreamCursor<S>> cursors) {
        write(projection, cursors, Optional.empty());
    }

    /**
     * Writes the cursors, and the journal's mark they were checked at (written only with a boot id). A
     * cursor this process read from the file as it still is, unchanged (the very object read), is copied
     * from the file's bytes; only the others are written anew, so a workspace where one task moved costs
     * one task's state, not every task's. The bytes are those of the whole document written anew.
     */
    public <S> void write(Projection<S> projection, Map<StreamId, StreamCursor<S>> cursors, Optional<Mark> mark) {
        if (dir.getParent() != null && !Files.isDirectory(dir.getParent())) {
            return; // nothing recorded here yet (no .workflow/local/): a read writes nothing
        }
        Path file = file(projection).toAbsolutePath();
        Optional<String> boot = bootId.get();
        ObjectNode header = CanonicalJson.objectNode();
        header.put("format", FORMAT);
        header.put("projection", projection.name());
        header.put("projectionVersion", projection.version());
        boot.ifPresent(id -> header.put("bootId", id));
        if (boot.isPresent() && mark.isPresent()) {
            ObjectNode appended = header.putObject("appended");
            appended.put("journal", mark.get().journal());
            appended.put("end", mark.get().end());
            mark.get().carried().stream().map(StreamId::name).sorted().forEach(appended.putArray("carried")::add);
        }
        TreeMap<StreamId, StreamCursor<S>> sorted =
                new TreeMap<>((a, b) -> a.name().compareTo(b.name()));
        sorted.putAll(cursors);
        Spliced spliced = Spliced.of(projection, header, sorted, unchanged(file));
        byte[] content = spliced.content();
        String checksum = checksum(content);
        byte[] trailer = ("\n" + checksum + "\n").getBytes(StandardCharsets.US_ASCII);
        byte[] bytes = Arrays.copyOf(content, content.length + trailer.length);
        System.arraycopy(trailer, 0, bytes, content.length, trailer.length);
        try {
            AtomicFiles.write(file(projection), bytes);
            Checkpoint<S> written =
                    new Checkpoint<>(sorted, boot.isPresent(), boot.isPresent() ? mark : Optional.empty());
            PARSED.put(file, new Parsed(bytes.length, checksum, boot, written, spliced.ranges()));
        } catch (IOException e) {
            PARSED.remove(file);
            // A checkpoint is a cache: failing to write one costs the next command time, not truth.
        }
    }

    /** The file's bytes and what this process parsed of them, when the file is still what it parsed; else none. */
    private Optional<Spliced.Source> unchanged(Path file) {
        Parsed parsed = PARSED.get(file);
        if (parsed == null) {
            return Optional.empty();
        }
        try {
            byte[] bytes = Files.readAllBytes(file);
            int split = lastNewlineBefore(bytes, bytes.length - 1);
            if (bytes.length != parsed.length || split < 0) {
                return Optional.empty();
            }
            CRC32C crc = new CRC32C();
            crc.update(bytes, 0, split);
            return checksum(crc).equals(parsed.checksum)
                    ? Optional.of(new Spliced.Source(bytes, parsed.checkpoint.cursors(), parsed.ranges))
                    : Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** Removes a projection's checkpoint, so that the next load folds every stream from the log. */
    public void discard(Projection<?> projection) {
        try {
            Files.deleteIfExists(file(projection));
        } catch (IOException e) {
            // A cache: one that could not be removed is still checked against the log where it decides.
        }
    }

    /**
     * A checksum of the content's bytes, to tell a damaged file from a good one. CRC-32C, not a
     * cryptographic hash: a checkpoint is a cache, not evidence, and a security provider costs a
     * command tens of milliseconds to start. It is computed over the bytes as stored, so reading
     * needs no re-serialisation.
     */
    private static String checksum(byte[] content) {
        CRC32C crc = new CRC32C();
        crc.update(content);
        return checksum(crc);
    }

    private static String checksum(CRC32C crc) {
        return "crc32c:" + Long.toHexString(crc.getValue());
    }

    private static int lastNewlineBefore(byte[] bytes, int end) {
        for (int i = Math.min(end, bytes.length) - 1; i >= 0; i--) {
            if (bytes[i] == '\n') {
                return i;
            }
        }
        return -1;
    }
}
