package dev.wb.cli.show;

import dev.wb.cli.history.Summaries;
import dev.wb.commands.MergedLog;
import dev.wb.commands.process.Redactor;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.text.TerminalText;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A task's events grouped by stage, in the order work goes, each group's events in the order of the
 * history; every event with its number as {@code wb replay} shows it (its position in the merged view
 * when copies of other replicas' chains hold the stream) and the one-line summary replay prints.
 *
 * <p>Built as the events are read ({@link #add}): each event becomes its line at once, and of the events
 * themselves only the last of each type in each stage is kept, which is all a stage's state reads.
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

    private final Optional<MergedLog.View> view;
    private final Map<String, String> replicas = new HashMap<>();
    private final Redactor redactor;
    private final Map<Stage, List<Row>> rows = new EnumMap<>(Stage.class);
    /** Each stage's last event of each type, in the order of those last events. */
    private final Map<Stage, LinkedHashMap<String, EventEnvelope>> lasts = new EnumMap<>(Stage.class);

    private long count;
    private EventEnvelope last;

    /** A timeline of summaries redacted as a page's text is. */
    Timeline(Optional<MergedLog.View> view, Redactor redactor) {
        this.view = view;
        this.redactor = redactor;
        view.ifPresent(v -> v.entries().forEach(e -> replicas.put(e.event().hash(), e.replica())));
        for (Stage stage : Stage.values()) {
            rows.put(stage, new ArrayList<>());
            lasts.put(stage, new LinkedHashMap<>());
        }
    }

    /** The next event of the history. */
    void add(EventEnvelope e) {
        Stage stage = Stage.of(e.type());
        Optional<String> replica = view.map(v -> TerminalText.escape(replicas.getOrDefault(e.hash(), "?")));
        rows.get(stage)
                .add(new Row(
                        e.version(),
                        e.time(),
                        TerminalText.escape(e.type()),
                        Summaries.of(e, redactor),
                        replica,
                        Tone.of(e)));
        LinkedHashMap<String, EventEnvelope> byType = lasts.get(stage);
        byType.remove(e.type()); // so that the type's last event moves to the end
        byType.put(e.type(), e);
        count++;
        last = e;
    }

    /** How many events were added. */
    long count() {
        return count;
    }

    /** The last event added, if any. */
    Optional<EventEnvelope> last() {
        return Optional.ofNullable(last);
    }

    /** The groups: the stages of a task's work always, sync and other when they have events. */
    List<Group> groups() {
        List<Group> groups = new ArrayList<>();
        rows.forEach((stage, stageRows) -> {
            if (stageRows.isEmpty() && !stage.always()) {
                return;
            }
            groups.add(new Group(stage, stage.state(List.copyOf(lasts.get(stage).values())), stageRows));
        });
        return groups;
    }
}
