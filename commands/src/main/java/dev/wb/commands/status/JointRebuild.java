package dev.wb.commands.status;

import dev.wb.engine.EventEnvelope;
import dev.wb.engine.EventReader;
import dev.wb.engine.StreamId;
import dev.wb.projections.activity.Activity;
import dev.wb.projections.checkpoint.CheckpointStore;
import dev.wb.projections.checkpoint.StreamCursor;
import dev.wb.projections.status.TaskStages;
import java.nio.file.Files;
import java.util.Map;
import java.util.TreeMap;

/**
 * When neither checkpoint of {@code wb status} exists (a first status, or {@code checkpoints/}
 * deleted), each stream is read once and folded into both projections, and both checkpoints are
 * written: decoding the events is most of a rebuild, and two loads would each decode every event.
 * The loads that follow find both current, and check each cursor against its head as always.
 */
final class JointRebuild {

    private JointRebuild() {}

    /** Rebuilds both checkpoints if both are missing; otherwise leaves everything to the loads. */
    static void ifNeitherExists(CheckpointStore store, EventReader reader) {
        if (Files.exists(store.file(Activity.INSTANCE)) || Files.exists(store.file(TaskStages.INSTANCE))) {
            return;
        }
        Map<StreamId, StreamCursor<Activity.State>> activity =
                new TreeMap<>((a, b) -> a.name().compareTo(b.name()));
        Map<StreamId, StreamCursor<TaskStages.State>> stages =
                new TreeMap<>((a, b) -> a.name().compareTo(b.name()));
        for (StreamId stream : reader.streams()) {
            Both both = new Both();
            reader.forEach(stream, 0, both::accept);
            if (both.last != null) {
                activity.put(stream, new StreamCursor<>(stream, both.last.version(), both.last.hash(), both.activity));
                stages.put(stream, new StreamCursor<>(stream, both.last.version(), both.last.hash(), both.stages));
            }
        }
        store.write(Activity.INSTANCE, activity);
        store.write(TaskStages.INSTANCE, stages);
    }

    private static final class Both {
        Activity.State activity = Activity.INSTANCE.initialState();
        TaskStages.State stages = TaskStages.INSTANCE.initialState();
        EventEnvelope last;

        void accept(EventEnvelope event) {
            activity = Activity.INSTANCE.evolve(activity, event);
            stages = TaskStages.INSTANCE.evolve(stages, event);
            last = event;
        }
    }
}
