package dev.wb.commands.judge.run;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.base.Failure;
import dev.wb.engine.Digests;
import dev.wb.engine.json.CanonicalJson;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;

/**
 * The project's lockfiles, as a receipt binds them: which dependency versions a run stood on. Only the
 * project root is looked at, for the names the common package managers write there.
 *
 * <p>A lockfile name that is a symbolic link, a folder or anything but a regular file is not a lockfile:
 * a link can point outside the project, where its bytes are not part of what was reviewed. It is left
 * out of the digest, and {@link NodeInstall} names it when it was the one an install needed.
 */
public final class Lockfiles {

    /** Lockfile names at a project's root, in {@link String} order. */
    public static final List<String> NAMES = List.of(
            "Cargo.lock",
            "Gemfile.lock",
            "Package.resolved",
            "Pipfile.lock",
            "bun.lock",
            "bun.lockb",
            "composer.lock",
            "deno.lock",
            "go.sum",
            "gradle.lockfile",
            "mix.lock",
            "npm-shrinkwrap.json",
            "package-lock.json",
            "packages.lock.json",
            "pdm.lock",
            "pnpm-lock.yaml",
            "poetry.lock",
            "pubspec.lock",
            "uv.lock",
            "yarn.lock");

    /** The digest when there is no lockfile: of the empty list, {@code []}. */
    public static final String EMPTY_DIGEST =
            Digests.sha256(CanonicalJson.bytes(CanonicalJson.objectNode().arrayNode()));

    public record Found(String name, String digest) {}

    private Lockfiles() {}

    /** The lockfiles at the root that are regular files, sorted by name, each with its content's digest. */
    public static List<Found> find(Path root) {
        List<Found> found = new ArrayList<>();
        for (String name : NAMES) {
            Path file = root.resolve(name);
            if (Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                found.add(new Found(name, digestOf(file)));
            }
        }
        found.sort(Comparator.comparing(Found::name));
        return List.copyOf(found);
    }

    /** {@code sha256:} over the canonical JSON {@code [{"digest":…,"name":…},…]} of {@link #find}. */
    public static String digest(Path root) {
        ArrayNode list = CanonicalJson.objectNode().arrayNode();
        for (Found lockfile : find(root)) {
            ObjectNode entry = list.addObject();
            entry.put("name", lockfile.name());
            entry.put("digest", lockfile.digest());
        }
        return Digests.sha256(CanonicalJson.bytes(list));
    }

    /** Streamed: a lockfile can run to megabytes. Opened without following a link swapped in since the check. */
    private static String digestOf(Path file) {
        try {
            MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
            try (InputStream in =
                    new DigestInputStream(Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS), sha256)) {
                in.transferTo(OutputStream.nullOutputStream());
            }
            return Digests.PREFIX + HexFormat.of().formatHex(sha256.digest());
        } catch (IOException e) {
            throw new Failure(
                    Failure.Kind.CHECK_FAILED,
                    "cannot read the lockfile " + file + ": " + e.getMessage(),
                    List.of("check that " + file + " is readable"));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
