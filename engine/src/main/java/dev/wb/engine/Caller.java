package dev.wb.engine;

import java.time.Instant;
import java.util.Optional;

/**
 * The process that stands for this run: the pid an envelope's actor and a judge run's lock record,
 * and whose life a lock's liveness follows. In a cold run it is this JVM ({@code bin/wb} execs java,
 * so the JVM has the pid the caller started). A warm server (docs/adr/0009-warm-server.md) runs one
 * command at a time for a client process and names that client here for the command's length.
 */
public final class Caller {

    private record Acting(long pid, Optional<Instant> started) {}

    private static volatile Acting acting;

    private Caller() {}

    /** The length of one command's acting for another process; closing it ends the acting. */
    public interface Scope extends AutoCloseable {
        @Override
        void close();
    }

    /** The pid of the process that stands for this run. */
    public static long pid() {
        Acting p = acting;
        return p == null ? ProcessHandle.current().pid() : p.pid();
    }

    /** When that process started, where the platform tells. */
    public static Optional<Instant> started() {
        Acting p = acting;
        return p == null ? ProcessHandle.current().info().startInstant() : p.started();
    }

    /**
     * Names {@code pid} (started at {@code started}) as the run's process until the returned handle is
     * closed. Only a server running one command at a time calls this.
     */
    public static Scope actAs(long pid, Optional<Instant> started) {
        acting = new Acting(pid, started);
        return () -> acting = null;
    }
}
