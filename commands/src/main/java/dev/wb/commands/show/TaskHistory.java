package dev.wb.commands.show;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.InputFiles;
import dev.wb.commands.Session;
import dev.wb.commands.merged.MergedLog;
import dev.wb.commands.replay.ReplayQuery;
import dev.wb.commands.status.StatusQuery;
import dev.wb.engine.EventEnvelope;
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

/**
 * A task's history as its page shows it, read exactly as {@code wb replay} reads it: the events raised
 * to the current schemas, of the merged view where this clone holds other replicas' chains, each
 * numbered by its position; each with the replica whose chain holds it, its payload redacted. With it,
 * where the task stands as {@code wb status KEY} computes it, its review rounds as {@code wb status}
 * folds them, and the plan's title.
 */
record TaskHistory(
        TaskKey key,
        List<PageEvent> events,
        StatusQuery.StreamStatus status,
        ReviewRounds rounds,
        Optional<String> title) {

    /**
     * @throws dev.wb.commands.base.Failure exit 6 when the task has no history, as {@code wb replay} does
     */
    static TaskHistory read(Session session, TaskKey key, PageRedactor redactor) {
        StreamId stream = StreamId.task(key);
        ReplayQuery query = new ReplayQuery(session);
        List<EventEnvelope> envelopes = query.current(stream);
        Map<String, String> replicas = new HashMap<>();
        query.merged(stream).ifPresent(view -> {
            for (MergedLog.Entry entry : view.entries()) {
                replicas.put(entry.event().hash(), entry.replica());
            }
        });
        List<PageEvent> events = new ArrayList<>(envelopes.size());
        TaskStages.State stages = TaskStages.State.EMPTY;
        for (EventEnvelope e : envelopes) {
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
                    redactor.json(e.payload().json())));
        }
        StatusQuery.StreamStatus status = new StatusQuery(session).one(stream);
        return new TaskHistory(
                key,
                List.copyOf(events),
                status,
                stages.reviews(),
                title(session, key).map(redactor::text));
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

    PageEvent first() {
        return events.get(0);
    }

    PageEvent last() {
        return events.get(events.size() - 1);
    }
}
