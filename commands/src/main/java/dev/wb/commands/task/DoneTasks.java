package dev.wb.commands.task;

import dev.wb.commands.EventService;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.projections.audit.AuditGate;
import dev.wb.projections.events.TaskCleaned;
import dev.wb.projections.events.TaskDone;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * {@code wb task done} and {@code wb task clean}. A task is done when the log holds a {@code
 * task.done} for it (folded by the audit projection, {@link AuditGate}): a done task claims no file in
 * another task's scope check. Cleaning removes a done task's folder, {@code .workflow/KEY/}, and
 * records which files went ({@code task.cleaned}); the log itself is never edited.
 */
public final class DoneTasks {

    /** What {@code wb task done} did: the event it recorded, or none when the task was already done. */
    public record Marked(TaskKey key, Optional<EventEnvelope> event) {}

    /** A done task whose folder is still there, and the files in it (relative to the repository root). */
    public record Finished(TaskKey key, List<String> files) {
        public Finished {
            files = List.copyOf(files);
        }
    }

    private DoneTasks() {}

    /** Records {@code task.done} for {@code key}, unless it is done already. */
    public static Marked markDone(Session session, TaskKey key, String reason) {
        if (fold(session, StreamId.task(key)).done()) {
            return new Marked(key, Optional.empty());
        }
        List<EventEnvelope> recorded = new EventService(session).record(StreamId.task(key), new TaskDone(reason));
        return new Marked(key, Optional.of(recorded.get(0)));
    }

    /** Every done task whose folder is still there, in key order. */
    public static List<Finished> finished(Session session) {
        List<Finished> found = new ArrayList<>();
        List<StreamId> streams = new ArrayList<>(session.reader().streams());
        streams.sort(Comparator.comparing(StreamId::name));
        for (StreamId stream : streams) {
            if (stream.isWorkspace() || !fold(session, stream).done()) {
                continue;
            }
            TaskKey key = new TaskKey(stream.name());
            Path folder = folder(session, key);
            if (Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS)) {
                found.add(new Finished(key, files(session, folder)));
            }
        }
        return found;
    }

    /**
     * Removes a done task's folder and records {@code task.cleaned} with the files it removed. A file
     * that cannot be removed stops the task's removal there: what was removed is recorded, and the
     * failure is exit 3.
     */
    public static EventEnvelope clean(Session session, Finished task) {
        Path folder = folder(session, task.key());
        List<String> removed = new ArrayList<>();
        try {
            for (Path path : deepestFirst(folder)) {
                boolean file = !Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS);
                Files.delete(path);
                if (file) {
                    removed.add(relative(session, path));
                }
            }
        } catch (IOException e) {
            if (!removed.isEmpty()) {
                new EventService(session).record(StreamId.task(task.key()), new TaskCleaned(sorted(removed)));
            }
            throw new Failure(
                    Failure.Kind.CONFIG,
                    "could not remove " + folder + ": " + e.getMessage(),
                    List.of("close anything holding a file open there, then: wb task clean --execute"));
        }
        return new EventService(session)
                .record(StreamId.task(task.key()), new TaskCleaned(sorted(removed)))
                .get(0);
    }

    private static AuditGate.State fold(Session session, StreamId stream) {
        AuditGate.State state = AuditGate.INSTANCE.initialState();
        for (EventEnvelope event : session.reader().read(stream)) {
            state = AuditGate.INSTANCE.evolve(state, event);
        }
        return state;
    }

    private static Path folder(Session session, TaskKey key) {
        return session.workspace().workflowDir().resolve(key.value());
    }

    private static List<String> files(Session session, Path folder) {
        try (Stream<Path> walk = Files.walk(folder)) {
            return walk.filter(p -> !Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS))
                    .map(p -> relative(session, p))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new Failure(
                    Failure.Kind.CONFIG,
                    "could not list " + folder + ": " + e.getMessage(),
                    List.of("ls -la " + folder));
        }
    }

    private static List<Path> deepestFirst(Path folder) throws IOException {
        try (Stream<Path> walk = Files.walk(folder)) {
            return walk.sorted(Comparator.reverseOrder()).toList();
        }
    }

    private static String relative(Session session, Path path) {
        return session.workspace().root().relativize(path).toString().replace('\\', '/');
    }

    private static List<String> sorted(List<String> files) {
        return files.stream().sorted().toList();
    }
}
