package dev.wb.commands.run;

import dev.wb.commands.base.Failure;
import dev.wb.commands.process.ProcessGroups;
import dev.wb.engine.BootId;
import dev.wb.engine.Caller;
import dev.wb.engine.TaskKey;
import dev.wb.projections.run.RunState;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Whether the node a task's run has in flight is still being driven: its {@code wb run}'s process is alive,
 * on this machine since the same boot. Then a second {@code wb run} is refused; otherwise the run crashed
 * and this one resumes it. (A reused process id can only make this refuse wrongly, never interleave: every
 * append is conditional on the stream's version.) When that process is gone but the node's own process
 * group ({@code node.launched}) still runs, an orphan of a {@code kill -9}, the resume is refused too.
 */
final class Liveness {

    private Liveness() {}

    static void refuseLive(TaskKey key, RunState state) {
        Optional<RunState.InFlight> inFlight = state.inFlight();
        if (inFlight.isEmpty()) {
            return;
        }
        RunState.InFlight f = inFlight.get();
        boolean self = f.pid() == Caller.pid();
        boolean sameBoot = f.boot().isPresent() && f.boot().equals(BootId.current());
        boolean alive = ProcessHandle.of(f.pid()).map(ProcessGroups::running).orElse(false);
        if (!self && sameBoot && alive) {
            throw Failure.usage(
                    "another wb run (pid " + f.pid() + ") is driving " + key + " (node '" + f.node()
                            + "' is in flight);" + " two runs of one task never interleave",
                    "wait for it to end, then: wb status " + key);
        }
        if (sameBoot && f.child().isPresent()) {
            refuseOrphan(key, f, f.child().get());
        }
    }

    /**
     * The wb run that drove the node is gone (a {@code kill -9}, an OOM kill), but what it started may not
     * be: a node run again beside it, or an agent's tree parked while it still edits, would mix two runs'
     * work. So while anything of the node's process group runs, the resume is refused.
     */
    private static void refuseOrphan(TaskKey key, RunState.InFlight f, RunState.Child child) {
        List<ProcessHandle> alive = ProcessGroups.alive(child);
        if (alive.isEmpty()) {
            return;
        }
        String since = child.started()
                .map(t -> ", running for " + Duration.between(t, Instant.now()).toSeconds() + " s")
                .orElse("");
        String group = child.group().map(g -> " (process group " + g + ")").orElse("");
        String stop = child.group()
                .map(g -> "kill -TERM -- -" + g)
                .orElse("kill -TERM "
                        + alive.stream().map(p -> Long.toString(p.pid())).collect(Collectors.joining(" ")));
        throw Failure.usage(
                "node '" + f.node() + "' (" + f.kind() + ", attempt " + f.attempt() + ") of " + key
                        + "'s run is still running without the wb run that started it: pid " + child.pid() + group
                        + since + "; resuming now would run it twice or park a tree it still changes",
                "wait for it to end, or stop it: " + stop,
                "then: wb run " + key);
    }
}
