package dev.wb.cli.server;

import com.google.common.collect.ImmutableList;
import dev.wb.cli.client.Proc;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What Linux's {@code /proc/<pid>} says of a process's confinement: its users and groups, privileges
 * (no-new-privileges, seccomp, capabilities), namespaces, cgroup and resource limits, and its umask
 * apart. A server runs a command only for a client whose confinement is its own (docs/adr/0013): a
 * client in a sandbox, a container or under other limits never has its command run by a server outside
 * them, nor the other way round. The umask is not compared: it travels with each request.
 */
record ProcProcess(long pid, ImmutableList<String> confinement, int umask) {

    /** This JVM. */
    static Optional<ProcProcess> self() {
        return of(ProcessHandle.current().pid());
    }

    /** The process {@code pid}, when it is alive and its {@code /proc} entries can be read. */
    static Optional<ProcProcess> of(long pid) {
        String id = Long.toString(pid);
        try {
            List<String> status = Proc.status(id);
            ImmutableList.Builder<String> lines = ImmutableList.builder();
            status.stream().filter(line -> !line.startsWith("Umask:")).forEach(lines::add);
            lines.addAll(Proc.namespaces(id));
            lines.add("cgroup " + Proc.text(id, "cgroup"));
            lines.add("limits " + Proc.text(id, "limits"));
            String umask = Proc.field(status, "Umask");
            if (umask.isEmpty() || Proc.field(status, "Uid").isEmpty()) {
                return Optional.empty();
            }
            return Optional.of(new ProcProcess(pid, lines.build(), Integer.parseInt(umask, 8)));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** When the process started, where the platform tells. */
    Optional<Instant> started() {
        return ProcessHandle.of(pid).flatMap(h -> h.info().startInstant());
    }

    /** Whether a command may run for {@code client} here: the same confinement as this server's. */
    boolean confinedAs(ProcProcess client) {
        return confinement.equals(client.confinement);
    }
}
