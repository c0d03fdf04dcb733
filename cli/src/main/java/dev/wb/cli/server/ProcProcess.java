package dev.wb.cli.server;

import com.google.common.base.CharMatcher;
import com.google.common.base.Splitter;
import com.google.common.collect.ImmutableMap;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What Linux's {@code /proc/<pid>} says of a process: its users and groups, umask, privileges and
 * confinement (no-new-privileges, seccomp, capabilities), namespaces and cgroup, and its working
 * folder. A warm server runs a client's command only when all but the folder are its own: a client in
 * a sandbox, a container or another user's shell never has its command run by an unconfined server
 * (nor the other way round); the folder is where the command runs.
 */
record ProcProcess(long pid, ImmutableMap<String, String> context) {

    /** The status lines that must match, besides the namespaces and the cgroup. */
    private static final List<String> STATUS =
            List.of("Uid", "Gid", "Groups", "Umask", "NoNewPrivs", "Seccomp", "CapEff", "CapBnd", "CapPrm");

    private static final List<String> NAMESPACES = List.of("mnt", "pid", "user", "net", "ipc", "uts", "cgroup");

    /** This JVM. */
    static ProcProcess self() {
        long pid = ProcessHandle.current().pid();
        return of(pid).orElse(new ProcProcess(pid, ImmutableMap.of("unreadable", "self")));
    }

    /** The process {@code pid}, when it is alive and its status can be read. */
    static Optional<ProcProcess> of(long pid) {
        ImmutableMap.Builder<String, String> context = ImmutableMap.builder();
        Path proc = Path.of("/proc", Long.toString(pid));
        try {
            for (String line : Files.readAllLines(proc.resolve("status"))) {
                int colon = line.indexOf(':');
                if (colon > 0 && STATUS.contains(line.substring(0, colon))) {
                    context.put(
                            line.substring(0, colon),
                            String.join(
                                    " ",
                                    Splitter.on(CharMatcher.whitespace())
                                            .omitEmptyStrings()
                                            .split(line.substring(colon + 1))));
                }
            }
            for (String ns : NAMESPACES) {
                Path link = proc.resolve("ns").resolve(ns);
                if (Files.isSymbolicLink(link)) {
                    context.put("ns:" + ns, Files.readSymbolicLink(link).toString());
                }
            }
            Path cgroup = proc.resolve("cgroup");
            if (Files.isReadable(cgroup)) {
                context.put("cgroup", Files.readString(cgroup));
            }
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
        ImmutableMap<String, String> built = context.buildKeepingLast();
        return built.containsKey("Uid") && built.containsKey("Umask")
                ? Optional.of(new ProcProcess(pid, built))
                : Optional.empty();
    }

    /** The process's real user id. */
    String uid() {
        return Splitter.on(' ')
                .split(context.getOrDefault("Uid", "?"))
                .iterator()
                .next();
    }

    /** The process's working folder, as the kernel names it (the folder a cold JVM's {@code user.dir} is). */
    Path cwd() throws IOException {
        return Files.readSymbolicLink(Path.of("/proc", Long.toString(pid), "cwd"));
    }

    /** When the process started, where the platform tells. */
    Optional<Instant> started() {
        return ProcessHandle.of(pid).flatMap(h -> h.info().startInstant());
    }

    /**
     * Whether a command may run for {@code client} here: the same users and groups, umask, privileges,
     * confinement, namespaces and cgroup as this server's.
     */
    boolean sameAs(ProcProcess client) {
        return context.equals(client.context);
    }
}
