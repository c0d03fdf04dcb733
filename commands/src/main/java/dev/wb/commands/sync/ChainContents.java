package dev.wb.commands.sync;

import dev.wb.commands.sync.wire.SyncCommit;
import dev.wb.commands.sync.wire.SyncRef;
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
        List<String> objectTrees = new ArrayList<>();
        Map<String, Map<String, SyncCommit.Tree>> trees = trees(reader, walks, refused, objectTrees);
        Map<String, SyncGit.GitObject> folders = reader.read(objectTrees, MAX_OBJECTS_TREE, Long.MAX_VALUE);
        List<String> wantedBlobs = new ArrayList<>();
        Map<String, Map<String, Map<String, String>>> objectIds = objectIds(folders, trees, refused, wantedBlobs);
        objectIds.values().forEach(byCommit -> byCommit.values().forEach(m -> wantedBlobs.addAll(m.values())));
        Map<String, SyncGit.GitObject> read = reader.read(wantedBlobs, FetchedChains.MAX_BLOB, readLeft);
        read.values()
                .forEach(o -> readLeft -= o.read().map(b -> (long) b.length).orElse(0L));
        Map<String, Map<String, Contents>> blobs = new LinkedHashMap<>();
        for (Map.Entry<String, Map<String, SyncCommit.Tree>> ref : trees.entrySet()) {
            if (refused.containsKey(ref.getKey())) {
                continue;
            }
            Map<String, Contents> byCommit = new LinkedHashMap<>();
            try {
                for (Map.Entry<String, SyncCommit.Tree> c : ref.getValue().entrySet()) {
                    Map<String, String> named =
                            objectIds.getOrDefault(ref.getKey(), Map.of()).getOrDefault(c.getKey(), Map.of());
                    byCommit.put(c.getKey(), contents(read, c.getKey(), c.getValue(), named));
                }
                blobs.put(ref.getKey(), byCommit);
            } catch (FetchedChains.Refusal e) {
                refused.put(ref.getKey(), e.getMessage());
            }
        }
        return blobs;
    }

    /**
     * Each walked commit's tree, by ref name and commit id; a ref with a tree that fails is refused.
     * {@code objectTrees} gets the id of each {@code objects/} folder a tree names, in the order read.
     */
    private static Map<String, Map<String, SyncCommit.Tree>> trees(
            ObjectReader reader,
            Map<SyncRef, ? extends Collection<SyncCommit>> walks,
            Map<String, String> refused,
            List<String> objectTrees)
            throws IOException {
        List<String> treeIds = new ArrayList<>();
        walks.values().forEach(commits -> commits.forEach(c -> treeIds.add(c.tree())));
        Map<String, SyncGit.GitObject> trees = reader.read(treeIds, 4096, Long.MAX_VALUE);
        Map<String, Map<String, SyncCommit.Tree>> treesOf = new LinkedHashMap<>();
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
        return treesOf;
    }

    /**
     * The objects each commit's {@code objects/} folder ({@code folders}, as read) names, by ref name
     * and commit id, name to blob id; {@code wantedBlobs} gets each commit's events blob, in the order of the walk. A ref with a
     * folder that fails is refused.
     */
    private static Map<String, Map<String, Map<String, String>>> objectIds(
            Map<String, SyncGit.GitObject> folders,
            Map<String, Map<String, SyncCommit.Tree>> trees,
            Map<String, String> refused,
            List<String> wantedBlobs) {
        Map<String, Map<String, Map<String, String>>> objectIds = new LinkedHashMap<>();
        for (Map.Entry<String, Map<String, SyncCommit.Tree>> ref : trees.entrySet()) {
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
                        byCommit.put(
                                c.getKey(), SyncCommit.objects(id, folder.read().get()));
                    }
                }
                objectIds.put(ref.getKey(), byCommit);
            } catch (FetchedChains.Refusal | SyncCommit.MalformedException e) {
                refused.put(ref.getKey(), e.getMessage());
            }
        }
        return objectIds;
    }

    /** One commit's events blob and the content it names ({@code named}: name to blob id), as read. */
    private Contents contents(
            Map<String, SyncGit.GitObject> read, String commit, SyncCommit.Tree tree, Map<String, String> named)
            throws FetchedChains.Refusal {
        byte[] events = blob(read, commit, "an events blob", tree.events());
        Map<String, byte[]> objects = new LinkedHashMap<>();
        for (Map.Entry<String, String> o : named.entrySet()) {
            objects.put(o.getKey(), blob(read, commit, "object " + o.getKey(), o.getValue()));
        }
        return new Contents(events, objects);
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
