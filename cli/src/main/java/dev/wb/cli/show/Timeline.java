package dev.wb.cli.show;

import dev.wb.cli.history.Summaries;
import dev.wb.commands.merged.MergedLog;
import dev.wb.commands.process.Redactor;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.text.TerminalText;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A task's events grouped by stage, in the order work goes, each group's events in the order of the
 * history; every event with its number as {@code wb replay} shows it (its position in the merged view
 * when copies of other replicas' chains hold the stream) and the one-line summary replay prints.
 */
final class Timeline {

    /**
     * One event's line.
     *
     * @param type the event type, escaped
     * @param summary {@link Summaries#of}, escaped there
     * @param replica in a merged view, the replica whose chain holds the event (escaped)
     */
    record Row(long number, Instant time, String type, String summary, Optional<String> replica, Tone tone) {}

    /** A stage, the one word its events add up to, and its events. */
    record Group(Stage stage, Stage.State state, List<Row> rows) {}

    private Timeline() {}

    /** The groups of {@code events}, their summaries redacted as a page's text is: the stages of a task's work always, sync and other when they have events. */
    static List<Group> of(List<EventEnvelope> events, Optional<MergedLog.View> view, Redactor redactor) {
        Map<String, String> replicas = new HashMap<>();
        view.ifPresent(v -> v.entries().forEach(e -> replicas.put(e.event().hash(), e.replica())));
        Map<Stage, List<EventEnvelope>> byStage = new EnumMap<>(Stage.class);
        for (Stage stage : Stage.values()) {
            byStage.put(stage, new ArrayList<>());
        }
        events.forEach(e -> byStage.get(Stage.of(e.type())).add(e));
        List<Group> groups = new ArrayList<>();
        byStage.forEach((stage, stageEvents) -> {
            if (stageEvents.isEmpty() && !stage.always()) {
                return;
            }
            List<Row> rows = new ArrayList<>(stageEvents.size());
            for (EventEnvelope e : stageEvents) {
                Optional<String> replica = view.map(v -> TerminalText.escape(replicas.getOrDefault(e.hash(), "?")));
                rows.add(new Row(
                        e.version(),
                        e.time(),
                        TerminalText.escape(e.type()),
                        Summaries.of(e, redactor),
                        replica,
                        Tone.of(e)));
            }
            groups.add(new Group(stage, stage.state(stageEvents), rows));
        });
        return groups;
    }
}
