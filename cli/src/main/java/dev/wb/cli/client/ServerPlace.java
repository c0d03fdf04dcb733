package dev.wb.cli.client;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which server a JVM may use, and where it lives (docs/adr/0013-served-path.md). A server is keyed by what
 * the JVM is, never by the caller: the install, the java binary and its version, the JVM flags, the idle
 * time, and the confinement a process cannot shed per command (users and groups, privileges, seccomp,
 * namespaces, cgroup, resource limits). None of it is a secret. The caller's environment, folder, umask,
 * locale, time zone and streams travel with each request instead. The folder is
 * {@code ${XDG_RUNTIME_DIR:-/tmp}/wb-<uid>/s-<64-bit FNV-1a of the key, hex>}.
 *
 * @param uid this process's effective user id
 * @param base the folder of this user's servers
 * @param key the key, one field a line
 * @param folder this key's server folder
 */
public record ServerPlace(int uid, Path base, String key, Path folder) {

    /** The JVM flags that describe a run, not the JVM: left out of the key. */
    private static final List<String> RUN_FLAGS =
            List.of("-Dwb.terminal.", "-Dwb.server=", "-XX:DumpLoadedClassList", "-XX:ArchiveClassesAtExit");

    /**
     * This JVM's place, from {@code /proc/self} and {@code env}; empty where no server may be used: not
     * Linux, a JVM not started with {@code -jar}, or a CPU-time limit (it counts a process's whole life,
     * and a server lives for many commands).
     */
    public static Optional<ServerPlace> of(Map<String, String> env) {
        try {
            List<String> status = Proc.status("self");
            int uid = Proc.effectiveUid(status);
            String limits = Proc.text("self", "limits");
            if (uid < 0 || !unlimitedCpu(limits)) {
                return Optional.empty();
            }
            Optional<String> jvm = jvm();
            if (jvm.isEmpty()) {
                return Optional.empty();
            }
            StringBuilder key = new StringBuilder(2048);
            key.append(Hello.MAGIC).append('\n').append(jvm.get());
            key.append("idle ").append(env.getOrDefault("WB_SERVER_IDLE", "")).append('\n');
            key.append("memory ")
                    .append(env.getOrDefault("WB_SERVER_MEMORY", ""))
                    .append('\n');
            for (String line : status) {
                if (!line.startsWith("Umask:")) {
                    key.append(line).append('\n');
                }
            }
            for (String line : Proc.namespaces("self")) {
                key.append(line).append('\n');
            }
            key.append("cgroup ").append(Proc.text("self", "cgroup")).append('\n');
            key.append("limits ").append(limits).append('\n');
            Path base = base(env, uid);
            String text = key.toString();
            return Optional.of(new ServerPlace(uid, base, text, base.resolve("s-" + fnv(text))));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The folder of this user's servers: {@code $XDG_RUNTIME_DIR} when it is an absolute path, else /tmp. */
    public static Path base(Map<String, String> env, int uid) {
        String runtime = env.getOrDefault("XDG_RUNTIME_DIR", "");
        Path root = runtime.startsWith("/") ? Path.of(runtime) : Path.of("/tmp");
        return root.resolve("wb-" + uid);
    }

    /**
     * The install and the JVM, three lines: the jar's real path, the java binary with its version, and the
     * JVM's flags as {@code /proc/self/cmdline} lists them before {@code -jar} (less the per-run ones).
     */
    private static Optional<String> jvm() throws IOException {
        List<String> argv = Proc.cmdline();
        int jar = argv.indexOf("-jar");
        if (jar < 1 || jar + 1 >= argv.size()) {
            return Optional.empty();
        }
        StringBuilder out = new StringBuilder(1024);
        out.append("jar ").append(Path.of(argv.get(jar + 1)).toRealPath()).append('\n');
        out.append("java ")
                .append(Files.readSymbolicLink(Path.of("/proc/self/exe")))
                .append(' ')
                .append(System.getProperty("java.runtime.version", "?"))
                .append('\n');
        out.append("flags");
        for (String flag : argv.subList(1, jar)) {
            if (!runFlag(flag)) {
                out.append(' ').append(flag);
            }
        }
        return Optional.of(out.append('\n').toString());
    }

    private static boolean runFlag(String flag) {
        for (String prefix : RUN_FLAGS) {
            if (flag.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    private static boolean unlimitedCpu(String limits) {
        int at = limits.indexOf("Max cpu time ");
        return at < 0 || limits.startsWith("unlimited unlimited", at + "Max cpu time ".length());
    }

    /** The 64-bit FNV-1a hash of {@code text}'s UTF-8 bytes, as 16 hex digits. */
    static String fnv(String text) {
        long hash = 0xcbf29ce484222325L;
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            hash ^= b & 0xff;
            hash *= 0x100000001b3L;
        }
        String hex = Long.toHexString(hash);
        return "0000000000000000".substring(hex.length()) + hex;
    }
}
