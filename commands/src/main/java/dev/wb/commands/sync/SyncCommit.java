package dev.wb.commands.sync;

import dev.wb.engine.StreamHead;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A sync commit as git stores it, read without trusting it: its tree, its parents and the trailers of
 * its message ({@code Wb-Stream}, {@code Wb-Replica}, {@code Wb-Versions: <from>..<to>},
 * {@code Wb-Head}); and the message a push writes (docs/adr/0010).
 */
record SyncCommit(String id, String tree, List<String> parents, Map<String, String> trailers) {

    private static final Pattern VERSIONS = Pattern.compile("(\\d{1,18})\\.\\.(\\d{1,18})");

    /** A commit that is not one wb could have written. */
    static final class MalformedException extends Exception {
        private static final long serialVersionUID = 1L;

        MalformedException(String message) {
            super(message);
        }
    }

    static String message(SyncRef ref, long from, StreamHead head) {
        return "wb sync " + ref.stream().name() + " " + from + ".." + head.version() + "\n\n"
                + "Wb-Stream: " + ref.stream().name() + "\n"
                + "Wb-Replica: " + ref.replica() + "\n"
                + "Wb-Versions: " + from + ".." + head.version() + "\n"
                + "Wb-Head: " + head.hash() + "\n";
    }

    static SyncCommit parse(String id, byte[] raw) throws MalformedException {
        String text = new String(raw, StandardCharsets.UTF_8);
        int blank = text.indexOf("\n\n");
        if (blank < 0) {
            throw new MalformedException("commit " + id + " has no message");
        }
        String tree = null;
        List<String> parents = new ArrayList<>();
        for (String line : text.substring(0, blank).split("\n", -1)) {
            if (line.startsWith("tree ")) {
                tree = line.substring(5);
            } else if (line.startsWith("parent ")) {
                parents.add(line.substring(7));
            }
        }
        if (tree == null) {
            throw new MalformedException("commit " + id + " names no tree");
        }
        Map<String, String> trailers = new LinkedHashMap<>();
        for (String line : text.substring(blank + 2).split("\n", -1)) {
            int colon = line.indexOf(": ");
            if (line.startsWith("Wb-") && colon > 0) {
                if (trailers.put(line.substring(0, colon), line.substring(colon + 2)) != null) {
                    throw new MalformedException("commit " + id + " says " + line.substring(0, colon) + " twice");
                }
            }
        }
        return new SyncCommit(id, tree, List.copyOf(parents), Map.copyOf(trailers));
    }

    Optional<String> parent() {
        return parents.isEmpty() ? Optional.empty() : Optional.of(parents.get(0));
    }

    /** The versions the commit says it holds, {@code [from, to]}. */
    long[] versions() throws MalformedException {
        String value = trailer("Wb-Versions");
        Matcher range = VERSIONS.matcher(value);
        if (!range.matches() || Long.parseLong(range.group(2)) < Long.parseLong(range.group(1))) {
            throw new MalformedException("commit " + id + " has Wb-Versions " + value + ", not <from>..<to>");
        }
        return new long[] {Long.parseLong(range.group(1)), Long.parseLong(range.group(2))};
    }

    String trailer(String name) throws MalformedException {
        String value = trailers.get(name);
        if (value == null) {
            throw new MalformedException("commit " + id + " has no " + name + " trailer");
        }
        return value;
    }

    /**
     * The one blob of a sync commit's tree: the id of its {@code events} entry. A tree that holds
     * anything else (another name, a folder, a second entry) is not one wb writes.
     */
    static String eventsBlob(String treeId, byte[] rawTree) throws MalformedException {
        int idBytes = treeId.length() / 2;
        String entry = "100644 events";
        byte[] prefix = (entry + "\0").getBytes(StandardCharsets.US_ASCII);
        if (rawTree.length != prefix.length + idBytes) {
            throw new MalformedException("tree " + treeId + " is not one file named events");
        }
        for (int i = 0; i < prefix.length; i++) {
            if (rawTree[i] != prefix[i]) {
                throw new MalformedException("tree " + treeId + " is not one file named events");
            }
        }
        return HexFormat.of().formatHex(rawTree, prefix.length, rawTree.length);
    }
}
