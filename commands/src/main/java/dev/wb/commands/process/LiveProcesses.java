package dev.wb.commands.process;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Every verify process running now, so that wb's shutdown hook (Ctrl-C, SIGTERM) can end each one
 * with its whole tree: the JVM's own exit kills no child, and a test suite left running after wb is
 * gone would keep writing into the repository. A process killed this way is remembered, so its run
 * reports {@link Outcome#INTERRUPTED} rather than an exit code the kill caused.
 *
 * <p>The caller installs the hook (it also decides what to record on the way out); this class only
 * knows the processes. A caller that kills everything must also stop starting new runs.
 */
public final class LiveProcesses {

    /** Each running process, and whether {@link #killAll} has killed it. */
    private static final Map<Process, Boolean> RUNNING = new ConcurrentHashMap<>();

    /** How long the tree gets to stop after the polite signal before it is killed forcibly. */
    static final Duration GRACE = Duration.ofSeconds(2);

    private LiveProcesses() {}

    /** Kills every registered process tree and returns how many there were. */
    // RUNNING is a ConcurrentHashMap: replace() while iterating its keys is safe there.
    @SuppressWarnings("ModifyCollectionInEnhancedForLoop")
    public static int killAll() {
        int killed = 0;
        for (Process process : RUNNING.keySet()) {
            if (RUNNING.replace(process, false, true)) {
                ProcessTree.kill(process.toHandle(), GRACE);
                killed++;
            }
        }
        return killed;
    }

    /** How many processes are registered now. */
    public static int running() {
        return RUNNING.size();
    }

    static void register(Process process) {
        RUNNING.put(process, false);
    }

    /** Forgets the process; returns whether {@link #killAll} killed it. */
    static boolean release(Process process) {
        return Boolean.TRUE.equals(RUNNING.remove(process));
    }
}
