package dev.wb.commands.status;

import dev.wb.commands.Failure;
import dev.wb.commands.Session;
import dev.wb.engine.StreamId;
import dev.wb.projections.Folds;
import dev.wb.projections.activity.Activity;
import dev.wb.projections.checkpoint.CheckpointStore;
import dev.wb.projections.checkpoint.StreamCursor;
import dev.wb.projections.checkpoint.WorkspaceProjection;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** {@code wb status}: every task's last activity and event counts, and the workspace's totals. */
public final class StatusQuery {

    /** One stream's line in the status. */
    public record StreamStatus(StreamId stream, Activity.State activity) {}

    /** The whole workspace: each stream, and the totals over all of them. */
    public record WorkspaceStatus(List<StreamStatus> streams, long totalEvents, Map<String, Long> totalsByType) {
        public long tasks() {
            return streams.stream().filter(s -> !s.stream().isWorkspace()).count();
        }
    }

    private final Session session;

    public StatusQuery(Session session) {
        this.session = session;
    }

    public WorkspaceStatus all() {
        WorkspaceProjection<Activity.State> projection = new WorkspaceProjection<>(Activity.INSTANCE,
                new CheckpointStore(session.workspace().checkpointsDir()));
        Map<StreamId, StreamCursor<Activity.State>> cursors = projection.load(session.reader()).streams();
        List<StreamStatus> streams = new ArrayList<>();
        Map<String, Long> totals = new TreeMap<>();
        long total = 0;
        for (StreamCursor<Activity.State> cursor : cursors.values()) {
            streams.add(new StreamStatus(cursor.stream(), cursor.state()));
            cursor.state().countsByType().forEach((type, n) -> totals.merge(type, n, Long::sum));
            total += cursor.state().events();
        }
        return new WorkspaceStatus(streams, total, totals);
    }

    public StreamStatus one(StreamId stream) {
        Activity.State state = Folds.foldStream(Activity.INSTANCE, session.reader(), stream);
        if (state.events() == 0) {
            String name = stream.isWorkspace() ? "the workspace" : "task " + stream;
            throw Failure.missing("no history for " + name, "wb status   (lists the tasks that have history)");
        }
        return new StreamStatus(stream, state);
    }
}
