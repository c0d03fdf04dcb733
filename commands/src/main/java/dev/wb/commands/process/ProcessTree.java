package dev.wb.commands.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Ends a process and everything it started. A test runner forks workers, a build tool a daemon or a
 * compiler, and killing only the process wb started would leave those running, holding the output
 * file open and the CPU busy. The descendants are listed while the root still lives (once it dies they
 * are re-parented and can no longer be found from it) and asked to stop first, so the root does not
 * react to their absence by starting more; then the root. Whatever has not gone after a grace period is
 * killed forcibly. A process that double-forked away from the tree before the listing is out of reach.
 */
final class ProcessTree {

    private static final Path PROC_SELF = Path.of("/proc/self");

    private ProcessTree() {}

    static void kill(ProcessHandle root, Duration grace) {
        List<ProcessHandle> tree = new ArrayList<>(root.descendants().toList());
        tree.forEach(ProcessHandle::destroy);
        root.destroy();
        tree.add(root);
        long deadline = System.nanoTime() + grace.toNanos();
        while (tree.stream().anyMatch(ProcessTree::isRunning) && System.nanoTime() < deadline) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break; // no more patience: straight to the forcible kill
            }
        }
        // Children the tree started during the grace period are forcibly killed too.
        root.descendants().forEach(ProcessHandle::destroyForcibly);
        tree.forEach(ProcessHandle::destroyForcibly);
    }

    /**
     * Whether the process still runs. {@link ProcessHandle#isAlive()} says yes to a zombie — dead,
     * waiting for its parent to collect it, which for an orphan in a container whose first process
     * collects nothing is forever — so on Linux its state is read: a zombie has nothing left to kill.
     */
    static boolean isRunning(ProcessHandle process) {
        if (!process.isAlive()) {
            return false;
        }
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(process.pid()), "stat"));
            int afterName = stat.lastIndexOf(')') + 2; // the name in parentheses may hold anything
            return afterName >= stat.length() || (stat.charAt(afterName) != 'Z' && stat.charAt(afterName) != 'X');
        } catch (NoSuchFileException e) {
            return !Files.isDirectory(PROC_SELF);
        } catch (IOException | RuntimeException e) {
            return true;
        }
    }
}
