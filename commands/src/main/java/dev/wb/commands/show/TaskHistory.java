package dev.wb.commands.show;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.InputFiles;
import dev.wb.commands.MergedLog;
import dev.wb.commands.Session;
import dev.wb.commands.SyncedReader;
import dev.wb.commands.replay.ReplayQuery;
import dev.wb.commands.status.StatusQuery;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
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
 * What every page of a task's history shows, read before its events: where the task stands as {@code wb
 * status KEY} computes it, its hash chains verified as {@code wb replay KEY --verify} verifies them (once:
 * the status and the pages share the reports), how many events it has, the plan's title, and the replica
 * whose chain holds each event of a merged view. The events themselves are read afterwards, a page at a
 * time ({@link #forEachPage}), exactly as {@code wb replay} reads them: raised to the current schemas,
 * numbered by position, each payload redacted.
 */
record TaskHistory(
        TaskKey key,
        StatusQuery.StreamStatus status,
        List<SyncedReader.ChainReport> chains,
        long size,
        Optional<String> title,
        Map<String, String> replicas) {

    /** One page's events, and the review rounds as of its last event. */
    record Page(int index, int count, List<PageEvent> events, ReviewRounds rounds) {

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
     * @throws dev.wb.commands.Failure exit 6 when the task has no history, as {@code wb replay} does
     */
    static TaskHistory read(Session session, TaskKey key, PageRedactor redactor) {
        StreamId stream = StreamId.task(key);
        ReplayQuery query = new ReplayQuery(session);
        List<SyncedReader.ChainReport> chains = query.verify(stream);
        StatusQuery.StreamStatus status = new StatusQuery(session).one(stream, chains);
        Map<String, String> replicas = new HashMap<>();
        query.merged(stream).ifPresent(view -> {
            for (MergedLog.Entry entry : view.entries()) {
                replicas.put(entry.event().hash(), entry.replica());
            }
        });
        return new TaskHistory(
                key,
                status,
                chains,
                status.activity().events(),
                title(session, key).map(redactor::text),
                replicas);
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
        int count = pages(perPage);
        List<PageEvent> events = new ArrayList<>(Math.min(perPage, (int) Math.min(size, Integer.MAX_VALUE)));
        TaskStages.State[] stages = {TaskStages.State.EMPTY};
        long[] read = {0};
        session.reader().forEach(StreamId.task(key), 0, e -> {
            if (read[0] >= size) {
                return;
            }
            read[0]++;
            stages[0] = TaskStages.INSTANCE.evolve(stages[0], e);
            events.add(new PageEvent(
                    e.version(),
                    e.type(),
                    e.time(),
                    redactor.text(e.actor().describe()),
                    redactor.text(replicas.getOrDefault(e.hash(), MergedLog.LOCAL)),
                    e.hash(),
                    Lane.of(e.type()),
                    Outcome.of(e).word(),
                    redactor.json(e.payload().json())));
            int index = (int) ((read[0] - 1) / perPage);
            if (events.size() == perPage || read[0] == size) {
                consumer.accept(new Page(index, count, List.copyOf(events), stages[0].reviews()));
                events.clear();
            }
        });
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
