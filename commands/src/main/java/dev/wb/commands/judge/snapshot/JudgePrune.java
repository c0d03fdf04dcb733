package dev.wb.commands.judge.snapshot;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.Failure;
import dev.wb.commands.Session;
import dev.wb.commands.Workspace;
import dev.wb.commands.checks.EventFit;
import dev.wb.commands.judge.lock.RunLock;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.ExpectedVersion;
import dev.wb.engine.NewEvent;
import dev.wb.engine.StreamId;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.WbEvents;
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
 * {@code wb judge prune}: local retention of snapshots. Keeps the newest {@code keep} snapshots (by
 * their metadata's {@code createdAt}, the folder's modification time when that is unreadable) and
 * every ancestor they need (each {@code parent} in the metadata, followed to the root); everything
 * older goes, with its receipts (they live inside it). Leftover {@code .capture-*} folders go too,
 * unless one was modified within {@link #CAPTURE_GRACE} (a capture may still be writing it).
 *
 * <p>Only metadata is read, never the integrity check of {@link Snapshots#load}, so a prune stays
 * quick however big the snapshots are. A folder that is not a snapshot wb can place (a name that is
 * neither an id nor a capture folder, metadata that cannot be read, a symbolic link) is reported as
 * broken and left in place: wb does not delete what it cannot identify.
 *
 * <p>A dry run unless forced. A forced prune is refused (nothing deleted) while a validation run
 * holds the lock on a snapshot it would delete; it appends one {@code judge.snapshots.pruned} event
 * to the workspace's stream.
 */
public final class JudgePrune {

    public static final int DEFAULT_KEEP = 5;

    /** A {@code .capture-*} folder changed more recently than this may belong to a capture still going. */
    public static final Duration CAPTURE_GRACE = Duration.ofHours(1);

    private JudgePrune() {}

    /** Why a snapshot is kept or deleted. */
    public enum Why {
        NEWEST("newest"),
        ANCESTOR("ancestor of a kept snapshot"),
        OLDER("older than the newest kept");

        private final String label;

        Why(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /**
     * One snapshot, as its metadata names it.
     *
     * @param createdFromMetadata false when {@code createdAt} was unreadable and the folder's time stood in
     */
    public record Entry(
            String id,
            Optional<String> taskId,
            Optional<String> parent,
            Instant created,
            boolean createdFromMetadata,
            int receipts,
            boolean keep,
            Why why,
            Optional<String> ancestorOf) {}

    /** A folder under snapshots/ that is not one wb can place: reported, left. */
    public record Broken(String dir, String reason) {}

    /** A temporary capture folder: deleted, or left while it may still be in use. */
    public record Capture(String dir, boolean delete, String reason) {}

    /** A validation run holds the lock; {@code conflict} when it is on a snapshot this prune deletes. */
    public record Lock(String holder, String snapshot, boolean conflict) {}

    public record Plan(
            int keep,
            List<Entry> snapshots,
            List<Capture> captures,
            List<Broken> broken,
            Optional<Lock> lock,
            List<String> notices) {

        public List<String> kept() {
            return snapshots.stream().filter(Entry::keep).map(Entry::id).toList();
        }

        public List<String> deleted() {
            return snapshots.stream().filter(e -> !e.keep()).map(Entry::id).toList();
        }
    }

    /**
     * @param failed folders a forced prune could not remove completely (left for the next prune)
     * @param event the {@code judge.snapshots.pruned} event of a forced prune
     */
    public record Result(Plan plan, boolean dryRun, List<String> failed, Optional<EventEnvelope> event) {

        public ObjectNode toJson() {
            ObjectNode doc = CanonicalJson.objectNode();
            doc.put("dryRun", dryRun);
            doc.put("keep", plan.keep());
            plan.kept().forEach(doc.putArray("kept")::add);
            plan.deleted().forEach(doc.putArray("deleted")::add);
            ArrayNode snapshots = doc.putArray("snapshots");
            for (Entry e : plan.snapshots()) {
                ObjectNode n = snapshots.addObject();
                n.put("id", e.id());
                e.taskId().ifPresentOrElse(t -> n.put("taskId", t), () -> n.putNull("taskId"));
                n.put("createdAt", e.created().toString());
                n.put("createdFrom", e.createdFromMetadata() ? "metadata" : "folder-time");
                e.parent().ifPresentOrElse(p -> n.put("parent", p), () -> n.putNull("parent"));
                n.put("receipts", e.receipts());
                n.put("action", e.keep() ? "keep" : "delete");
                n.put(
                        "reason",
                        e.why().label() + e.ancestorOf().map(id -> " " + id).orElse(""));
            }
            ArrayNode captures = doc.putArray("captures");
            plan.captures()
                    .forEach(c -> captures.addObject()
                            .put("dir", c.dir())
                            .put("action", c.delete() ? "delete" : "leave")
                            .put("reason", c.reason()));
            doc.set("broken", brokenJson(plan.broken()));
            plan.lock()
                    .ifPresentOrElse(
                            l -> doc.putObject("lock")
                                    .put("holder", l.holder())
                                    .put("snapshot", l.snapshot())
                                    .put("conflict", l.conflict()),
                            () -> doc.putNull("lock"));
            plan.notices().forEach(doc.putArray("notices")::add);
            failed.forEach(doc.putArray("failed")::add);
            if (!doc.has("notices")) {
                doc.putArray("notices");
            }
            if (!doc.has("failed")) {
                doc.putArray("failed");
            }
            event.ifPresentOrElse(e -> doc.put("event", e.eventId()), () -> doc.putNull("event"));
            return doc;
        }
    }

    /** What a prune keeping {@code keep} would do now; reads metadata only and changes nothing. */
    public static Plan plan(Workspace workspace, int keep, Clock clock) {
        if (keep < 0) {
            throw Failure.usage("--keep must be 0 or more, not " + keep, "wb judge prune --keep 5");
        }
        Path dir = Snapshots.dir(workspace);
        List<Entry> found = new ArrayList<>();
        List<Capture> captures = new ArrayList<>();
        List<Broken> broken = new ArrayList<>();
        List<String> notices = new ArrayList<>();
        if (Files.isSymbolicLink(dir)) {
            broken.add(new Broken(relative(workspace, dir), "a symbolic link, not followed; left in place"));
        } else if (Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            List<Path> children;
            try (Stream<Path> list = Files.list(dir)) {
                children = list.sorted().toList();
            } catch (IOException e) {
                throw new Failure(
                        Failure.Kind.NOT_COMPLETED,
                        "cannot list " + relative(workspace, dir) + ": " + e.getMessage(),
                        List.of("check the folder's permissions, then prune again"));
            }
            for (Path child : children) {
                classify(workspace, child, clock, found, captures, broken);
            }
        }
        List<Entry> planned = decide(found, keep, notices);
        Optional<Lock> lock = RunLock.current(workspace).map(holder -> {
            String snapshot = holder.snapshot().startsWith("SNAPSHOT:")
                    ? holder.snapshot().substring("SNAPSHOT:".length())
                    : holder.snapshot();
            boolean deletes = planned.stream().anyMatch(e -> !e.keep());
            boolean conflict =
                    holder.unknown() ? deletes : planned.stream().anyMatch(e -> !e.keep() && e.id().equals(snapshot));
            return new Lock(holder.describe(), snapshot, conflict);
        });
        return new Plan(keep, planned, List.copyOf(captures), List.copyOf(broken), lock, List.copyOf(notices));
    }

    /**
     * Plans, and with {@code force} deletes and records the prune.
     *
     * @throws Failure (USAGE) when forced while a validation run holds the lock on a snapshot it would delete
     */
    public static Result prune(Session session, int keep, boolean force, Clock clock) {
        Workspace workspace = session.workspace();
        Plan plan = plan(workspace, keep, clock);
        if (!force) {
            return new Result(plan, true, List.of(), Optional.empty());
        }
        if (plan.lock().filter(Lock::conflict).isPresent()) {
            Lock lock = plan.lock().get();
            throw Failure.usage(
                    "a validation run holds the lock on "
                            + (lock.snapshot().equals("unknown")
                                    ? "a snapshot wb cannot name"
                                    : "SNAPSHOT:" + lock.snapshot())
                            + ", which this prune would delete: "
                            + lock.holder() + "; nothing was deleted",
                    "wait for the run to end (wb status shows it), then prune again",
                    "or keep more snapshots: wb judge prune --keep "
                            + (plan.kept().size() + plan.deleted().size()));
        }
        List<String> failed = new ArrayList<>();
        // Newest first: a catch-up goes before its parent, so an interrupted prune never orphans a child.
        for (Entry entry : plan.snapshots()) {
            if (!entry.keep()) {
                Path target = Snapshots.dir(workspace).resolve(entry.id());
                SnapshotCapture.deleteTree(target);
                if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
                    failed.add(relative(workspace, target));
                }
            }
        }
        for (Capture capture : plan.captures()) {
            if (capture.delete()) {
                Path target = workspace.root().resolve(capture.dir());
                SnapshotCapture.deleteTree(target);
                if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
                    failed.add(capture.dir());
                }
            }
        }
        List<String> deleted = new ArrayList<>(plan.deleted());
        deleted.removeIf(id ->
                failed.contains(relative(workspace, Snapshots.dir(workspace).resolve(id))));
        EventEnvelope event = session.log()
                .append(
                        StreamId.workspace(),
                        ExpectedVersion.any(),
                        List.of(event(plan, deleted, workspace)),
                        session.invocation())
                .get(0);
        return new Result(plan, false, List.copyOf(failed), Optional.of(event));
    }

    static NewEvent event(Plan plan, List<String> deleted, Workspace workspace) {
        ObjectNode p = CanonicalJson.objectNode();
        p.put("keep", plan.keep());
        deleted.forEach(p.putArray("deleted")::add);
        if (!p.has("deleted")) {
            p.putArray("deleted");
        }
        ArrayNode kept = p.putArray("kept");
        plan.kept().forEach(kept::add);
        p.set("broken", brokenJson(plan.broken()));
        return new NewEvent(WbEvents.JUDGE_SNAPSHOTS_PRUNED, WbEvents.JUDGE_SNAPSHOTS_PRUNED_VERSION, EventFit.fit(p));
    }

    private static ArrayNode brokenJson(List<Broken> broken) {
        ArrayNode list = CanonicalJson.objectNode().arrayNode();
        broken.forEach(b -> list.addObject().put("dir", b.dir()).put("reason", b.reason()));
        return list;
    }

    /** Sorts one folder under snapshots/ into a snapshot, a capture folder or a broken entry. */
    private static void classify(
            Workspace workspace,
            Path child,
            Clock clock,
            List<Entry> found,
            List<Capture> captures,
            List<Broken> broken) {
        String name = child.getFileName().toString();
        String shown = relative(workspace, child);
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(child, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            broken.add(new Broken(shown, "cannot be read (" + e.getMessage() + "); left in place"));
            return;
        }
        if (name.startsWith(".capture-")) {
            Instant changed = lastChange(child, attributes).truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
            Duration age = Duration.between(changed, clock.instant());
            if (attributes.isDirectory() && age.compareTo(CAPTURE_GRACE) < 0) {
                captures.add(new Capture(
                        shown,
                        false,
                        "changed " + changed + ", within the last " + CAPTURE_GRACE.toMinutes()
                                + " minutes: a capture may still be writing it; left"));
            } else {
                captures.add(new Capture(
                        shown, true, "a temporary capture folder left behind (last changed " + changed + ")"));
            }
            return;
        }
        if (!Candidate.SNAPSHOT_ID.matcher(name).matches()) {
            broken.add(new Broken(shown, "not a snapshot id (20 hex digits) or a capture folder; left in place"));
            return;
        }
        if (attributes.isSymbolicLink()) {
            broken.add(new Broken(shown, "a symbolic link, not followed; left in place"));
            return;
        }
        if (!attributes.isDirectory()) {
            broken.add(new Broken(shown, "not a folder; left in place"));
            return;
        }
        Path metadata = child.resolve(Snapshot.METADATA);
        JsonNode node;
        try {
            if (!Files.isRegularFile(metadata, LinkOption.NOFOLLOW_LINKS)) {
                broken.add(new Broken(shown, "no " + Snapshot.METADATA + "; left in place"));
                return;
            }
            node = CanonicalJson.parse(Files.readAllBytes(metadata));
        } catch (IOException e) {
            broken.add(
                    new Broken(shown, Snapshot.METADATA + " cannot be read (" + e.getMessage() + "); left in place"));
            return;
        } catch (RuntimeException e) {
            broken.add(new Broken(shown, Snapshot.METADATA + " is not valid JSON; left in place"));
            return;
        }
        if (node == null || !node.isObject()) {
            broken.add(new Broken(shown, Snapshot.METADATA + " is not a JSON object; left in place"));
            return;
        }
        if (!node.path("id").isTextual() || !node.path("id").asText().equals(name)) {
            broken.add(new Broken(
                    shown,
                    Snapshot.METADATA + " names another id ("
                            + (node.has("id") ? node.get("id").toString() : "none") + "); left in place"));
            return;
        }
        JsonNode parent = node.get("parent");
        Optional<String> parentId = Optional.empty();
        if (parent != null && !parent.isNull()) {
            if (!parent.isTextual()
                    || !Candidate.SNAPSHOT_ID.matcher(parent.asText()).matches()) {
                broken.add(new Broken(
                        shown, Snapshot.METADATA + " has a malformed parent (" + parent + "); left in place"));
                return;
            }
            parentId = Optional.of(parent.asText());
        }
        Optional<Instant> created = node.path("createdAt").isTextual()
                ? instant(node.path("createdAt").asText())
                : Optional.empty();
        Optional<String> task = node.path("taskId").isTextual()
                ? Optional.of(node.path("taskId").asText())
                : Optional.empty();
        found.add(new Entry(
                name,
                task,
                parentId,
                created.orElse(attributes.lastModifiedTime().toInstant()),
                created.isPresent(),
                receipts(child),
                true,
                Why.NEWEST,
                Optional.empty()));
    }

    /** Newest first; the newest {@code keep} and their ancestors kept, the rest deleted. */
    private static List<Entry> decide(List<Entry> found, int keep, List<String> notices) {
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

    static String relative(Workspace workspace, Path path) {
        Path root = workspace.root().toAbsolutePath().normalize();
        Path absolute = path.toAbsolutePath().normalize();
        return (absolute.startsWith(root) ? root.relativize(absolute) : absolute)
                .toString()
                .replace(java.io.File.separatorChar, '/');
    }
}
