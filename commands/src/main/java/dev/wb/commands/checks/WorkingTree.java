package dev.wb.commands.checks;

import dev.wb.commands.base.Workspace;
import dev.wb.commands.git.Repositories;
import dev.wb.commands.impl.ScopeExclusions;
import dev.wb.git.ChangeScope;
import dev.wb.git.ChangedPath;
import dev.wb.git.GitException;
import dev.wb.git.GitRepository;
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
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What a check may not change: the task's diff as the gate saw it. A check is a verdict on the code, so a
 * check that rewrites the code (a formatter not in check mode, {@code sh -c "… >> README.md"}, a
 * {@code git add} or a commit) passes on code no one reviewed; the orchestrator parks such a task
 * ("a check mutated the working tree"). Its fingerprint is HEAD and the branch, and every path of the
 * working tree that differs from HEAD — staged and unstaged, untracked files that are not ignored — with
 * how it differs and a digest of its content now, so a second edit of a file the task already changed
 * counts too. Like the diff, it leaves out wb's own files and generated output ({@link ScopeExclusions}):
 * build output is what checks are for.
 */
record WorkingTree(Optional<String> head, Optional<String> branch, Map<String, String> paths) {

    /** The fingerprint now. */
    static WorkingTree of(Workspace workspace, Map<String, String> env) {
        try (GitRepository git = Repositories.open(workspace, env)) {
            Map<String, String> paths = new TreeMap<>();
            for (ChangeScope scope : ChangeScope.values()) {
                for (ChangedPath p : git.changedPaths(scope, Optional.empty())) {
                    if (ScopeExclusions.reason(p.path()) == null) {
                        paths.merge(p.path(), scope + ":" + p.change(), (a, b) -> a + "," + b);
                    }
                }
            }
            paths.replaceAll((path, how) -> how + "@" + digest(git.root().resolve(path)));
            return new WorkingTree(git.head(), git.currentBranch(), paths);
        } catch (GitException e) {
            throw Repositories.failure(e);
        }
    }

    /**
     * The paths whose state differs between this fingerprint and a later one, sorted, and {@code HEAD} first
     * when a commit was made or the branch switched; empty when nothing changed.
     */
    List<String> changedBy(WorkingTree after) {
        List<String> changed = new ArrayList<>();
        if (!head.equals(after.head) || !branch.equals(after.branch)) {
            changed.add("HEAD");
        }
        TreeSet<String> all = new TreeSet<>(paths.keySet());
        all.addAll(after.paths.keySet());
        for (String path : all) {
            if (!Objects.equals(paths.get(path), after.paths.get(path))) {
                changed.add(path);
            }
        }
        return List.copyOf(changed);
    }

    /** The content's SHA-256; a link's target, not what it points at; {@code absent} for a path not there. */
    private static String digest(Path file) {
        try {
            if (Files.isSymbolicLink(file)) {
                return "link:" + Files.readSymbolicLink(file);
            }
            if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
                return "absent";
            }
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                return "not-a-file";
            }
            MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
            try (InputStream in = new DigestInputStream(Files.newInputStream(file), sha256)) {
                in.transferTo(OutputStream.nullOutputStream());
            }
            return HexFormat.of().formatHex(sha256.digest());
        } catch (IOException e) {
            // A file no one may read has no digest; a change of that state is a change.
            return "unreadable";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
