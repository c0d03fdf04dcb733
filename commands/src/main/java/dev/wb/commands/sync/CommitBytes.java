package dev.wb.commands.sync;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;

/**
 * The bytes of the tree and commit {@code git fast-import} writes for one sync commit, computed as git
 * computes them: so a push knows the commit it made without reading it back. Only ever a hint (kept in
 * {@link ExportedTips}, where the next push checks it against the ref's tip and the commit's id).
 */
final class CommitBytes {

    private CommitBytes() {}

    /**
     * The commit's raw bytes: tree, parent, author and committer ({@code who}, one line each, as given to
     * fast-import), a blank line, the message.
     */
    static byte[] commit(
            int hexLength,
            byte[] events,
            Map<String, byte[]> objects,
            Optional<String> parent,
            String who,
            byte[] message) {
        ByteArrayOutputStream tree = new ByteArrayOutputStream();
        entry(tree, "100644", "events", id("blob", events, hexLength));
        if (!objects.isEmpty()) {
            ByteArrayOutputStream folder = new ByteArrayOutputStream();
            // objects is sorted by name (a TreeMap of hex names), as git orders a tree's entries
            objects.forEach((hex, content) -> entry(folder, "100644", hex, id("blob", content, hexLength)));
            entry(tree, "40000", "objects", id("tree", folder.toByteArray(), hexLength));
        }
        ByteArrayOutputStream commit = new ByteArrayOutputStream();
        String treeId = HexFormat.of().formatHex(id("tree", tree.toByteArray(), hexLength));
        commit.writeBytes(("tree " + treeId + "\n").getBytes(StandardCharsets.US_ASCII));
        parent.ifPresent(p -> commit.writeBytes(("parent " + p + "\n").getBytes(StandardCharsets.US_ASCII)));
        commit.writeBytes(("author " + who + "committer " + who + "\n").getBytes(StandardCharsets.UTF_8));
        commit.writeBytes(message);
        return commit.toByteArray();
    }

    private static void entry(ByteArrayOutputStream tree, String mode, String name, byte[] id) {
        tree.writeBytes((mode + " " + name + "\0").getBytes(StandardCharsets.UTF_8));
        tree.writeBytes(id);
    }

    private static byte[] id(String type, byte[] content, int hexLength) {
        return ExportedTips.rawObjectId(type, content, hexLength).orElseThrow();
    }
}
