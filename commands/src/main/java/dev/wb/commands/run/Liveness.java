package dev.wb.commands.run;

import dev.wb.commands.Failure;
import dev.wb.engine.BootId;
import dev.wb.engine.TaskKey;
import dev.wb.projections.run.RunState;
import java.util.Optional;

/**
 * Whether the node a task's run has in flight is still being driven: its {@code wb run}'s process is alive,
 * on this machine since the same boot. Then a second {@code wb run} is refused; otherwise the run crashed
 * and this one resumes it. (A reused process id can only make this refuse wrongly, never interleave: every
 * append is conditional on the stream's version.)
 */
final class Liveness {

    private Liveness() {}

    static void refuseLive(TaskKey key, RunState state) {
        Optional<RunState.InFlight> inFlight = state.inFlight();
        if (inFlight.isEmpty()) {
            return;
        }
        RunState.InFlight f = inFlight.get();
        if (f.pid() == ProcessHandle.current().pid()) {
            return;
        }
        boolean sameBoot = f.boot().isPresent() && f.boot().equals(BootId.current());
        boolean alive = ProcessHandle.of(f.pid()).map(ProcessHandle::isAlive).orElse(false);
        if (sameBoot && alive) {
            throw Failure.usage(
                    "another wb run (pid " + f.pid() + ") is driving " + key + " (node '" + f.node()
                            + "' is in flight);" + " two runs of one task never interleave",
                    "wait for it to end, then: wb status " + key);
        }
    }
}
