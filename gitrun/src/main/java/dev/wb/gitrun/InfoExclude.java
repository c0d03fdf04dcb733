package dev.wb.gitrun;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The clone-local ignore rules in {@code <common dir>/info/exclude}. {@code wb preflight} keeps an
 * in-clone folder that {@code security.extra_environment} hands to agents (a toolchain cache) out of
 * every diff by making sure its {@code /path/} rule is there. The file belongs to the user: every line
 * already in it stays, in order, a missing rule is appended (under wb's one comment line, written
 * once), and the file keeps its mode ({@code 0644}, git's, when wb creates it). The new content
 * replaces the old in one atomic rename, so a crash leaves either the old file or the new one, never
 * half of either.
 * Lives in gitrun because only gitrun writes into a repository.
 */
public final class InfoExclude {

    /** What {@link #ensure} found and did: the rules already there, and the ones it appended. */
    public record Repair(Path file, List<String> present, List<String> added) {
        public Repair {
            Objects.requireNonNull(file, "file");
            present = List.copyOf(present);
            added = List.copyOf(added);
        }
    }

    /** The comment wb writes above the rules it appends, once per file. */
    static final String HEADER = "# kept out of diffs by wb preflight (security.extra_environment paths)";

    private static final Set<PosixFilePermission> GIT_MODE = PosixFilePermissions.fromString("rw-r--r--");

    private InfoExclude() {}

    /** The exclude file of a clone whose common git directory is {@code commonDir}. */
    public static Path file(Path commonDir) {
        return commonDir.resolve("info").resolve("exclude");
    }

    /**
     * Makes sure every rule is a line of the clone's exclude file, appending those that are not;
     * writes nothing when all are present.
     *
     * @param commonDir the directory shared by all worktrees of the clone ({@code .git} of a plain clone)
     * @param rules whole lines such as {@code /.cache/dotnet/}
     * @throws IOException when the file cannot be read or replaced, or is a symbolic link (wb does not
     *     write through a link into a place it did not choose)
     */
    public static Repair ensure(Path commonDir, List<String> rules) throws IOException {
        return ensure(commonDir, HEADER, rules);
    }

    /**
     * {@link #ensure(Path, List)} with the comment line that says which wb command added the rules; that
     * line marks them as wb's, for {@link #removeOwn}.
     */
    public static Repair ensure(Path commonDir, String header, List<String> rules) throws IOException {
        if (!header.startsWith("# ") || header.contains("\n") || header.contains("\r")) {
            throw new IllegalArgumentException("a header is one comment line, not \"" + header + "\"");
        }
        Path file = file(commonDir);
        if (Files.isSymbolicLink(file)) {
            throw new IOException(file + " is a symbolic link; wb does not replace it");
        }
        String existing = Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)
                ? Files.readString(file, StandardCharsets.UTF_8)
                : "";
        List<String> lines = existing.lines().map(String::strip).toList();
        List<String> present = new ArrayList<>();
        List<String> added = new ArrayList<>();
        for (String rule : rules) {
            if (rule.isBlank() || rule.contains("\n") || rule.contains("\r")) {
                throw new IllegalArgumentException("an exclude rule is one non-blank line, not \"" + rule + "\"");
            }
            if (lines.contains(rule) || present.contains(rule)) {
                if (!present.contains(rule)) {
                    present.add(rule);
                }
            } else if (!added.contains(rule)) {
                added.add(rule);
            }
        }
        if (!added.isEmpty()) {
            StringBuilder content = new StringBuilder(existing);
            if (!existing.isEmpty() && !existing.endsWith("\n")) {
                content.append('\n');
            }
            if (!lines.contains(header)) {
                content.append(header).append('\n');
            }
            added.forEach(rule -> content.append(rule).append('\n'));
            replace(file, content.toString().getBytes(StandardCharsets.UTF_8));
        }
        return new Repair(file, present, added);
    }

    /** Whether the file holds {@code rule} directly below {@code header}: the rule wb added, not the user's. */
    public static boolean hasOwn(Path commonDir, String header, String rule) throws IOException {
        Path file = file(commonDir);
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            return false;
        }
        List<String> lines = Files.readString(file, StandardCharsets.UTF_8)
                .lines()
                .map(String::strip)
                .toList();
        for (int i = 0; i + 1 < lines.size(); i++) {
            if (lines.get(i).equals(header) && lines.get(i + 1).equals(rule)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Removes the rule wb added under {@code header}: the rule line directly below that header, with
     * the header. A rule anywhere else is the user's, however it reads, and stays; so does every other
     * line, in order. Writes nothing when wb's rule is not there.
     *
     * @return whether wb's rule was there and is gone
     * @throws IOException when the file cannot be read or replaced, or is a symbolic link
     */
    public static boolean removeOwn(Path commonDir, String header, String rule) throws IOException {
        Path file = file(commonDir);
        if (Files.isSymbolicLink(file)) {
            throw new IOException(file + " is a symbolic link; wb does not replace it");
        }
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            return false;
        }
        String existing = Files.readString(file, StandardCharsets.UTF_8);
        List<String> lines = new ArrayList<>(existing.lines().toList());
        for (int i = 0; i + 1 < lines.size(); i++) {
            if (lines.get(i).strip().equals(header) && lines.get(i + 1).strip().equals(rule)) {
                lines.remove(i + 1);
                lines.remove(i);
                // The line that preceded wb's two ended with a newline; the file's own last line keeps its form.
                boolean newlineAtEnd = existing.endsWith("\n") || i == lines.size();
                String content = lines.isEmpty() ? "" : String.join("\n", lines) + (newlineAtEnd ? "\n" : "");
                replace(file, content.getBytes(StandardCharsets.UTF_8));
                return true;
            }
        }
        return false;
    }

    /**
     * Writes a sibling temporary file with the target's mode (git's {@code 0644} for a new file, not
     * the temporary file's {@code 0600}), forces it to disk, and renames it over the target.
     */
    private static void replace(Path file, byte[] content) throws IOException {
        Files.createDirectories(file.getParent());
        Path temp = Files.createTempFile(file.getParent(), ".exclude-", ".tmp");
        try {
            PosixFileAttributeView posix = Files.getFileAttributeView(temp, PosixFileAttributeView.class);
            if (posix != null) {
                posix.setPermissions(
                        Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)
                                ? Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS)
                                : GIT_MODE);
            }
            try (FileChannel channel =
                    FileChannel.open(temp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                ByteBuffer buffer = ByteBuffer.wrap(content);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
                channel.force(true);
            }
            try {
                Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
