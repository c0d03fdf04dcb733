package dev.wb.commands.judge.snapshot;

import static dev.wb.commands.judge.snapshot.JudgePrune.CAPTURE_GRACE;
import static dev.wb.commands.judge.snapshot.JudgePrune.relative;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.judge.snapshot.JudgePrune.Broken;
import dev.wb.commands.judge.snapshot.JudgePrune.Capture;
import dev.wb.commands.judge.snapshot.JudgePrune.Entry;
import dev.wb.commands.judge.snapshot.JudgePrune.Why;
import dev.wb.engine.json.CanonicalJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * What is under snapshots/: each folder sorted into a snapshot, a capture folder or a broken entry, and which
 * snapshots a prune keeps.
 */
final class PruneSurvey {

    private PruneSurvey() {}

    /** What a survey found, as it goes: the snapshots, the capture folders and the broken entries. */
    record Found(List<Entry> entries, List<Capture> captures, List<Broken> broken) {}

    /** A folder that is not a usable snapshot, and why: it is left in place. */
    private static final class LeftInPlace extends Exception {
        LeftInPlace(String reason) {
            super(reason, null, false, false);
        }
    }

    /** Sorts one folder under snapshots/ into a snapshot, a capture folder or a broken entry. */
    static void classify(Workspace workspace, Path child, Clock clock, Found found) {
        String name = child.getFileName().toString();
        String shown = relative(workspace, child);
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(child, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            found.broken().add(new Broken(shown, "cannot be read (" + e.getMessage() + "); left in place"));
            return;
        }
        if (name.startsWith(".capture-")) {
            found.captures().add(capture(child, shown, attributes, clock));
            return;
        }
        try {
            found.entries().add(entry(child, name, attributes));
        } catch (LeftInPlace e) {
            found.broken().add(new Broken(shown, e.getMessage()));
        }
    }

    /** A capture folder: left while a capture may still be writing it, deleted once it is older. */
    private static Capture capture(Path child, String shown, BasicFileAttributes attributes, Clock clock) {
        Instant changed = lastChange(child, attributes).truncatedTo(ChronoUnit.SECONDS);
        Duration age = Duration.between(changed, clock.instant());
        if (attributes.isDirectory() && age.compareTo(CAPTURE_GRACE) < 0) {
            return new Capture(
                    shown,
                    false,
                    "changed " + changed + ", within the last " + CAPTURE_GRACE.toMinutes()
                            + " minutes: a capture may still be writing it; left");
        }
        return new Capture(shown, true, "a temporary capture folder left behind (last changed " + changed + ")");
    }

    /** A snapshot folder's entry, from its metadata. */
    private static Entry entry(Path child, String name, BasicFileAttributes attributes) throws LeftInPlace {
        if (!Candidate.SNAPSHOT_ID.matcher(name).matches()) {
            throw new LeftInPlace("not a snapshot id (20 hex digits) or a capture folder; left in place");
        }
        if (attributes.isSymbolicLink()) {
            throw new LeftInPlace("a symbolic link, not followed; left in place");
        }
        if (!attributes.isDirectory()) {
            throw new LeftInPlace("not a folder; left in place");
        }
        JsonNode node = metadata(child);
        if (!node.path("id").isTextual() || !node.path("id").asText().equals(name)) {
            throw new LeftInPlace(Snapshot.METADATA + " names another id ("
                    + (node.has("id") ? node.get("id").toString() : "none") + "); left in place");
        }
        JsonNode parent = node.get("parent");
        Optional<String> parentId = Optional.empty();
        if (parent != null && !parent.isNull()) {
            if (!parent.isTextual()
                    || !Candidate.SNAPSHOT_ID.matcher(parent.asText()).matches()) {
                throw new LeftInPlace(Snapshot.METADATA + " has a malformed parent (" + parent + "); left in place");
            }
            parentId = Optional.of(parent.asText());
        }
        Optional<Instant> created = node.path("createdAt").isTextual()
                ? instant(node.path("createdAt").asText())
                : Optional.empty();
        Optional<String> task = node.path("taskId").isTextual()
                ? Optional.of(node.path("taskId").asText())
                : Optional.empty();
        return new Entry(
                name,
                task,
                parentId,
                created.orElse(attributes.lastModifiedTime().toInstant()),
                created.isPresent(),
                receipts(child),
                true,
                Why.NEWEST,
                Optional.empty());
    }

