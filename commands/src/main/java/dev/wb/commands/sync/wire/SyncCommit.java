package dev.wb.commands.sync.wire;

import dev.wb.commands.sync.trust.CommitSignature;
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
 * {@code Wb-Head}), its signature (checked, not yet trusted: {@link CommitSignature}); and the message a
 * push writes (docs/adr/0010).
 */
public record SyncCommit(
        String id, String tree, List<String> parents, Map<String, String> trailers, CommitSignature signature) {

    private static final Pattern VERSIONS = Pattern.compile("(\\d{1,18})\\.\\.(\\d{1,18})");

    /** A commit that is not one wb could have written. */
    public static final class MalformedException extends Exception {
        private static final long serialVersionUID = 1L;

        public MalformedException(String message) {
            super(message);
        }
    }

    public static String message(SyncRef ref, long from, StreamHead head) {
        return "wb sync " + ref.stream().name() + " " + from + ".." + head.version() + "\n\n"
                + "Wb-Stream: " + ref.stream().name() + "\n"
                + "Wb-Replica: " + ref.replica() + "\n"
                + "Wb-Versions: " + from + ".." + head.version() + "\n"
                + "Wb-Head: " + head.hash() + "\n";
    }

    public static SyncCommit parse(String id, byte[] raw) throws MalformedException {
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
        return new SyncCommit(id, tree, List.copyOf(parents), Map.copyOf(trailers), CommitSignature.of(raw));
    }

    public Optional<String> parent() {
        return parents.isEmpty() ? Optional.empty() : Optional.of(parents.get(0));
    }

    /** The versions the commit says it holds, {@code [from, to]}. */
    public long[] versions() throws MalformedException {
        String value = trailer("Wb-Versions");
        Matcher range = VERSIONS.matcher(value);
        if (!range.matches() || Long.parseLong(range.group(2)) < Long.parseLong(range.group(1))) {
            throw new MalformedException("commit " + id + " has Wb-Versions " + value + ", not <from>..<to>");
        }
        return new long[] {Long.parseLong(range.group(1)), Long.parseLong(range.group(2))};
    }

    public String trailer(String name) throws MalformedException {
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
    public static String eventsBlob(String treeId, byte[] rawTree) throws MalformedException {
        Tree tree = tree(treeId, rawTree);
        if (tree.objects().isPresent()) {
            throw new MalformedException("tree " + treeId + " is not one file named events");
        }
        return tree.events();
    }

    /** A sync commit's tree: the {@code events} blob, and the {@code objects} folder when output travelled. */
    public record Tree(String events, Optional<String> objects) {}

    /**
     * Reads a sync commit's tree: {@code events} (a file), and at most one more entry, the folder
     * {@code objects} ({@code wb sync push --with-output}). Anything else is not a tree wb writes.
     */
    public static Tree tree(String treeId, byte[] rawTree) throws MalformedException {
        String refused = "tree " + treeId + " is not one file named events (and a folder named objects)";
        List<Entry> entries;
        try {
            entries = entries(treeId, rawTree);
        } catch (MalformedException e) {
            throw new MalformedException(refused + ": " + e.getMessage());
        }
        if (entries.isEmpty()
                || entries.size() > 2
                || !entries.get(0).name().equals("events")
                || !entries.get(0).mode().equals("100644")) {
            throw new MalformedException(refused);
        }
        if (entries.size() == 1) {
            return new Tree(entries.get(0).id(), Optional.empty());
        }
        Entry objects = entries.get(1);
        if (!objects.name().equals("objects") || !objects.mode().equals("40000")) {
            throw new MalformedException(refused);
        }
        return new Tree(entries.get(0).id(), Optional.of(objects.id()));
    }

    /**
     * The {@code objects} folder of a sync commit: by sha256 hex name, each file's blob id. Every
     * entry is a file named by 64 lower-case hex characters, in git's order, none twice.
     */
    public static Map<String, String> objects(String treeId, byte[] rawTree) throws MalformedException {
        Map<String, String> objects = new LinkedHashMap<>();
        String last = "";
        for (Entry e : entries(treeId, rawTree)) {
            if (!e.mode().equals("100644")
                    || !HEX64.matcher(e.name()).matches()
                    || e.name().compareTo(last) <= 0) {
                throw new MalformedException("tree " + treeId + " (objects) holds " + e.name()
                        + ", which is not a file named by a sha256 digest");
            }
            objects.put(e.name(), e.id());
            last = e.name();
        }
        if (objects.isEmpty()) {
            throw new MalformedException("tree " + treeId + " (objects) is empty");
        }
        return objects;
    }

    private static final Pattern HEX64 = Pattern.compile("[0-9a-f]{64}");

    private record Entry(String mode, String name, String id) {}

    private static List<Entry> entries(String treeId, byte[] raw) throws MalformedException {
        int idBytes = treeId.length() / 2;
        List<Entry> entries = new ArrayList<>();
        int at = 0;
        while (at < raw.length) {
            int space = -1;
            int nul = -1;
            for (int i = at; i < raw.length && i < at + 300; i++) {
                if (raw[i] == ' ' && space < 0) {
                    space = i;
                } else if (raw[i] == 0) {
                    nul = i;
                    break;
                }
            }
            if (space < 0 || nul < 0 || nul + idBytes > raw.length) {
                throw new MalformedException("tree " + treeId + " cannot be read as a tree");
            }
            String mode = new String(raw, at, space - at, StandardCharsets.US_ASCII);
            String name = new String(raw, space + 1, nul - space - 1, StandardCharsets.UTF_8);
            String id = HexFormat.of().formatHex(raw, nul + 1, nul + 1 + idBytes);
            entries.add(new Entry(mode, name, id));
            at = nul + 1 + idBytes;
        }
        return entries;
    }
}
