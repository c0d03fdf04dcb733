package dev.wb.commands.judge.core;

import dev.wb.commands.base.Failure;
import dev.wb.engine.Digests;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A file as a review sees it, read without following links: its git mode and the SHA-256 of its
 * bytes (of the target text for a symbolic link). Streams the bytes, so a large file costs no memory.
 */
public record FileContent(String mode, String sha256) {

    public static final String REGULAR = "100644";
    public static final String EXECUTABLE = "100755";
    public static final String SYMLINK = "120000";

    /** The file at {@code file}, or empty when nothing (or a folder, or something else) is there. */
    public static Optional<FileContent> of(Path file) {
        try {
            if (Files.isSymbolicLink(file)) {
                String target = Files.readSymbolicLink(file).toString();
                return Optional.of(new FileContent(SYMLINK, Digests.sha256(target.getBytes(StandardCharsets.UTF_8))));
            }
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                return Optional.empty();
            }
            Set<PosixFilePermission> perms = Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS);
            String mode = perms.contains(PosixFilePermission.OWNER_EXECUTE) ? EXECUTABLE : REGULAR;
            return Optional.of(new FileContent(mode, sha256(file)));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new Failure(
                    Failure.Kind.NOT_COMPLETED,
                    "cannot read " + file + ": " + e.getMessage(),
                    List.of("check the file's permissions, then run the command again"));
        }
    }

    /**
     * The content id a fingerprint records: {@code git:<blob id>} (SHA-1 or SHA-256, by the id's
     * length) when {@code like} is one, else the SHA-256 of the bytes. Empty when nothing is there.
     */
    public static Optional<String> idLike(Path file, String like) {
        Optional<FileContent> content = of(file);
        if (content.isEmpty() || !like.startsWith("git:")) {
            return content.map(FileContent::sha256);
        }
        try {
            byte[] bytes = content.get().mode().equals(SYMLINK)
                    ? Files.readSymbolicLink(file).toString().getBytes(StandardCharsets.UTF_8)
                    : Files.readAllBytes(file);
            MessageDigest digest = MessageDigest.getInstance(like.length() == 4 + 64 ? "SHA-256" : "SHA-1");
            digest.update(("blob " + bytes.length + "\0").getBytes(StandardCharsets.US_ASCII));
            return Optional.of("git:" + HexFormat.of().formatHex(digest.digest(bytes)));
        } catch (IOException | NoSuchAlgorithmException e) {
            return Optional.empty();
        }
    }

    static String sha256(Path file) throws IOException {
        MessageDigest digest = newDigest();
        byte[] buffer = new byte[64 * 1024];
        try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
            int n;
            while ((n = in.read(buffer)) > 0) {
                digest.update(buffer, 0, n);
            }
        }
        return Digests.PREFIX + HexFormat.of().formatHex(digest.digest());
    }

    private static MessageDigest newDigest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
