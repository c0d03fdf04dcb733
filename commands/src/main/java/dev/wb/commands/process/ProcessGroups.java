package dev.wb.commands.process;

import com.google.common.base.Splitter;
import com.google.common.util.concurrent.Uninterruptibles;
import dev.wb.projections.run.RunState;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * A node's program in a session and process group of its own, and what is left of that group later. wb
 * starts the program through {@code setsid} (util-linux, BusyBox; else {@code perl}'s {@code
 * POSIX::setsid}), which makes it the leader of a new group whose id is its pid; everything it starts stays
 * in that group unless it leaves on purpose, even once re-parented after a {@code kill -9} of wb. Linux's
 * {@code /proc} tells the group's members; elsewhere only the program and its descendants can be seen.
 */
public final class ProcessGroups {

    /** How far a start time may differ from the one recorded and still be the same process (a clock step). */
    private static final Duration SAME_START = Duration.ofSeconds(2);

    private static final Path PROC = Path.of("/proc");

    private static final List<List<String>> LAUNCHERS = List.of(
            List.of("/usr/bin/setsid"),
            List.of("/bin/setsid"),
            List.of("/usr/bin/perl", "-e", "use POSIX (); POSIX::setsid(); exec { $ARGV[0] } @ARGV; exit 127;", "--"));

    private ProcessGroups() {}

    /**
     * {@code argv} started in a group of its own, when a launcher is at hand and {@code argv[0]} is an
     * executable file named by its absolute path (else as it is: a program that cannot start then fails
     * to start as before, and one that can runs in wb's group).
     */
    public static Optional<List<String>> inOwnGroup(List<String> argv) {
        Path program = Path.of(argv.get(0));
        if (!program.isAbsolute() || !Files.isRegularFile(program) || !Files.isExecutable(program)) {
            return Optional.empty();
        }
        for (List<String> launcher : LAUNCHERS) {
            Path file = Path.of(launcher.get(0));
            if (Files.isRegularFile(file) && Files.isExecutable(file)) {
                List<String> command = new ArrayList<>(launcher);
                command.addAll(argv);
                return Optional.of(command);
            }
        }
        return Optional.empty();
    }

    /**
     * What still runs of a node's process recorded in {@code node.launched}: the program itself (the same
     * process: its start time matches) and, on Linux, every live member of its group. Empty when all of it
     * has ended (a zombie has ended) or the pid now names another process.
     */
    public static List<ProcessHandle> alive(RunState.Child child) {
        List<ProcessHandle> alive = new ArrayList<>();
        Optional<ProcessHandle> leader = ProcessHandle.of(child.pid()).filter(ProcessGroups::running);
        if (leader.isPresent()) {
            if (!sameStart(leader.get(), child.started())) {
                return List.of(); // the pid is another's now: while a group lives its id is never given again
            }
            alive.add(leader.get());
            alive.addAll(
                    leader.get().descendants().filter(ProcessGroups::running).toList());
        }
        if (child.group().isPresent()) {
            for (ProcessHandle member : members(child.group().get())) {
                if (!alive.contains(member) && startedSince(member, child.started())) {
                    alive.add(member);
                }
            }
        }
        return alive;
    }

    /**
     * What was left running of a node's group and how it was ended ({@link #end}): {@code processes} got
     * SIGTERM, {@code killed} of them were still there after the grace and got SIGKILL, {@code left} still
     * ran after that. The node's program itself is not counted.
     */
    public record Strays(int processes, int killed, int left) {
        public static final Strays NONE = new Strays(0, 0, 0);
    }

    /**
     * Ends everything of {@code child}'s group that runs: SIGTERM, then SIGKILL to what is left after
     * {@code grace}. Returns whether nothing of it is left.
     */
    public static boolean stop(RunState.Child child, Duration grace) {
        end(child, grace);
        return alive(child).isEmpty();
    }

