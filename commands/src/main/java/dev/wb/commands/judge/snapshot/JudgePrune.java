package dev.wb.commands.judge.snapshot;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.EventService;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.judge.core.Fitted;
import dev.wb.commands.judge.lock.RunLock;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.WbEvent;
import dev.wb.projections.events.judge.JudgeSnapshotsPruned;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
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
     * @param createdFromMetadata false when the metadata's createdAt field was unreadable and the folder's time stood in
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
     * What a prune did or would do.
     *
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
            PruneSurvey.Found survey = new PruneSurvey.Found(found, captures, broken);
            for (Path child : children) {
                PruneSurvey.classify(workspace, child, clock, survey);
            }
        }
        List<Entry> planned = PruneSurvey.decide(found, keep, notices);
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
        EventEnvelope event = new EventService(session)
                .record(StreamId.workspace(), event(plan, deleted))
                .get(0);
        return new Result(plan, false, List.copyOf(failed), Optional.of(event));
    }

    static WbEvent event(Plan plan, List<String> deleted) {
        return Fitted.of(new JudgeSnapshotsPruned(
                plan.keep(),
                deleted,
                plan.kept(),
                plan.broken().stream()
                        .map(b -> new JudgeSnapshotsPruned.Broken(b.dir(), b.reason()))
                        .toList()));
    }

    private static ArrayNode brokenJson(List<Broken> broken) {
        ArrayNode list = CanonicalJson.objectNode().arrayNode();
        broken.forEach(b -> list.addObject().put("dir", b.dir()).put("reason", b.reason()));
        return list;
    }

    static String relative(Workspace workspace, Path path) {
        Path root = workspace.root().toAbsolutePath().normalize();
        Path absolute = path.toAbsolutePath().normalize();
        return (absolute.startsWith(root) ? root.relativize(absolute) : absolute)
                .toString()
                .replace(File.separatorChar, '/');
    }
}