    /** The folder's metadata, a JSON object. */
    private static JsonNode metadata(Path child) throws LeftInPlace {
        Path metadata = child.resolve(Snapshot.METADATA);
        JsonNode node;
        try {
            if (!Files.isRegularFile(metadata, LinkOption.NOFOLLOW_LINKS)) {
                throw new LeftInPlace("no " + Snapshot.METADATA + "; left in place");
            }
            node = CanonicalJson.parse(Files.readAllBytes(metadata));
        } catch (IOException e) {
            throw new LeftInPlace(Snapshot.METADATA + " cannot be read (" + e.getMessage() + "); left in place");
        } catch (RuntimeException e) {
            throw new LeftInPlace(Snapshot.METADATA + " is not valid JSON; left in place");
        }
        if (node == null || !node.isObject()) {
            throw new LeftInPlace(Snapshot.METADATA + " is not a JSON object; left in place");
        }
        return node;
    }

    /** Newest first; the newest {@code keep} and their ancestors kept, the rest deleted. */
    static List<Entry> decide(List<Entry> found, int keep, List<String> notices) {
        List<Entry> ordered = new ArrayList<>(found);
        ordered.sort(Comparator.comparing(Entry::created).reversed().thenComparing(Entry::id));
        Map<String, Entry> byId = new LinkedHashMap<>();
        ordered.forEach(e -> byId.put(e.id(), e));
        Map<String, Entry> decided = new LinkedHashMap<>();
        for (int i = 0; i < Math.min(keep, ordered.size()); i++) {
            Entry e = ordered.get(i);
            decided.put(e.id(), with(e, true, Why.NEWEST, Optional.empty()));
        }
        for (int i = 0; i < Math.min(keep, ordered.size()); i++) {
            Entry child = ordered.get(i);
            Set<String> seen = new HashSet<>(Set.of(child.id()));
            Optional<String> parent = child.parent();
            String of = child.id();
            while (parent.isPresent()) {
                Entry found1 = byId.get(parent.get());
                if (found1 == null) {
                    notices.add("SNAPSHOT:" + of + " names the parent " + parent.get()
                            + ", which is not here: it cannot be loaded; capture a new snapshot");
                    break;
                }
                if (!seen.add(found1.id())) {
                    notices.add("SNAPSHOT:" + found1.id() + "'s ancestry loops back to itself");
                    break;
                }
                decided.putIfAbsent(found1.id(), with(found1, true, Why.ANCESTOR, Optional.of(of)));
                of = found1.id();
                parent = found1.parent();
            }
        }
        List<Entry> result = new ArrayList<>();
        for (Entry e : ordered) {
            result.add(decided.getOrDefault(e.id(), with(e, false, Why.OLDER, Optional.empty())));
        }
        return List.copyOf(result);
    }

    private static Entry with(Entry e, boolean keep, Why why, Optional<String> ancestorOf) {
        return new Entry(
                e.id(),
                e.taskId(),
                e.parent(),
                e.created(),
                e.createdFromMetadata(),
                e.receipts(),
                keep,
                why,
                ancestorOf);
    }

    private static Optional<Instant> instant(String text) {
        try {
            return Optional.of(OffsetDateTime.parse(text).toInstant());
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    private static int receipts(Path snapshot) {
        Path dir = snapshot.resolve("receipts");
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return 0;
        }
        try (Stream<Path> list = Files.list(dir)) {
            return (int) list.count();
        } catch (IOException e) {
            return 0;
        }
    }

    /** The folder's own time or its direct children's, whichever is latest: a capture writes below it. */
    private static Instant lastChange(Path dir, BasicFileAttributes attributes) {
        Instant latest = attributes.lastModifiedTime().toInstant();
        if (!attributes.isDirectory()) {
            return latest;
        }
        try (Stream<Path> list = Files.list(dir)) {
            for (Path child : (Iterable<Path>) list::iterator) {
                try {
                    Instant t = Files.getLastModifiedTime(child, LinkOption.NOFOLLOW_LINKS)
                            .toInstant();
                    latest = t.isAfter(latest) ? t : latest;
                } catch (IOException e) {
                    // A child that vanished while listed: the folder is in use or going.
                }
            }
        } catch (IOException e) {
            return latest;
        }
        return latest;
    }
}
