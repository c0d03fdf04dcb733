package dev.wb.git;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.eclipse.jgit.dircache.DirCacheIterator;
import org.eclipse.jgit.lib.IndexDiff;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.revwalk.filter.RevFilter;
import org.eclipse.jgit.submodule.SubmoduleWalk.IgnoreSubmoduleMode;
import org.eclipse.jgit.treewalk.AbstractTreeIterator;
import org.eclipse.jgit.treewalk.CanonicalTreeParser;
import org.eclipse.jgit.treewalk.EmptyTreeIterator;
import org.eclipse.jgit.treewalk.FileTreeIterator;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.eclipse.jgit.treewalk.filter.TreeFilter;

/**
 * Changed paths read with JGit, in the same vocabulary as git's status codes so both backends give
 * one answer: see {@link StatusCodes#worktreeChange} for the rules, {@link ChangeSet} for paths
 * that show up twice.
 */
final class JGitChanges {

    private JGitChanges() {}

    /**
     * HEAD against the working tree with {@link IndexDiff}, which compares file contents where the
     * index's stat data is stale and never writes the refreshed data back. Submodules are compared
     * as git's {@code --ignore-submodules=none} does (their commit, their own changes) but reported
     * as one path. The order of the lists decides which change a path that is in several keeps.
     */
    static List<ChangedPath> worktree(Repository repo) throws IOException {
        IndexDiff diff = new IndexDiff(repo, repo.resolve("HEAD^{tree}"), new FileTreeIterator(repo));
        diff.setIgnoreSubmoduleMode(IgnoreSubmoduleMode.NONE);
        diff.diff();
        List<ChangedPath> changes = new ArrayList<>();
        add(changes, diff.getConflicting(), Change.MODIFIED);
        add(changes, diff.getAdded(), Change.ADDED);
        add(changes, diff.getRemoved(), Change.DELETED);
        add(changes, diff.getMissing(), Change.DELETED);
        add(changes, diff.getChanged(), Change.MODIFIED);
        add(changes, diff.getModified(), Change.MODIFIED);
        add(changes, diff.getUntracked(), Change.UNTRACKED);
        return changes;
    }

    private static void add(List<ChangedPath> changes, Collection<String> paths, Change change) {
        paths.stream().sorted().forEach(path -> changes.add(new ChangedPath(path, change)));
    }

    /** HEAD against the index only: no working-tree walk, so it costs the same on any tree size. */
    static List<ChangedPath> staged(Repository repo) throws IOException {
        try (TreeWalk walk = new TreeWalk(repo)) {
            ObjectId head = repo.resolve("HEAD^{tree}");
            walk.addTree(head == null ? new EmptyTreeIterator() : tree(walk, head));
            walk.addTree(new DirCacheIterator(repo.readDirCache()));
            walk.setRecursive(true);
            walk.setFilter(UnmergedOrDifferent.INSTANCE);
            List<ChangedPath> changes = new ArrayList<>();
            while (walk.next()) {
                DirCacheIterator index = walk.getTree(1, DirCacheIterator.class);
                boolean unmerged = index != null && index.getDirCacheEntry().getStage() != 0;
                changes.add(new ChangedPath(walk.getPathString(), unmerged ? Change.MODIFIED : change(walk)));
            }
            return changes;
        }
    }

    /** What differs between merge-base(base, head) and head; the empty tree when they share no history. */
    static List<ChangedPath> since(Repository repo, ObjectId base, ObjectId head) throws IOException {
        try (RevWalk walk = new RevWalk(repo)) {
            RevCommit headCommit = walk.parseCommit(head);
            RevCommit baseCommit = walk.parseCommit(base);
            walk.setRevFilter(RevFilter.MERGE_BASE);
            walk.markStart(baseCommit);
            walk.markStart(headCommit);
            RevCommit mergeBase = walk.next();
            try (TreeWalk diff = new TreeWalk(repo)) {
                diff.addTree(mergeBase == null ? new EmptyTreeIterator() : tree(diff, mergeBase.getTree()));
                diff.addTree(tree(diff, headCommit.getTree()));
                diff.setRecursive(true);
                diff.setFilter(TreeFilter.ANY_DIFF);
                List<ChangedPath> changes = new ArrayList<>();
                while (diff.next()) {
                    changes.add(new ChangedPath(diff.getPathString(), change(diff)));
                }
                return changes;
            }
        }
    }

    private static AbstractTreeIterator tree(TreeWalk walk, ObjectId tree) throws IOException {
        return new CanonicalTreeParser(null, walk.getObjectReader(), tree);
    }

    /** Tree 0 is the "before", tree 1 the "after". */
    private static Change change(TreeWalk walk) {
        if (walk.getRawMode(0) == 0) {
            return Change.ADDED;
        }
        return walk.getRawMode(1) == 0 ? Change.DELETED : Change.MODIFIED;
    }

    /**
     * {@link TreeFilter#ANY_DIFF}, plus every unmerged index entry: a conflict whose stages all match
     * HEAD is still a path git reports ("U") and the next commit must resolve.
     */
    private static final class UnmergedOrDifferent extends TreeFilter {
        static final UnmergedOrDifferent INSTANCE = new UnmergedOrDifferent();

        @Override
        public boolean include(TreeWalk walk) throws IOException {
            DirCacheIterator index = walk.getTree(1, DirCacheIterator.class);
            if (index != null
                    && !walk.isSubtree()
                    && index.getDirCacheEntry() != null
                    && index.getDirCacheEntry().getStage() != 0) {
                return true;
            }
            return TreeFilter.ANY_DIFF.include(walk);
        }

        @Override
        public boolean shouldBeRecursive() {
            return false;
        }

        @Override
        public TreeFilter clone() {
            return this;
        }
    }
}
