package dev.wb.git;

import java.io.IOException;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.eclipse.jgit.lib.BranchConfig;
import org.eclipse.jgit.lib.Config;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.IndexDiff;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Ref;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevSort;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.revwalk.filter.RevFilter;
import org.eclipse.jgit.submodule.SubmoduleWalk.IgnoreSubmoduleMode;
import org.eclipse.jgit.transport.RemoteConfig;
import org.eclipse.jgit.transport.URIish;
import org.eclipse.jgit.treewalk.FileTreeIterator;

/**
 * The checkout reads done with JGit, on the repository {@link JGitReads} opened: refs from its ref
 * database, remotes and upstreams from its configuration (with {@code insteadOf} applied by
 * {@link RemoteConfig}), tracked changes with {@link IndexDiff}, which never writes the index.
 */
final class JGitCheckoutReads implements CheckoutReads {

    private final Repository repo;

    JGitCheckoutReads(Repository repo) {
        this.repo = repo;
    }

    @Override
    public Optional<String> currentBranch() {
        try {
            String full = repo.getFullBranch();
            return full == null ? Optional.empty() : RefNames.branch(full);
        } catch (IOException e) {
            throw failed("read HEAD", e);
        }
    }

    @Override
    public Optional<String> upstream(String branch) {
        try {
            if (repo.exactRef(RefNames.HEADS + branch) == null) {
                return Optional.empty(); // git lists upstreams of existing branches only
            }
        } catch (IOException e) {
            throw failed("read branch " + branch, e);
        }
        String tracking = new BranchConfig(repo.getConfig(), branch).getTrackingBranch();
        return tracking == null ? Optional.empty() : RefNames.upstream(tracking);
    }

    @Override
    public List<Remote> remotes() {
        try {
            List<Remote> remotes = new ArrayList<>();
            for (RemoteConfig remote : RemoteConfig.getAllRemoteConfigs(repo.getConfig())) {
                String fetch = first(remote.getURIs());
                String push = remote.getPushURIs().isEmpty() ? fetch : first(remote.getPushURIs());
                remotes.add(new Remote(remote.getName(), fetch, push));
            }
            remotes.sort(Comparator.comparing(Remote::name));
            return remotes;
        } catch (URISyntaxException e) {
            throw new GitException("JGit could not read the remotes: " + e.getMessage(), e);
        }
    }

    private static String first(List<URIish> uris) {
        return uris.isEmpty() ? "" : uris.get(0).toString();
    }

    @Override
    public Optional<String> config(String key) {
        int first = key.indexOf('.');
        int last = key.lastIndexOf('.');
        if (first <= 0 || last == key.length() - 1) {
            return Optional.empty(); // git: "key does not contain a section"
        }
        String subsection = first == last ? null : key.substring(first + 1, last);
        Config config = repo.getConfig();
        return Optional.ofNullable(config.getString(key.substring(0, first), subsection, key.substring(last + 1)));
    }

    @Override
    public boolean hasTrackedChanges() {
        try {
            IndexDiff diff = new IndexDiff(repo, repo.resolve("HEAD^{tree}"), new FileTreeIterator(repo));
            diff.setIgnoreSubmoduleMode(IgnoreSubmoduleMode.UNTRACKED);
            diff.diff();
            return !(diff.getAdded().isEmpty()
                    && diff.getChanged().isEmpty()
                    && diff.getRemoved().isEmpty()
                    && diff.getMissing().isEmpty()
                    && diff.getModified().isEmpty()
                    && diff.getConflicting().isEmpty());
        } catch (IOException e) {
            throw failed("compare the work tree with HEAD", e);
        }
    }

    @Override
    public List<String> localBranches() {
        try {
            List<String> branches = new ArrayList<>();
            for (Ref ref : repo.getRefDatabase().getRefsByPrefix(RefNames.HEADS)) {
                RefNames.branch(ref.getName()).ifPresent(branches::add);
            }
            branches.sort(Comparator.naturalOrder());
            return branches;
        } catch (IOException e) {
            throw failed("list the branches", e);
        }
    }

    @Override
    public Optional<String> remoteHead(String remote) {
        try {
            Ref head = repo.exactRef(RefNames.REMOTES + remote + "/" + Constants.HEAD);
            if (head == null || !head.isSymbolic()) {
                return Optional.empty();
            }
            return RefNames.remoteBranch(remote, head.getTarget().getName());
        } catch (IOException e) {
            throw failed("read the HEAD of " + remote, e);
        }
    }

    @Override
    public List<String> commitsNotOn(String targetCommit) {
        try (RevWalk walk = new RevWalk(repo)) {
            ObjectId head = repo.resolve(Constants.HEAD + "^{commit}");
            if (head == null) {
                return List.of();
            }
            walk.markStart(walk.parseCommit(head));
            walk.markUninteresting(walk.parseCommit(ObjectId.fromString(targetCommit)));
            walk.setRevFilter(RevFilter.NO_MERGES);
            walk.sort(RevSort.TOPO, true);
            walk.sort(RevSort.REVERSE, true);
            List<String> commits = new ArrayList<>();
            for (RevCommit commit : walk) {
                commits.add(commit.name());
            }
            return commits;
        } catch (IOException e) {
            throw failed("list the commits not on " + targetCommit, e);
        }
    }

    @Override
    public boolean refExists(String ref) {
        try {
            Ref found = repo.exactRef(ref);
            return found != null && found.getObjectId() != null;
        } catch (IOException e) {
            throw failed("read " + ref, e);
        }
    }

    private static GitException failed(String what, IOException e) {
        return new GitException("JGit could not " + what + ": " + e.getMessage(), e);
    }
}