    /**
     * Ends everything of {@code child}'s group that runs: SIGTERM to each process (one that appears in the
     * group meanwhile gets it too), then, once {@code grace} is over, SIGKILL to what is left; and says
     * what it stopped, the program {@code child.pid()} left out of the counts.
     */
    public static Strays end(RunState.Child child, Duration grace) {
        Set<Long> termed = new HashSet<>();
        Set<Long> killed = new HashSet<>();
        long deadline = System.nanoTime() + grace.toNanos();
        List<ProcessHandle> alive = alive(child);
        while (!alive.isEmpty() && System.nanoTime() < deadline) {
            for (ProcessHandle process : alive) {
                if (termed.add(process.pid())) {
                    process.destroy();
                }
            }
            Uninterruptibles.sleepUninterruptibly(50, TimeUnit.MILLISECONDS);
            alive = alive(child);
        }
        for (int round = 0; round < 20 && !alive.isEmpty(); round++) {
            for (ProcessHandle process : alive) {
                termed.add(process.pid());
                killed.add(process.pid());
                process.destroyForcibly();
            }
            Uninterruptibles.sleepUninterruptibly(50, TimeUnit.MILLISECONDS);
            alive = alive(child);
        }
        termed.remove(child.pid());
        killed.remove(child.pid());
        int left = (int) alive.stream().filter(p -> p.pid() != child.pid()).count();
        return new Strays(termed.size(), killed.size(), left);
    }

    /** SIGKILL to every live member of group {@code group} (Linux; elsewhere nothing is known of it). */
    public static void killGroup(long group) {
        for (int round = 0; round < 20; round++) {
            List<ProcessHandle> members = members(group);
            if (members.isEmpty()) {
                return;
            }
            members.forEach(ProcessHandle::destroyForcibly);
        }
    }

    /** The live (not zombie) processes whose process group is {@code group}, from {@code /proc}. */
    public static List<ProcessHandle> members(long group) {
        List<ProcessHandle> members = new ArrayList<>();
        if (!Files.isDirectory(PROC)) {
            return members;
        }
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(PROC, "[0-9]*")) {
            for (Path entry : entries) {
                Optional<List<String>> stat = stat(entry);
                if (stat.isPresent()
                        && stat.get().size() > 2
                        && !stat.get().get(0).equals("Z")
                        && stat.get().get(2).equals(Long.toString(group))) {
                    ProcessHandle.of(Long.parseLong(entry.getFileName().toString()))
                            .ifPresent(members::add);
                }
            }
        } catch (IOException | RuntimeException e) {
            return members; // what could be read
        }
        return members;
    }

    /** Whether the process runs: alive and, where {@code /proc} tells, not a zombie. */
    public static boolean running(ProcessHandle process) {
        if (!process.isAlive()) {
            return false;
        }
        Optional<List<String>> stat = stat(PROC.resolve(Long.toString(process.pid())));
        return stat.isEmpty()
                || !(stat.get().get(0).equals("Z") || stat.get().get(0).equals("X"));
    }

    /** The process's start time, where the platform tells. */
    public static Optional<Instant> started(ProcessHandle process) {
        return process.info().startInstant();
    }

    private static boolean sameStart(ProcessHandle process, Optional<Instant> recorded) {
        Optional<Instant> now = started(process);
        return recorded.isEmpty()
                || now.isEmpty()
                || Duration.between(recorded.get(), now.get()).abs().compareTo(SAME_START) <= 0;
    }

    private static boolean startedSince(ProcessHandle process, Optional<Instant> recorded) {
        Optional<Instant> now = started(process);
        return recorded.isEmpty()
                || now.isEmpty()
                || !now.get().isBefore(recorded.get().minus(SAME_START));
    }

    /** The fields of {@code /proc/<pid>/stat} after the command's name: state, ppid, pgrp, … */
    private static Optional<List<String>> stat(Path dir) {
        try {
            String text = Files.readString(dir.resolve("stat"));
            int close = text.lastIndexOf(')');
            if (close < 0) {
                return Optional.empty();
            }
            return Optional.of(Splitter.on(' ')
                    .omitEmptyStrings()
                    .splitToList(text.substring(close + 1).trim()));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
