package dev.wb.commands.sync;

import dev.wb.engine.AppendedStreams;
import dev.wb.engine.BootId;
import dev.wb.engine.Digests;
import dev.wb.engine.StreamId;
import dev.wb.engine.fs.AtomicFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Where the last push to a remote that completed left off in the log's journal of appends ({@code
 * .workflow/local/sync/pushed-<remote>}: the boot, the journal's id and offset, and the streams that
 * push could not call settled), so the next push to that remote reads only the streams appended since
 * and pushes only their refs (docs/SYNC.md, "What a push reads"). A cache: a mark of another boot, of
 * another journal, or unreadable makes the push read every stream and push {@code refs/wb/*}, as a
 * first push does; deleting it is always safe. Written only after git pushed, so a push that failed
 * leaves the mark where it was, and the next one pushes those streams' refs again.
 */
final class PushMark {

    private static final String HEADER = "wb-sync-pushed 1";

    /** A mark: the journal and offset to read from, and the streams to read again whatever the journal says. */
    record Mark(String journal, long offset, Set<StreamId> carried) {}

    private final Path file;
    private final Optional<String> config;

    /**
     * The mark of pushes to {@code remote} from the repository at {@code root}: it counts only while
     * the repository's {@code .git/config} is byte for byte what it was (a remote's URL changed, or
     * anything else, makes the next push read every stream, as a first push does).
     */
    PushMark(Path syncDir, String remote, Path root, Map<String, String> env) {
        this.file = syncDir.resolve("pushed-" + remote);
        this.config = configDigest(root, env);
    }

    private static Optional<String> configDigest(Path root, Map<String, String> env) {
        if (env.containsKey("GIT_DIR") || env.containsKey("GIT_COMMON_DIR") || env.containsKey("GIT_CONFIG")) {
            return Optional.empty();
        }
        Path config = root.resolve(".git").resolve("config");
        try {
            if (!Files.isDirectory(root.resolve(".git"), LinkOption.NOFOLLOW_LINKS)
                    || !Files.isRegularFile(config, LinkOption.NOFOLLOW_LINKS)
                    || Files.size(config) > 1024 * 1024) {
                return Optional.empty();
            }
            return Optional.of(Digests.sha256(Files.readAllBytes(config)));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The mark of the last completed push to the remote, if it was taken in this boot. */
    Optional<Mark> load() {
        Optional<String> boot = BootId.current();
        if (boot.isEmpty() || config.isEmpty() || !Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        try {
            if (Files.size(file) > 1024 * 1024) {
                return Optional.empty();
            }
            String[] lines = Files.readString(file, StandardCharsets.UTF_8).split("\n", -1);
            if (lines.length < 5
                    || !lines[0].equals(HEADER)
                    || !lines[1].equals("boot " + boot.get())
                    || !lines[2].equals("config " + config.get())
                    || !lines[3].startsWith("journal ")) {
                return Optional.empty();
            }
            String[] journal = lines[3].split(" ", -1);
            if (journal.length != 3) {
                return Optional.empty();
            }
            Set<StreamId> carried = new TreeSet<>((a, b) -> a.name().compareTo(b.name()));
            for (int i = 4; i < lines.length; i++) {
                if (lines[i].isEmpty()) {
                    continue;
                }
                if (!lines[i].startsWith("carried ")) {
                    return Optional.empty();
                }
                Optional<StreamId> stream = StreamId.parse(lines[i].substring("carried ".length()));
                if (stream.isEmpty()) {
                    return Optional.empty();
                }
                carried.add(stream.get());
            }
            return Optional.of(new Mark(journal[1], Long.parseLong(journal[2]), carried));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * Records, after git pushed, where this push left off: {@code appended}'s end, and the streams it
     * read but could not call settled (a batch named but not yet committed, a hint ahead of the log).
     */
    void save(AppendedStreams appended, Set<StreamId> carried) {
        Optional<String> boot = BootId.current();
        if (boot.isEmpty() || config.isEmpty()) {
            forget();
            return;
        }
        StringBuilder text = new StringBuilder(HEADER).append('\n');
        text.append("boot ").append(boot.get()).append('\n');
        text.append("config ").append(config.get()).append('\n');
        text.append("journal ")
                .append(appended.journal())
                .append(' ')
                .append(appended.end())
                .append('\n');
        carried.stream()
                .map(StreamId::name)
                .sorted()
                .forEach(name -> text.append("carried ").append(name).append('\n'));
        Path temp = null;
        try {
            Files.createDirectories(file.getParent());
            temp = Files.createTempFile(file.getParent(), AtomicFiles.tempPrefix(".pushed-"), ".tmp");
            Files.writeString(temp, text, StandardCharsets.UTF_8);
            Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            temp = null;
        } catch (IOException e) {
            forget();
        } finally {
            if (temp != null) {
                try {
                    Files.deleteIfExists(temp);
                } catch (IOException ignored) {
                    // a stray temporary file is never read
                }
            }
        }
    }

    /** Drops the mark: the next push reads every stream and pushes {@code refs/wb/*}. */
    void forget() {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // a mark that cannot be removed is still checked against the boot and the journal
        }
    }
}
