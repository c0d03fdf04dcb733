package dev.wb.commands.judge.snapshot;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.judge.core.ChangedFile;
import dev.wb.commands.judge.core.FileContent;
import dev.wb.commands.policy.ReadPolicy;
import dev.wb.engine.Digests;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.git.Backend;
import dev.wb.git.Change;
import dev.wb.git.ChangedPath;
import dev.wb.git.GitException;
import dev.wb.git.GitRepository;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The live working tree over a snapshot's coverage (tracked files and untracked files git does not
 * ignore, blocked paths aside), compared with the snapshot's content. The snapshot is its HEAD plus
 * an overlay; the live tree equals it exactly when its own differences from that HEAD are the same
 * paths with the same bytes and modes. Ignored paths (build output) are outside the coverage and may
 * change freely. One {@code git diff} and one {@code git ls-files} do it, whatever the tree's size.
 */
public final class LiveTree {

    /** The comparison: the paths that differ (sorted), and a digest of the live coverage's content. */
    public record Comparison(List<String> changed, String contentDigest) {
        public boolean matches() {
            return changed.isEmpty();
        }
    }

    private LiveTree() {}

    public static Comparison compare(Workspace workspace, Snapshot snapshot, Map<String, String> env) {
        return compare(workspace, snapshot, env, Set.of());
    }

    /** As {@link #compare(Workspace, Snapshot, Map)}, with {@code leftOut} paths compared on neither side. */
    public static Comparison compare(
            Workspace workspace, Snapshot snapshot, Map<String, String> env, Set<String> leftOut) {
        ReadPolicy policy = ReadPolicy.load(workspace);
        try (GitRepository live = GitRepository.open(workspace.root(), env, Backend.AUTO)) {
            if (live.resolveCommit(snapshot.head()).isEmpty()) {
                return new Comparison(
                        List.of("(HEAD: the snapshot's commit " + snapshot.head() + " is not in this repository)"), "");
            }
            Map<String, ChangedFile> observed = new TreeMap<>();
            for (ChangedPath path : live.review().againstWorktree(snapshot.head())) {
                if (policy.blocked(path.path()) || leftOut.contains(path.path())) {
                    continue;
                }
                Optional<FileContent> content = path.change() == Change.DELETED
                        ? Optional.empty()
                        : FileContent.of(workspace.root().resolve(path.path()));
                String change = path.change() == Change.MODIFIED ? ChangedFile.MODIFIED : ChangedFile.ADDED;
                observed.put(
                        path.path(),
                        content.map(c -> new ChangedFile(
                                        path.path(), change, Optional.of(c.mode()), Optional.of(c.sha256())))
                                .orElse(ChangedFile.deleted(path.path())));
            }
            Map<String, ChangedFile> expected = new TreeMap<>();
            snapshot.overlay().stream()
                    .filter(file -> !leftOut.contains(file.path()))
                    .forEach(file -> expected.put(file.path(), file));
            TreeSet<String> changed = new TreeSet<>();
            observed.forEach((path, file) -> {
                ChangedFile want = expected.get(path);
                if (want == null || !same(want, file)) {
                    changed.add(path);
                }
            });
            expected.keySet().stream()
                    .filter(path -> !observed.containsKey(path))
                    .forEach(changed::add);
            return new Comparison(List.copyOf(changed), digest(snapshot.head(), observed.values()));
        } catch (GitException e) {
            throw new Failure(
                    Failure.Kind.NOT_COMPLETED,
                    "git could not compare the working tree with " + snapshot.label() + ": " + e.getMessage(),
                    List.of("check the repository with: git status, then run again"));
        }
    }

    /** The snapshot's own content digest in the same terms, for a receipt's before/after. */
    public static String digestOf(Snapshot snapshot) {
        return digest(snapshot.head(), snapshot.overlay());
    }

    private static boolean same(ChangedFile a, ChangedFile b) {
        return a.isDeleted() == b.isDeleted()
                && a.mode().equals(b.mode())
                && a.sha256().equals(b.sha256());
    }

    private static String digest(String head, Collection<ChangedFile> files) {
        ObjectNode node = CanonicalJson.objectNode();
        node.put("head", head);
        ArrayNode list = node.putArray("overlay");
        List<ChangedFile> sorted = new ArrayList<>(files);
        sorted.sort(Comparator.comparing(ChangedFile::path));
        sorted.forEach(file -> {
            ObjectNode entry = list.addObject();
            entry.put("path", file.path());
            entry.put("deleted", file.isDeleted());
            file.mode().ifPresent(m -> entry.put("mode", m));
            file.sha256().ifPresent(d -> entry.put("sha256", d));
        });
        return Digests.sha256(CanonicalJson.bytes(node));
    }
}
