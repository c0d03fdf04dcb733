package dev.wb.cli.server;

import com.google.common.base.Splitter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One request line of a client, {@code run <pid> <slot> <t0><t1><t2>} (docs/adr/0009), and what its
 * slot holds: {@code args} and {@code env}, each a list of NUL-terminated strings.
 */
record Request(long pid, Path folder, boolean stdinTerminal, boolean stdoutTerminal, boolean stderrTerminal) {

    /** The request a line names, when the line is one and names a request slot of {@code server}. */
    static Optional<Request> parse(String line, Path server) {
        List<String> words = Splitter.on(' ').splitToList(line);
        if (words.size() != 4 || !words.get(0).equals("run") || !words.get(3).matches("[01]{3}")) {
            return Optional.empty();
        }
        long pid;
        try {
            pid = Long.parseLong(words.get(1));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
        // Only a request folder in this server's own folder: one of its slots (r.<n>), or one a client
        // made with its own FIFOs (r.<pid>.<n>, named relative or absolute); never a path elsewhere.
        String name = words.get(2).startsWith("/")
                ? words.get(2).substring(words.get(2).lastIndexOf('/') + 1)
                : words.get(2);
        if (!name.matches("r\\.[0-9]{1,10}(\\.[0-9]{1,10})?")
                || (words.get(2).startsWith("/")
                        && !server.normalize()
                                .equals(Path.of(words.get(2)).normalize().getParent()))) {
            return Optional.empty();
        }
        Path folder = server.resolve(name);
        if (!ServerFolders.privateFolder(folder)) {
            return Optional.empty();
        }
        String t = words.get(3);
        return Optional.of(new Request(pid, folder, t.charAt(0) == '1', t.charAt(1) == '1', t.charAt(2) == '1'));
    }

    /** Whether the folder is one of the server's slots (which the server frees) rather than the client's own. */
    boolean slot() {
        return folder.getFileName().toString().matches("r\\.[0-9]{1,10}");
    }

    Path fifo(String name) {
        return folder.resolve(name);
    }

    /**
     * Claims the request (renames {@code args} to {@code taken}); false when the client withdrew it
     * first (renamed {@code args} to {@code withdrawn}): exactly one of the two renames succeeds.
     */
    boolean claim() {
        if (slot() && !Slots.owns(this)) {
            return false; // a slot since claimed by another client: its args are not this request's
        }
        try {
            Files.move(folder.resolve("args"), folder.resolve("taken"), java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** The command line, from the claimed {@code args}. */
    String[] args() throws IOException {
        return strings(folder.resolve("taken")).toArray(String[]::new);
    }

    /**
     * The environment java would have been started with: the client's {@code env -0}, with {@code _} (the
     * program a shell last ran, which names {@code env} there) set to the java binary a cold run execs.
     */
    Map<String, String> env(String java) throws IOException {
        Map<String, String> env = new LinkedHashMap<>();
        for (String entry : strings(folder.resolve("env"))) {
            int eq = entry.indexOf('=');
            if (eq > 0) {
                env.put(entry.substring(0, eq), entry.substring(eq + 1));
            }
        }
        if (env.containsKey("_")) {
            env.put("_", java);
        }
        return env;
    }

    private static List<String> strings(Path file) throws IOException {
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException(file.getFileName() + " is not a regular file");
        }
        String all = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        List<String> out = new ArrayList<>();
        int from = 0;
        for (int at = all.indexOf('\0'); at >= 0; at = all.indexOf('\0', from)) {
            out.add(all.substring(from, at));
            from = at + 1;
        }
        return out;
    }
}
