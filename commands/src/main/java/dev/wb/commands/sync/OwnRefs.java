package dev.wb.commands.sync;

import dev.wb.gitrun.SyncGit;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The tips of a few of this replica's own refs, read in-process where git keeps them as plain loose
 * refs ({@code .git/refs/wb/…}, one object id a line, which git writes whole by rename and which
 * always wins over {@code packed-refs}); anything else — a ref not loose, a linked worktree, a
 * {@code GIT_DIR} in the environment, a symbolic ref — is asked of git ({@code for-each-ref}), so the
 * answer is git's either way. Only reads.
 */
final class OwnRefs {

    private static final Pattern SHA256 = Pattern.compile("\\s*(?i:objectformat)\\s*=\\s*(?i:sha256)\\s*");
    private static final Pattern ID = Pattern.compile("[0-9a-f]{40}|[0-9a-f]{64}");

    private OwnRefs() {}

    /** Each named ref (full names under {@code refs/wb/}) that exists, and the commit it names. */
    static Map<String, String> read(Path root, Map<String, String> env, SyncGit git, Collection<String> refs)
            throws IOException {
        Map<String, String> tips = new HashMap<>();
        if (refs.isEmpty()) {
            return tips;
        }
        Optional<Path> gitDir = plainGitDir(root, env);
        boolean askGit = gitDir.isEmpty();
        Map<String, String> packed = null;
        for (String ref : refs) {
            if (askGit) {
                break;
            }
            Optional<String> loose = loose(gitDir.get(), ref);
            if (loose.isPresent()) {
                tips.put(ref, loose.get());
                continue;
            }
            if (packed == null) {
                packed = packed(gitDir.get());
            }
            if (packed == null || Files.exists(gitDir.get().resolve(ref), LinkOption.NOFOLLOW_LINKS)) {
                askGit = true; // a loose ref that is not plain, or packed-refs unreadable: git says
            } else if (packed.containsKey(ref)) {
                tips.put(ref, packed.get(ref));
            }
        }
        if (askGit) {
            tips.clear();
            Map<String, String> listed = git.refs(SyncGit.OWN);
            for (String ref : refs) {
                String tip = listed.get(ref);
                if (tip != null) {
                    tips.put(ref, tip);
                }
            }
        }
        return tips;
    }

    /**
     * The length of this repository's object ids in hex: 64 when its {@code .git/config} sets {@code
     * extensions.objectFormat = sha256} (the one place git reads it from), 40 otherwise; 0 when the
     * repository is not a plain {@code .git} folder. Only a hint (see {@link CommitBytes}).
     */
    static int hexLength(Path root, Map<String, String> env) {
        Optional<Path> gitDir = plainGitDir(root, env);
        if (gitDir.isEmpty()) {
            return 0;
        }
        try {
            Path config = gitDir.get().resolve("config");
            if (!Files.isRegularFile(config, LinkOption.NOFOLLOW_LINKS) || Files.size(config) > 1024 * 1024) {
                return 0;
            }
            for (String line : Files.readAllLines(config, StandardCharsets.UTF_8)) {
                if (SHA256.matcher(line).matches()) {
                    return 64;
                }
            }
            return 40;
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    private static Optional<Path> plainGitDir(Path root, Map<String, String> env) {
        if (env.containsKey("GIT_DIR") || env.containsKey("GIT_COMMON_DIR")) {
            return Optional.empty();
        }
        Path dir = root.resolve(".git");
        return Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS) && !Files.exists(dir.resolve("commondir"))
                ? Optional.of(dir)
                : Optional.empty();
    }

    /** The refs under {@code refs/wb/} that {@code packed-refs} holds (none when there is no such file); null when unreadable. */
    private static Map<String, String> packed(Path gitDir) {
        Path file = gitDir.resolve("packed-refs");
        Map<String, String> refs = new HashMap<>();
        try {
            if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
                return refs;
            }
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) || Files.size(file) > 64L * 1024 * 1024) {
                return null;
            }
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                int space = line.indexOf(' ');
                if (space > 0
                        && line.startsWith(SyncGit.OWN, space + 1)
                        && ID.matcher(line.substring(0, space)).matches()) {
                    refs.put(line.substring(space + 1), line.substring(0, space));
                }
            }
            return refs;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static Optional<String> loose(Path gitDir, String ref) {
        if (!ref.startsWith(SyncGit.OWN) || ref.contains("..")) {
            return Optional.empty();
        }
        Path file = gitDir.resolve(ref);
        try {
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) || Files.size(file) > 128) {
                return Optional.empty();
            }
            String text = Files.readString(file, StandardCharsets.US_ASCII);
            String id = text.endsWith("\n") ? text.substring(0, text.length() - 1) : "";
            return ID.matcher(id).matches() ? Optional.of(id) : Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
