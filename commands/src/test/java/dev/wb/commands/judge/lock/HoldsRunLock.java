package dev.wb.commands.judge.lock;

import dev.wb.commands.base.Workspace;
import dev.wb.engine.TaskKey;
import java.nio.file.Path;
import java.time.Clock;

/**
 * A second process for {@link RunLockIT}: takes the run lock of the workspace at {@code args[0]} and
 * prints {@code HOLDING} and holds it until killed, or prints {@code BUSY} and exits when refused.
 */
public final class HoldsRunLock {

    private HoldsRunLock() {}

    public static void main(String[] args) throws InterruptedException {
        Workspace ws = new Workspace(Path.of(args[0]));
        try {
            RunLock lock = RunLock.acquire(ws, new TaskKey(args[1]), args[2], false, Clock.systemUTC());
            System.out.println("HOLDING " + lock.notice().orElse("fresh"));
            System.out.flush();
            Thread.sleep(Long.MAX_VALUE);
        } catch (RunLock.Busy busy) {
            System.out.println("BUSY " + busy.getMessage());
            System.out.flush();
        }
    }
}
