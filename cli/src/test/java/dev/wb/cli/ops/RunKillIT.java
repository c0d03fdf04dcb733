package dev.wb.cli.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.cli.Wb;
import dev.wb.cli.testing.CliRun;
import dev.wb.cli.testing.RunFixture;
import dev.wb.cli.testing.ServedWb;
import dev.wb.projections.events.run.NodeFinished;
import dev.wb.projections.events.run.NodeLaunched;
import dev.wb.projections.events.run.NodeStarted;
import dev.wb.projections.events.run.RunParked;
import dev.wb.projections.run.RunState;
import dev.wb.testkit.ChildJvm;
import dev.wb.testkit.FakeProviders;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code wb run KEY} killed for real, at every node kind that does its work in a process, and resumed. A
 * real {@code wb run} is started as a child JVM in a real repository; the node's work (the fake provider's
 * script, the check command, the tool) appends its pid to {@code <node>.started} and then waits for a
 * release file (with a time limit of its own, so nothing hangs for ever); once it has started, the wb
 * process and every process under it are killed with SIGKILL, as a reboot would. The log then holds the
 * node started and never finished, and the next {@code wb run KEY} resumes: the nodes finished before are
 * not run again, the node in flight runs again as attempt 2 (or, an agent with workspace-write, is recorded
 * interrupted and parks with the tree's state until a person answers), and {@code wb replay} tells it.
 *
 * <p>{@code hitl} and {@code publish} do no work in a process: a hitl node records {@code run.parked} and
 * wb exits, so there is no moment to kill it in; a publish {@code local_artifact}/{@code none} is instant.
 * That a hitl node started by a run that then died parks again on resume is {@link
 * RunResumeCliTest#a_tool_and_a_hitl_in_flight_are_run_again}; a publish in flight is run again in {@link
 * RunResumeCliTest#a_node_safe_to_repeat_is_run_again_and_finished_ones_are_not}.
 *
 * <p>Two more cases: SIGKILL of the wb process alone (what the node started lives on in its own process
 * group, an orphan, and the resume is refused until nothing of that group runs), and SIGTERM (Ctrl-C), cold
 * and through a warm server: wb's shutdown hook kills the node's process group before the JVM goes and
 * records nothing, so the resume is a crash's.
 */
class RunKillIT {

    /** How long a blocked node waits for its release before it gives up (polls of 50 ms). */
    private static final int POLLS = 400;

    private static final String TOOLING = """
            flow:
              name: tooling
              task_type: tooling
              permission_ceiling: read-only
              output_policy: code_change
              publishing: none
              nodes:
                - {id: first, kind: tool, tool: first}
                - {id: gate, kind: tool, tool: gate}
                - {id: out, kind: publish, policy: none}
              edges:
                - {from: first, to: gate, outcome: pass}
                - {from: gate, to: out, outcome: pass}
            """;

    @TempDir
    Path tmp;

    Path marks;
    final List<Process> started = new ArrayList<>();
    int outputs;

    @AfterEach
    void nothing_left_running() throws IOException {
        if (marks != null) {
            Files.createDirectories(marks);
            Files.writeString(marks.resolve("release"), "");
        }
        started.forEach(Process::destroyForcibly);
    }

    /**
     * A shell body that records its start, then waits for {@code release} (or {@code <node>.release-N},
     * N its own start's number); it gives up after 20 s with exit 9.
     */
    private String block(String node) {
        String m = marks.toString();
        return "PATH=/usr/bin:/bin\n"
                + "echo $$ >> '" + m + "/" + node + ".started'\n"
                + "n=$(( $(wc -l < '" + m + "/" + node + ".started') ))\n"
                + "i=0\n"
                + "while [ ! -f '" + m + "/release' ] && [ ! -f '" + m + "/" + node + ".release-'$n ]; do\n"
                + "  i=$((i+1)); if [ $i -gt " + POLLS + " ]; then echo '" + node + " never released' >&2; exit 9; fi\n"
                + "  sleep 0.05\n"
                + "done\n"
                + "echo $$ >> '" + m + "/" + node + ".finished'\n";
    }

    /** A repository whose run blocks in {@code node}: the implementation flow's, or the tooling flow's gate. */
    private RunFixture blockingAt(String node) throws IOException {
        marks = Files.createDirectories(tmp.resolve("marks"));
        RunFixture f = new RunFixture(tmp);
        if (node.equals("gate")) {
            f.script(".workflow/tools/first", "echo $$ >> '" + marks + "/first.started'");
            f.script(".workflow/tools/gate", block("gate"));
            f.flow("tooling", TOOLING);
            return f;
        }
        f.flow("implementation", RunFixture.IMPLEMENTATION);
        switch (node) {
            case "planning" -> f.agent("planning", block("planning") + "echo planned");
            case "implementation" ->
                f.agent(
                        "implementation",
                        "printf '# app\\nvalue = 2\\n' > src/app.py\n" + block("implementation") + "echo implemented");
            case "review" ->
                f.agent(
                        "review",
                        block("review") + "echo looks fine; echo '{\"verdict\": \"accept\", \"severity\": \"low\"}'");
            case "testing" -> f.script("tools/slow.sh", block("testing"));
            default -> throw new IllegalArgumentException(node);
        }
        f.checks(node.equals("testing") ? "slow.sh" : "ok.sh");
        f.audited();
        return f;
    }

    private static String flowOf(String node) {
        return node.equals("gate") ? "tooling" : "implementation";
    }

    /** Starts {@code wb <args>} as a JVM of its own in the repository, with the fixture's environment. */
    private Process wb(RunFixture f, String... args) throws IOException {
        int n = ++outputs;
        ProcessBuilder builder = new ProcessBuilder(ChildJvm.command(Wb.class, args))
                .directory(f.repo.root().toFile())
                .redirectOutput(tmp.resolve("wb-" + n + ".out").toFile())
                .redirectError(tmp.resolve("wb-" + n + ".err").toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        builder.environment().keySet().removeIf(name -> name.startsWith("GIT_"));
        builder.environment().putAll(f.env);
        Process process = builder.start();
        started.add(process);
        return process;
    }

    private String output(int n) {
        try {
            return Files.readString(tmp.resolve("wb-" + n + ".out"))
                    + Files.readString(tmp.resolve("wb-" + n + ".err"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The pids of the node's starts so far, one a line of {@code <node>.started}. */
    private List<Long> starts(String node) {
        return lines(marks.resolve(node + ".started")).stream()
                .map(Long::parseLong)
                .toList();
    }

    private static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file).stream().filter(l -> !l.isBlank()).toList();
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Starts {@code wb run KEY} and waits until the node's work has started in it; returns the wb process. */
    private Process runUntilBlocked(RunFixture f, String node) throws IOException {
        Process run = wb(f, "run", RunFixture.KEY, "--flow", flowOf(node));
        int n = outputs;
        Awaitility.await()
                .atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(50))
                .pollInSameThread()
                .until(() -> {
                    assertTrue(run.isAlive(), () -> "wb run ended before " + node + " started: " + output(n));
                    return !starts(node).isEmpty();
                });
        return run;
    }

    /**
     * As {@link #runUntilBlocked}, and until the node's {@code node.launched} is in the log: the child writes
     * its start mark before wb records it, and a kill in between leaves an in-flight node that names no
     * process, which no resume can find to stop.
     */
    private Process runUntilLaunched(RunFixture f, String node) throws IOException {
        Process run = runUntilBlocked(f, node);
        Awaitility.await()
                .atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(50))
                .pollInSameThread()
                .until(() -> launched(f).stream().anyMatch(l -> l.node().equals(node)));
        return run;
    }

    /** SIGKILL to wb and every process under it, all at once, as a reboot would; waits until all are gone. */
    private static void killTree(Process wb) throws InterruptedException {
        List<ProcessHandle> tree = new ArrayList<>(wb.descendants().toList());
        assertFalse(tree.isEmpty(), "the node's work runs under wb");
        wb.destroyForcibly();
        tree.forEach(ProcessHandle::destroyForcibly);
        assertTrue(wb.waitFor(20, TimeUnit.SECONDS), "wb died");
        awaitGone(tree.stream().mapToLong(ProcessHandle::pid).boxed().toList());
    }

    private static void awaitGone(List<Long> pids) {
        Awaitility.await()
                .atMost(Duration.ofSeconds(20))
                .pollInterval(Duration.ofMillis(50))
                .until(() -> pids.stream().noneMatch(RunKillIT::running));
    }

    /** Whether the process runs: a zombie (an orphan nobody collected) does not. */
    static boolean running(long pid) {
        Optional<ProcessHandle> handle = ProcessHandle.of(pid);
        if (handle.isEmpty() || !handle.get().isAlive()) {
            return false;
        }
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            char state = stat.charAt(stat.lastIndexOf(')') + 2);
            return state != 'Z' && state != 'X';
        } catch (IOException e) {
            return false;
        }
    }

    private static long count(RunFixture f, String node, boolean finished) {
        return f.events().stream()
                .filter(e -> finished
                        ? NodeFinished.TYPE.matches(e)
                                && NodeFinished.TYPE.read(e).node().equals(node)
                        : NodeStarted.TYPE.matches(e)
                                && NodeStarted.TYPE.read(e).node().equals(node))
                .count();
    }

    /** How many times the node's work really ran: fake provider calls, check runs, tool starts. */
    private long ran(RunFixture f, String node) {
        String prompt = switch (node) {
            case "review" -> "Review ABC-1 in repo";
            case "testing", "first" -> "";
            default -> "You are the " + node + " step.";
        };
        if (node.equals("testing")) {
            return f.types().stream().filter("checks.ran"::equals).count();
        }
        if (node.equals("first")) {
            return starts("first").size();
        }
        String calls = FakeProviders.calls(f.bin, "claude").orElse("");
        return Arrays.stream(calls.split("(?m)^---$", -1))
                .filter(c -> c.contains(prompt))
                .count();
    }

    private static List<String> before(String node) {
        return switch (node) {
            case "planning" -> List.of();
            case "testing" -> List.of("planning", "implementation");
            case "review" -> List.of("planning", "implementation", "testing");
            case "gate" -> List.of("first");
            default -> throw new IllegalArgumentException(node);
        };
    }

    private static String kind(String node) {
        return switch (node) {
            case "testing" -> "checks";
            case "review" -> "evaluator";
            case "gate" -> "tool";
            default -> "agent";
        };
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"planning", "testing", "review", "gate"})
    void a_node_killed_in_flight_runs_again_as_attempt_2_and_finished_nodes_do_not(String node) throws Exception {
        RunFixture f = blockingAt(node);
        Process run = runUntilBlocked(f, node);
        long pid = run.pid();

        killTree(run);

        assertEquals(1, count(f, node, false), node + " started");
        assertEquals(0, count(f, node, true), node + " never finished");
        for (String done : before(node)) {
            assertEquals(1, count(f, done, true), done + " finished before the kill");
        }
        assertTrue(lines(marks.resolve(node + ".finished")).isEmpty(), "the killed work never finished");
        Files.writeString(marks.resolve("release"), "");

        CliRun.Result resumed = f.wb("run", RunFixture.KEY);

        assertEquals(0, resumed.code(), resumed.toString());
        assertTrue(resumed.out().contains(node + " (" + kind(node) + ") was in flight: run again"), resumed.toString());
        RunState state = f.state();
        assertEquals("done", state.status());
        assertEquals(2, state.attempts(node), node + " ran again as attempt 2");
        assertEquals(2, starts(node).size(), "the work started twice: killed, then again");
        assertEquals(1, lines(marks.resolve(node + ".finished")).size(), "only the second finished");
        for (String done : before(node)) {
            assertEquals(1, ran(f, done), done + " was not run again");
            assertEquals(1, count(f, done, true), done + " finished once");
        }
        String replay = f.wb("replay", RunFixture.KEY).out();
        assertTrue(replay.contains(node + " (" + kind(node) + ") attempt 1 · pid " + pid), replay);
        assertTrue(
                replay.contains(node + " (" + kind(node) + ") attempt 2 · pid "
                        + ProcessHandle.current().pid()),
                replay);
        assertTrue(replay.contains("done · the flow ended at"), replay);
    }

    @Test
    void an_agent_killed_while_it_edits_the_tree_is_interrupted_parks_with_the_tree_and_approve_finishes_it()
            throws Exception {
        RunFixture f = blockingAt("implementation");
        String head = f.repo.git("rev-parse", "HEAD").trim();
        Process run = runUntilBlocked(f, "implementation");

        killTree(run);

        assertEquals(1, count(f, "implementation", false));
        assertEquals(0, count(f, "implementation", true));
        Files.writeString(marks.resolve("release"), "");

        CliRun.Result resumed = f.wb("run", RunFixture.KEY);

        assertEquals(3, resumed.code(), resumed.toString());
        assertTrue(resumed.out().contains("was in flight: interrupted, parked for a person"), resumed.toString());
        NodeFinished interrupted = f.events().stream()
                .filter(NodeFinished.TYPE::matches)
                .map(NodeFinished.TYPE::read)
                .filter(n -> n.node().equals("implementation"))
                .findFirst()
                .orElseThrow();
        assertEquals("interrupted", interrupted.outcome());
        RunParked parked = f.events().stream()
                .filter(RunParked.TYPE::matches)
                .map(RunParked.TYPE::read)
                .findFirst()
                .orElseThrow();
        assertEquals(RunParked.Reason.INTERRUPTED, parked.reason());
        assertEquals(Optional.of(head), parked.head());
        assertTrue(parked.changedPaths().contains("src/app.py"), "the half-done edit is named: " + parked);
        assertEquals(1, ran(f, "implementation"), "the agent is not run again by the resume");

        CliRun.Result approved = f.wb("run", RunFixture.KEY, "--answer", "approve");

        assertEquals(0, approved.code(), approved.toString());
        assertEquals("done", f.state().status());
        assertEquals(1, f.state().attempts("implementation"));
        assertEquals(1, ran(f, "implementation"), "approve keeps the tree: the agent never ran again");
        assertEquals(1, ran(f, "planning"), "planning was not run again");
        assertTrue(Files.readString(f.repo.resolve("src/app.py")).contains("value = 2"), "the edit was kept");
        String replay = f.wb("replay", RunFixture.KEY).out();
        assertTrue(replay.contains("implementation → interrupted"), replay);
        assertTrue(
                replay.contains("parked at implementation · interrupted · "
                        + parked.changedPaths().size() + " changed path(s)"),
                replay);
        assertTrue(replay.contains("answered: approve"), replay);
        assertTrue(replay.contains("done · the flow ended at 'publish' with done"), replay);
    }

    /**
     * SIGKILL of the wb process alone (a JVM killed by the OOM killer, {@code kill -9 <pid>}): no hook runs,
     * so the tool it started is not killed. It is re-parented and goes on in its own process group, which
     * {@code node.launched} named; while anything of that group runs, the resume is refused (exit 2, nothing
     * appended) with the command that stops it. Once it is stopped, the resume runs the node again.
     */
    @Test
    void sigkill_of_wb_alone_leaves_the_tool_running_and_the_resume_is_refused_until_it_is_stopped() throws Exception {
        RunFixture f = blockingAt("gate");
        Process run = runUntilBlocked(f, "gate");
        long orphan = starts("gate").get(0);

        run.destroyForcibly();
        assertTrue(run.waitFor(20, TimeUnit.SECONDS));

        assertTrue(running(orphan), "the tool outlives the wb that started it");
        NodeLaunched launched = launched(f).stream()
                .filter(l -> l.node().equals("gate"))
                .findFirst()
                .orElseThrow();
        assertEquals(orphan, launched.pid(), "node.launched names the tool's process");
        assertEquals(Optional.of(orphan), launched.group(), "which leads a process group of its own");
        assertTrue(launched.started().isPresent());
        assertEquals(1, count(f, "gate", false));
        assertEquals(0, count(f, "gate", true));
        int events = f.events().size();

        CliRun.Result refused = f.wb("run", RunFixture.KEY);

        assertEquals(2, refused.code(), refused.toString());
        assertTrue(
                refused.err()
                        .contains("error: node 'gate' (tool, attempt 1) of " + RunFixture.KEY
                                + "'s run is still running without the wb run that started it: pid " + orphan
                                + " (process group " + orphan + "), running for "),
                refused.toString());
        assertTrue(
                refused.err().contains("fix: wait for it to end, or stop it: kill -TERM -- -" + orphan),
                refused.toString());
        assertTrue(refused.err().contains("fix: then: wb run " + RunFixture.KEY), refused.toString());
        assertEquals(events, f.events().size(), "a refusal appends nothing");
        assertTrue(running(orphan), "and stops nothing");
        assertEquals(1, starts("gate").size(), "nor starts the tool again");

        // the fix line, as a person runs it
        Process stop = new ProcessBuilder("kill", "-TERM", "--", "-" + orphan).start();
        assertEquals(0, stop.waitFor());
        awaitGone(List.of(orphan));
        assertEquals(List.of(), lines(marks.resolve("gate.finished")), "stopped before it finished");
        Files.writeString(marks.resolve("gate.release-2"), "");

        CliRun.Result resumed = f.wb("run", RunFixture.KEY);

        assertEquals(0, resumed.code(), resumed.toString());
        assertEquals(2, f.state().attempts("gate"));
        assertEquals(2, starts("gate").size(), "the resume started the tool a second time, alone");
        assertEquals(List.of(Long.toString(starts("gate").get(1))), lines(marks.resolve("gate.finished")));
        assertEquals(
                2, launched(f).stream().filter(l -> l.node().equals("gate")).count(), "each start is named");
    }

    /** {@code --stop-orphans} stops what the killed wb left (SIGTERM to its group) and then resumes. */
    @Test
    void stop_orphans_ends_the_orphaned_group_and_then_resumes() throws Exception {
        RunFixture f = blockingAt("gate");
        Process run = runUntilLaunched(f, "gate");
        long orphan = starts("gate").get(0);
        run.destroyForcibly();
        assertTrue(run.waitFor(20, TimeUnit.SECONDS));
        assertTrue(running(orphan));
        Files.writeString(marks.resolve("gate.release-2"), "");

        CliRun.Result resumed = f.wb("run", RunFixture.KEY, "--stop-orphans");

        assertEquals(0, resumed.code(), resumed.toString());
        assertTrue(
                resumed.out()
                        .contains("stopping node 'gate' left running by a killed wb run: pid " + orphan
                                + " (process group " + orphan + ")"),
                resumed.toString());
        assertFalse(running(orphan), "stopped");
        assertTrue(groupMembers(orphan).isEmpty(), "with its whole group");
        assertEquals(2, f.state().attempts("gate"));
        assertEquals(List.of(Long.toString(starts("gate").get(1))), lines(marks.resolve("gate.finished")));
    }

    /**
     * The same for an agent with workspace-write, which the resume would park with the tree as it is: the
     * resume is refused while the orphaned agent still edits, and parks once it has ended on its own, with
     * nothing of it left running.
     */
    @Test
    void an_orphaned_workspace_write_agent_is_not_running_when_the_run_parks() throws Exception {
        RunFixture f = blockingAt("implementation");
        Process run = runUntilLaunched(f, "implementation");
        long orphan = starts("implementation").get(0);
        long group = launched(f).stream()
                .filter(l -> l.node().equals("implementation"))
                .findFirst()
                .orElseThrow()
                .group()
                .orElseThrow();

        run.destroyForcibly();
        assertTrue(run.waitFor(20, TimeUnit.SECONDS));
        assertTrue(running(orphan), "the agent outlives the wb that started it");

        CliRun.Result refused = f.wb("run", RunFixture.KEY);

        assertEquals(2, refused.code(), refused.toString());
        assertTrue(refused.err().contains("error: node 'implementation' (agent, attempt 1)"), refused.toString());
        assertTrue(refused.err().contains("kill -TERM -- -" + group), refused.toString());
        assertFalse(f.types().contains("run.parked"), "nothing parked while the agent edits");

        Files.writeString(marks.resolve("release"), ""); // the agent ends on its own
        awaitGone(List.of(orphan));

        CliRun.Result parked = f.wb("run", RunFixture.KEY);

        assertEquals(3, parked.code(), parked.toString());
        assertTrue(parked.out().contains("was in flight: interrupted, parked for a person"), parked.toString());
        assertEquals("parked", f.state().status());
        assertFalse(running(orphan), "the orphan is not running when the run parks");
        assertTrue(groupMembers(group).isEmpty(), "nor anything of its group");
        assertEquals(1, lines(marks.resolve("implementation.finished")).size(), "it had finished its work");
    }

    private static List<NodeLaunched> launched(RunFixture f) {
        return f.events().stream()
                .filter(NodeLaunched.TYPE::matches)
                .map(NodeLaunched.TYPE::read)
                .toList();
    }

    /** The live processes of process group {@code group}, from {@code /proc}. */
    static List<Long> groupMembers(long group) throws IOException {
        List<Long> members = new ArrayList<>();
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path proc : procs.toList()) {
                String name = proc.getFileName().toString();
                if (!name.chars().allMatch(Character::isDigit)) {
                    continue;
                }
                try {
                    String stat = Files.readString(proc.resolve("stat"));
                    String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ", -1);
                    if (!fields[0].equals("Z") && fields[2].equals(Long.toString(group))) {
                        members.add(Long.parseLong(name));
                    }
                } catch (IOException gone) {
                    // ended while listed
                }
            }
        }
        return members;
    }

    /**
     * SIGTERM (what Ctrl-C and a CI cancel send): the node's whole process tree goes with wb, and no outcome
     * of the node is recorded (a tool or agent killed so would otherwise read as failed), so the resume is a
     * crash's. Checks are stopped by {@code wb checks}' own hook, which records their {@code checks.ran}.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"gate", "planning", "testing"})
    void sigterm_kills_the_nodes_processes_and_leaves_the_node_in_flight_for_the_resume(String node) throws Exception {
        RunFixture f = blockingAt(node);
        Process run = runUntilBlocked(f, node);
        int n = outputs;
        long work = starts(node).get(0);
        List<Long> tree =
                run.descendants().mapToLong(ProcessHandle::pid).boxed().toList();

        Process kill = new ProcessBuilder("kill", "-TERM", Long.toString(run.pid())).start();
        assertEquals(0, kill.waitFor());
        assertTrue(run.waitFor(20, TimeUnit.SECONDS), "wb ends");

        assertEquals(143, run.exitValue(), output(n));
        assertFalse(running(work), "the node's process went with wb");
        awaitGone(tree);
        assertTrue(lines(marks.resolve(node + ".finished")).isEmpty());
        assertEquals(1, count(f, node, false), node + " started");
        assertEquals(0, count(f, node, true), "its killed end is not recorded as an outcome");
        assertFalse(f.types().contains("run.finished"), f.types().toString());
        // the checks engine's own hook records its interrupted checks.ran (the command's, not the node's)
        assertEquals(
                node.equals("testing") ? 1 : 0, ran(f, "testing"), f.types().toString());
        Files.writeString(marks.resolve("release"), "");

        CliRun.Result resumed = f.wb("run", RunFixture.KEY);

        assertEquals(0, resumed.code(), resumed.toString());
        assertEquals(2, f.state().attempts(node));
        assertEquals(List.of(node + ":" + (node.equals("planning") ? "done" : "pass")), outcomes(f, node));
    }

    /**
     * The same SIGTERM through {@code bin/wb} with a warm server (docs/adr/0009-warm-server.md): the client
     * forwards it to the server, whose JVM then ends as a cold one would: its hook kills the node's process
     * group, nothing of the node's end is recorded, the client exits 143 and the resume is a crash's.
     */
    @Test
    void sigterm_through_a_warm_server_kills_the_nodes_processes_and_leaves_the_node_in_flight() throws Exception {
        RunFixture f = blockingAt("gate");
        try (ServedWb served = new ServedWb(ServedWb.HOME, Files.createDirectories(tmp.resolve("served")))) {
            Map<String, String> env = served.environment(true);
            env.putAll(f.env);
            env.put("PATH", f.env.get("PATH") + File.pathSeparator + System.getenv("PATH"));
            Path server = served.awaitServing(f.repo.root(), env);
            long serverPid = ServedWb.pid(server).orElseThrow().pid();
            Path out = tmp.resolve("served.out");
            Path err = tmp.resolve("served.err");
            Process client =
                    served.start(f.repo.root(), env, out, err, "run", RunFixture.KEY, "--flow", flowOf("gate"));
            started.add(client);
            Awaitility.await()
                    .atMost(Duration.ofSeconds(60))
                    .pollInterval(Duration.ofMillis(50))
                    .until(() -> {
                        assertTrue(client.isAlive(), () -> "wb run ended before gate started: " + read(out, err));
                        return !starts("gate").isEmpty();
                    });
            long work = starts("gate").get(0);
            assertTrue(
                    ProcessHandle.of(serverPid).orElseThrow().descendants().anyMatch(p -> p.pid() == work),
                    "the tool runs under the warm server, not a JVM of the client's own");
            NodeStarted node = f.events().stream()
                    .filter(NodeStarted.TYPE::matches)
                    .map(NodeStarted.TYPE::read)
                    .filter(e -> e.node().equals("gate"))
                    .findFirst()
                    .orElseThrow();
            // The run's process is its caller's, as cold: the client's pid (the server halts when it dies).
            assertEquals(client.pid(), node.pid(), "the served run's process is its client's");

            Process kill = new ProcessBuilder("kill", "-TERM", Long.toString(client.pid())).start();
            assertEquals(0, kill.waitFor());
            assertTrue(client.waitFor(30, TimeUnit.SECONDS), "wb ends");

            assertEquals(143, client.exitValue(), read(out, err));
            awaitGone(List.of(work, serverPid));
            assertTrue(groupMembers(work).isEmpty(), "nothing of the tool's process group is left");
            assertTrue(lines(marks.resolve("gate.finished")).isEmpty());
            assertEquals(1, count(f, "gate", false), "gate started");
            assertEquals(0, count(f, "gate", true), "its killed end is not recorded as an outcome");
            assertFalse(f.types().contains("run.finished"), f.types().toString());
        }
        Files.writeString(marks.resolve("release"), "");

        CliRun.Result resumed = f.wb("run", RunFixture.KEY);

        assertEquals(0, resumed.code(), resumed.toString());
        assertTrue(resumed.out().contains("gate (tool) was in flight: run again"), resumed.toString());
        assertEquals(2, f.state().attempts("gate"));
        assertEquals(List.of("gate:pass"), outcomes(f, "gate"));
    }

    private static String read(Path out, Path err) {
        try {
            return Files.readString(out) + Files.readString(err);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<String> outcomes(RunFixture f, String node) {
        return f.events().stream()
                .filter(NodeFinished.TYPE::matches)
                .map(NodeFinished.TYPE::read)
                .filter(e -> e.node().equals(node))
                .map(e -> e.node() + ":" + e.outcome())
                .toList();
    }
}
