package dev.wb.commands.show;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.InputFiles;
import dev.wb.commands.Session;
import dev.wb.commands.merged.MergedLog;
import dev.wb.commands.merged.SyncedReader;
import dev.wb.commands.replay.ReplayQuery;
import dev.wb.commands.status.ChainVerdicts;
import dev.wb.commands.status.StatusQuery;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.HashChain;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.activity.Activity;
import dev.wb.projections.catalog.Lane;
import dev.wb.projections.catalog.Outcome;
import dev.wb.projections.status.ReviewRounds;
import dev.wb.projections.status.TaskStages;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * What every page of a task's history shows, read before its events: its hash chains verified as {@code
 * wb replay KEY --verify} verifies them (or as {@code wb status} last found them, while their stored files
 * are as they were then), how many events it has, the plan's title, and the replica whose
 * chain holds each event of a merged view. The events themselves are read afterwards, once, a page at a
 * time ({@link #forEachPage}), exactly as {@code wb replay} reads them: raised to the current schemas,
 * numbered by position, each payload redacted; the same reading folds where the task stands, as {@code
 * wb status KEY} computes it, for the last page.
 */
record TaskHistory(
        TaskKey key,
        List<SyncedReader.ChainReport> chains,
        long size,
        Optional<String> title,
        Map<String, String> replicas) {

    /**
     * One page's events, the review rounds as of its last event, and on the last page where the task
     * stands.
     */
    record Page(
            int index,
            int count,
            List<PageEvent> events,
            ReviewRounds rounds,
            Optional<StatusQuery.StreamStatus> status) {

        boolean last() {
            return index == count - 1;
        }

        PageEvent first() {
            return events.get(0);
        }

        PageEvent end() {
            return events.get(events.size() - 1);
        }
    }

    /**
     * @throws dev.wb.commands.base.Failure exit 6 when the task has no history, as {@code wb replay} does
     */
    static TaskHistory read(Session session, TaskKey key, PageRedactor redactor) {
        StreamId stream = StreamId.task(key);
        ReplayQuery query = new ReplayQuery(session);
        Optional<List<SyncedReader.ChainReport>> verified = verified(session, query, stream);
        Map<String, String> replicas = new HashMap<>();
        Optional<MergedLog.View> view = query.merged(stream);
        view.ifPresent(v -> {
            for (MergedLog.Entry entry : v.entries()) {
                replicas.put(entry.event().hash(), entry.replica());
            }
        });
        long size = view.isPresent()
                ? view.get().entries().size()
                : session.reader().head(stream).map(h -> h.version() + 1).orElse(0L);
        List<SyncedReader.ChainReport> chains = verified.isPresent()
                ? verified.get()
                : size == 0 ? query.verify(stream) : remembered(session, stream, size);
        return new TaskHistory(key, chains, size, title(session, key).map(redactor::text), replicas);
    }

    /**
     * Every chain of the stream verified as {@code wb replay KEY --verify} verifies them; empty where
     * {@code wb status} or an earlier page found them intact at the stamp the stream's stored files
     * still have ({@link ChainVerdicts}, the rule {@code wb status} trusts): they are not read again.
     */
    private static Optional<List<SyncedReader.ChainReport>> verified(
            Session session, ReplayQuery query, StreamId stream) {
        List<List<SyncedReader.ChainReport>> verified = new ArrayList<>(1);
        Optional<Long> broken = ChainVerdicts.of(session.workspace()).brokenAt(session.reader(), stream, s -> {
            verified.add(query.verify(s));
            return verified.get(0).stream()
                    .map(SyncedReader.ChainReport::report)
                    .filter(r -> !r.intact())
                    .findFirst()
                    .orElse(new HashChain.Report(s, 0, Optional.empty()));
        });
        if (verified.isEmpty() && broken.isPresent()) {
            return Optional.of(query.verify(stream)); // remembered broken: the break as it is now, in full
        }
        return verified.isEmpty() ? Optional.empty() : Optional.of(verified.get(0));
    }

    /** The chains as a remembered verdict holds them: intact, the history's {@code size} events. */
    private static List<SyncedReader.ChainReport> remembered(Session session, StreamId stream, long size) {
        return List.of(new SyncedReader.ChainReport(
                MergedLog.ownId(session.workspace()), new HashChain.Report(stream, size, Optional.empty())));
    }

    /** The version of the first event that does not hold in the first chain that breaks, if one does. */
    Optional<Long> brokenAt() {
        return chains.stream()
                .map(c -> c.report().firstBreak())
                .flatMap(Optional::stream)
                .findFirst()
                .map(HashChain.Break::version);
    }

    /** How many pages of {@code perPage} events the history fills (one at the least). */
    int pages(int perPage) {
        return (int) Math.max(1, (size + perPage - 1) / perPage);
    }

    /**
     * Reads the events and hands over each page as it fills, in order, so that memory holds one page
     * whatever the history's length. Events appended after {@link #read} are left to the next page made.
     */
    void forEachPage(Session session, PageRedactor redactor, int perPage, Consumer<Page> consumer) {
        Reading reading = new Reading(session, redactor, perPage, consumer);
        session.reader().forEach(StreamId.task(key), 0, reading::event);
        reading.finish();
    }

    /** One reading of the events: the page filling, and the task's states folded so far. */
    private final class Reading {
        private final Session session;
        private final PageRedactor redactor;
        private final int perPage;
        private final Consumer<Page> consumer;
        private final int count;
        private final List<PageEvent> events;
        private Activity.State activity = Activity.State.EMPTY;
        private TaskStages.State stages = TaskStages.State.EMPTY;
        private long read;
        private int emitted;

        Reading(Session session, PageRedactor redactor, int perPage, Consumer<Page> consumer) {
            this.session = session;
            this.redactor = redactor;
            this.perPage = perPage;
            this.consumer = consumer;
            this.count = pages(perPage);
            this.events = new ArrayList<>((int) Math.min(perPage, Math.max(1, size)));
        }

        void event(EventEnvelope e) {
            if (read >= size) {
                return; // appended after the history was sized: the next page made shows it
            }
            read++;
            activity = Activity.INSTANCE.evolve(activity, e);
            stages = TaskStages.INSTANCE.evolve(stages, e);
            events.add(new PageEvent(
                    e.version(),
                    e.type(),
                    e.time(),
                    redactor.text(e.actor().describe()),
                    redactor.text(replicas.getOrDefault(e.hash(), MergedLog.LOCAL)),
                    e.hash(),
                    Lane.of(e.type()),
                    Outcome.of(e).word(),
                    new PagePayload(e.payload(), redactor)));
            if (events.size() == perPage && read < size) {
                emit(Optional.empty());
            }
        }

        /** The last page, with where the task stands once every event is folded. */
        void finish() {
            StreamId stream = StreamId.task(key);
            emit(Optional.of(new StatusQuery(session).folded(stream, activity, stages, chains)));
        }

        private void emit(Optional<StatusQuery.StreamStatus> status) {
            int index = status.isPresent() ? count - 1 : emitted;
            consumer.accept(new Page(index, count, List.copyOf(events), stages.reviews(), status));
            events.clear();
            emitted++;
        }
    }

    /** The plan's {@code title}, else its {@code objective}, when sdd.json is there and reads as JSON. */
    private static Optional<String> title(Session session, TaskKey key) {
        Path root = session.workspace().root();
        Path plan = session.workspace().workflowDir().resolve(key.value()).resolve("sdd.json");
        try {
            Optional<InputFiles.Content> content = InputFiles.read(root, plan, InputFiles.Kind.PLAN);
            if (content.isEmpty()) {
                return Optional.empty();
            }
            JsonNode json = CanonicalJson.parse(content.get().textBytes());
            for (String field : List.of("title", "objective")) {
                JsonNode value = json.path(field);
                if (value.isTextual() && !value.textValue().isBlank()) {
                    return Optional.of(value.textValue().strip());
                }
            }
            return Optional.empty();
        } catch (InputFiles.Unusable | RuntimeException unreadable) {
            return Optional.empty(); // the plan stage says what is wrong with it; the page only lacks a title
        }
    }
}
