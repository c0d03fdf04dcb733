package dev.wb.commands.sync;

import dev.wb.gitrun.ObjectReader;
import dev.wb.gitrun.SyncGit;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a fetch reads of the walked commits' content: each tree, its {@code events} blob and, from a
 * {@code --with-output} push, its {@code objects/} folder and their blobs, all through the walk's
 * one pair of {@code git cat-file} processes, within what one fetch may read in all.
 */
final class ChainContents {

    /** A folder of content: 92 bytes an object, so 1 MiB names ~11,000 (a push carries at most 64 MiB). */
    private static final long MAX_OBJECTS_TREE = 1024L * 1024;

    private final long maxRead;

    /** What this fetch may still read of blobs (events and content). */
    private long readLeft;

    ChainContents(long maxRead) {
        this.maxRead = maxRead;
        this.readLeft = maxRead;
    }

    /** What one commit holds: its events blob, and the content beside it by sha256 hex name. */
    // Bytes handed over once; never compared.
    @SuppressWarnings("ArrayRecordComponent")
    record Contents(byte[] events, Map<String, byte[]> objects) {}

    /**
     * Every walked commit's {@code events} blob and {@code objects} content, by ref and commit id; a ref
     * whose tree or blob fails is refused. Blobs are read in the order of the walk, events then
     * content, within what this fetch may still read.
     */
    Map<String, Map<String, Contents>> read(
            ObjectReader reader, Map<SyncRef, ? extends Collection<SyncCommit>> walks, Map<String, String> refused)
            throws IOException {
        List<String> treeIds = new ArrayList<>();
        walks.values().forEach(commits -> commits.forEach(c -> treeIds.add(c.tree())));
        Map<String, SyncGit.GitObject> trees = reader.read(treeIds, 4096, Long.MAX_VALUE);
        Map<String, Map<String, SyncCommit.Tree>> treesOf = new LinkedHashMap<>();
        List<String> objectTrees = new ArrayList<>();
        for (Map.Entry<SyncRef, ? extends Collection<SyncCommit>> entry : walks.entrySet()) {
            Map<String, SyncCommit.Tree> byCommit = new LinkedHashMap<>();
            try {
                for (SyncCommit c : entry.getValue()) {
                    SyncGit.GitObject tree = trees.get(c.tree());
                    if (tree == null
                            || !tree.type().equals("tree")
                            || tree.read().isEmpty()) {
                        throw new FetchedChains.Refusal("commit " + c.id() + " has no readable tree of one file");
                    }
                    SyncCommit.Tree read = SyncCommit.tree(c.tree(), tree.read().get());
                    read.objects().ifPresent(objectTrees::add);
                    byCommit.put(c.id(), read);
                }
                treesOf.put(entry.getKey().name(), byCommit);
            } catch (FetchedChains.Refusal | SyncCommit.MalformedException e) {
                refused.put(entry.getKey().name(), e.getMessage());
            }
        }
        // A folder of content: 92 bytes an object, so 1 MiB names ~11,000 (a push carries at most 64 MiB).
        Map<String, SyncGit.GitObject> folders = reader.read(objectTrees, MAX_OBJECTS_TREE, Long.MAX_VALUE);
        Map<String, Map<String, Map<String, String>>> objectIds = new LinkedHashMap<>();
        List<String> wantedBlobs = new ArrayList<>();
        for (Map.Entry<String, Map<String, SyncCommit.Tree>> ref : treesOf.entrySet()) {
            Map<String, Map<String, String>> byCommit = new LinkedHashMap<>();
            try {
                for (Map.Entry<String, SyncCommit.Tree> c : ref.getValue().entrySet()) {
                    wantedBlobs.add(c.getValue().events());
                    if (c.getValue().objects().isPresent()) {
                        String id = c.getValue().objects().get();
                        SyncGit.GitObject folder = folders.get(id);
                        if (folder == null
                                || !folder.type().equals("tree")
                                || folder.read().isEmpty()) {
                            throw new FetchedChains.Refusal(
                                    "commit " + c.getKey() + " has no readable folder of objects");
                        }
                        Map<String, String> named =
                                SyncCommit.objects(id, folder.read().get());
                        byCommit.put(c.getKey(), named);
                    }
                }
                objectIds.put(ref.getKey(), byCommit);
            } catch (FetchedChains.Refusal | SyncCommit.MalformedException e) {
                refused.put(ref.getKey(), e.getMessage());
            }
        }
        objectIds.values().forEach(byCommit -> byCommit.values().forEach(m -> wantedBlobs.addAll(m.values())));
        Map<String, SyncGit.GitObject> read = reader.read(wantedBlobs, FetchedChains.MAX_BLOB, readLeft);
        read.values()
                .forEach(o -> readLeft -= o.read().map(b -> (long) b.length).orElse(0L));
        Map<String, Map<String, Contents>> blobs = new LinkedHashMap<>();
        for (Map.Entry<String, Map<String, SyncCommit.Tree>> ref : treesOf.entrySet()) {
            if (refused.containsKey(ref.getKey())) {
                continue;
            }
            Map<String, Contents> byCommit = new LinkedHashMap<>();
            try {
                for (Map.Entry<String, SyncCommit.Tree> c : ref.getValue().entrySet()) {
                    byte[] events = blob(
                            read, c.getKey(), "an events blob", c.getValue().events());
                    Map<String, byte[]> objects = new LinkedHashMap<>();
                    Map<String, String> named =
                            objectIds.getOrDefault(ref.getKey(), Map.of()).getOrDefault(c.getKey(), Map.of());
                    for (Map.Entry<String, String> o : named.entrySet()) {
                        objects.put(o.getKey(), blob(read, c.getKey(), "object " + o.getKey(), o.getValue()));
                    }
                    byCommit.put(c.getKey(), new Contents(events, objects));
                }
                blobs.put(ref.getKey(), byCommit);
            } catch (FetchedChains.Refusal e) {
                refused.put(ref.getKey(), e.getMessage());
            }
        }
        return blobs;
    }

    private byte[] blob(Map<String, SyncGit.GitObject> read, String commit, String what, String id)
            throws FetchedChains.Refusal {
        SyncGit.GitObject blob = read.get(id);
        if (blob == null || !blob.type().equals("blob")) {
            throw new FetchedChains.Refusal("commit " + commit + " names " + what + " it does not hold");
        }
        if (blob.read().isEmpty()) {
            throw new FetchedChains.Refusal("commit " + commit + " holds " + what + " of " + blob.size()
                    + " bytes, over the limit of " + FetchedChains.MAX_BLOB + " a blob, or beyond the "
                    + maxRead + " bytes one fetch reads in all (fetch from a remote"
                    + " that holds fewer new events, or sync more often)");
        }
        return blob.read().get();
    }
}
