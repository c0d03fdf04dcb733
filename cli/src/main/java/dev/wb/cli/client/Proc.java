package dev.wb.cli.client;

import dev.wb.commands.sdd.SourceText;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What Linux's {@code /proc} and the file system say of a process and a folder, read with java.base
 * alone and without a user-name lookup (numeric ids only: a name lookup may ask a directory service).
 */
public final class Proc {

    /** The confinement lines of {@code /proc/<pid>/status} two processes must share (ADR 13). */
    public static final List<String> STATUS =
            List.of("Uid", "Gid", "Groups", "NoNewPrivs", "Seccomp", "CapEff", "CapBnd", "CapPrm");

    /** The namespaces two processes must share. */
    public static final List<String> NAMESPACES = List.of("mnt", "pid", "user", "net", "ipc", "uts", "cgroup");

    private static final int TYPE_MASK = 0170000;
    private static final int DIRECTORY = 0040000;
    private static final int SOCKET = 0140000;
    private static final int REGULAR = 0100000;

    private Proc() {}

    /** The lines of {@code /proc/<pid>/status} named in {@link #STATUS} and {@code Umask}, tabs squeezed to one space. */
    public static List<String> status(String pid) throws IOException {
        List<String> lines = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of("/proc", pid, "status"), StandardCharsets.UTF_8)) {
            int colon = line.indexOf(':');
            if (colon > 0) {
                String name = line.substring(0, colon);
                if (STATUS.contains(name) || name.equals("Umask")) {
                    lines.add(name + ":" + squeeze(line.substring(colon + 1)));
                }
            }
        }
        return lines;
    }

    /** The value of one status line ({@code Umask}, {@code Uid}) in {@code lines}, or empty. */
    public static String field(List<String> lines, String name) {
        for (String line : lines) {
            if (line.startsWith(name + ":")) {
                return line.substring(name.length() + 1).trim();
            }
        }
        return "";
    }

    /** The effective user id in {@code status}'s {@code Uid} line (its second field). */
    public static int effectiveUid(List<String> status) {
        String[] ids = field(status, "Uid").split(" ", 0);
        return ids.length > 1 ? Integer.parseInt(ids[1]) : -1;
    }

    /** Where the namespaces of process {@code pid} are, one line each, as the kernel names them. */
    public static List<String> namespaces(String pid) throws IOException {
        List<String> lines = new ArrayList<>();
        for (String ns : NAMESPACES) {
            Path link = Path.of("/proc", pid, "ns", ns);
            if (Files.isSymbolicLink(link)) {
                lines.add("ns:" + ns + "=" + Files.readSymbolicLink(link));
            }
        }
        return lines;
    }

    /** A small {@code /proc} file whole (cgroup, limits), white space squeezed, one line. */
    public static String text(String pid, String name) throws IOException {
        return squeeze(Files.readString(Path.of("/proc", pid, name), StandardCharsets.UTF_8));
    }

    /** Runs of white space as one space, trimmed. */
    public static String squeeze(String s) {
        return SourceText.collapse(s, c -> c == ' ' || c == '\t' || c == '\n' || c == '\r');
    }

    /** This JVM's own argument vector, from {@code /proc/self/cmdline}: the java binary, its flags, {@code -jar}, the jar, the arguments. */
    public static List<String> cmdline() throws IOException {
        byte[] raw = Files.readAllBytes(Path.of("/proc/self/cmdline"));
        List<String> argv = new ArrayList<>();
        int from = 0;
        for (int i = 0; i < raw.length; i++) {
            if (raw[i] == 0) {
                argv.add(new String(raw, from, i - from, StandardCharsets.UTF_8));
                from = i + 1;
            }
        }
        return argv;
    }

    /** Whether {@code dir} is a real folder (no link) owned by {@code uid} with mode 0700. */
    public static boolean privateFolder(Path dir, int uid) {
        return is(dir, uid, DIRECTORY, 07777, 0700);
    }

    /** Whether {@code file} is a socket (no link) owned by {@code uid}, unreachable by others. */
    public static boolean privateSocket(Path file, int uid) {
        return is(file, uid, SOCKET, 0, 0);
    }

    /** Whether {@code file} is a regular file (no link) owned by {@code uid} that no one else may read or write. */
    public static boolean ownFile(Path file, int uid) {
        return is(file, uid, REGULAR, 0077, 0);
    }

    /** The owner and mode of {@code path} (its own, not a link's target), or empty where it cannot be read. */
    public static Optional<int[]> ownerAndMode(Path path) {
        try {
            Map<String, Object> a = Files.readAttributes(path, "unix:uid,mode", LinkOption.NOFOLLOW_LINKS);
            return Optional.of(new int[] {(Integer) a.get("uid"), (Integer) a.get("mode")});
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** Whether {@code path} is of {@code type}, owned by {@code uid}, with {@code mode & mask == expected}. */
    private static boolean is(Path path, int uid, int type, int mask, int expected) {
        Optional<int[]> a = ownerAndMode(path);
        return a.isPresent()
                && a.get()[0] == uid
                && (a.get()[1] & TYPE_MASK) == type
                && (a.get()[1] & mask) == expected;
    }
}
