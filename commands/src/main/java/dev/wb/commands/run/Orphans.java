package dev.wb.commands.run;

import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.process.ProcessGroups;
import dev.wb.engine.BootId;
import dev.wb.engine.Caller;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.projections.run.RunState;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * {@code wb run KEY --stop-orphans}: before the resume, ends what a {@code wb run} killed outright left
 * running of its node ({@code node.launched}'s process group, on this boot): SIGTERM, then SIGKILL to what
 * is left after a grace period. Nothing is appended here; the resume that follows records what it does.
 * A run whose wb process still lives is left alone (the resume refuses it as ever).
 */
public final class Orphans {

    /** How long the group has after SIGTERM before SIGKILL. */
    static final Duration GRACE = Duration.ofSeconds(10);

    private Orphans() {}

    public static void stop(Session session, TaskKey key, Consumer<String> progress) {
        RunState state = FlowRun.fold(session, StreamId.task(key)).state;
        Optional<RunState.InFlight> inFlight = state.inFlight();
        if (inFlight.isEmpty() || inFlight.get().child().isEmpty()) {
            return;
        }
        RunState.InFlight f = inFlight.get();
        RunState.Child child = f.child().get();
        boolean sameBoot = f.boot().isPresent() && f.boot().equals(BootId.current());
        boolean driven = f.pid() != Caller.pid()
                && ProcessHandle.of(f.pid()).map(ProcessGroups::running).orElse(false);
        if (!sameBoot || driven) {
            return;
        }
        List<ProcessHandle> alive = ProcessGroups.alive(child);
        if (alive.isEmpty()) {
            return;
        }
        String group = child.group().map(g -> " (process group " + g + ")").orElse("");
        progress.accept("  stopping node '" + f.node() + "' left running by a killed wb run: pid " + child.pid()
                + group + ", " + alive.size() + " process(es): SIGTERM, SIGKILL after " + GRACE.toSeconds()
                + " s");
        if (!ProcessGroups.stop(child, GRACE)) {
            throw Failure.usage(
                    "node '" + f.node() + "' of " + key + "'s run could not be stopped: pid " + child.pid() + group
                            + " still runs",
                    "stop it yourself: kill -KILL "
                            + child.group().map(g -> "-- -" + g).orElse(Long.toString(child.pid())),
                    "then: wb run " + key);
        }
    }
}
