package dev.wb.git;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Collects changed paths, one entry a path, sorted. The two rules every backend shares live here so
 * that they cannot drift apart:
 *
 * <ul>
 *   <li>A tracked change beats UNTRACKED for the same path: after {@code git rm --cached f} the
 *       path is both deleted from the index and an untracked file, and what the next commit does
 *       to the repository (delete it) is the answer.
 *   <li>The scope's own changes beat changes committed since the base: the working tree is the
 *       newer word on a path the branch also touched.
 * </ul>
 */
final class ChangeSet {

    private final Map<String, Change> changes = new TreeMap<>();

    /** Adds a change of the scope being read (working tree or index). */
    void add(ChangedPath path) {
        changes.merge(path.path(), path.change(), (old, fresh) -> old == Change.UNTRACKED ? fresh : old);
    }

    void addAll(List<ChangedPath> paths) {
        paths.forEach(this::add);
    }

    /** Adds changes committed since the base, where the scope did not already say something. */
    void addCommitted(List<ChangedPath> paths) {
        paths.forEach(path -> changes.putIfAbsent(path.path(), path.change()));
    }

    List<ChangedPath> sorted() {
        List<ChangedPath> sorted = new ArrayList<>(changes.size());
        changes.forEach((path, change) -> sorted.add(new ChangedPath(path, change)));
        return List.copyOf(sorted);
    }
}
