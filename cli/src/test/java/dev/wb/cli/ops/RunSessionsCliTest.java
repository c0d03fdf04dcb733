package dev.wb.cli.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.cli.testing.CliRun;
import dev.wb.cli.testing.RunFixture;
import dev.wb.engine.BootId;
import dev.wb.projections.events.run.EdgeTaken;
import dev.wb.projections.events.run.NodeFinished;
import dev.wb.projections.events.run.NodeKind;
import dev.wb.projections.events.run.NodeStarted;
import dev.wb.projections.events.run.RunStarted;
import dev.wb.projections.run.RunState;
import dev.wb.testkit.FakeProviders;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wb run}'s session scopes and lineages (docs/RUNS.md, "Sessions and lineages"), with the scripted fake
 * providers keeping sessions as the real CLIs do: an editing lineage continued by its affinity node, an
 * evaluator resuming its own session round after round, continuation prompts, a refused continuation, a
 * resume after a crash, and the Codex path.
 */
class RunSessionsCliTest {

    static final String FLOW = """
            flow:
              name: sessions
              task_type: sessions
              permission_ceiling: workspace-write
              output_policy: code_change
              publishing: local_artifact
              nodes:
                - {id: planning, kind: agent, role_file: roles/planning.md, permission_profile: read-only}
                - {id: implementation, kind: agent, role_file: roles/implementation.md, session_scope: editing_lineage, permission_profile: workspace-write}
                - {id: review, kind: evaluator, role: review, role_file: roles/review.md, resume_role_file: roles/review-again.md, session_scope: resume_own_lineage}
                - {id: fixing, kind: agent, role_file: roles/fixing.md, resume_role_file: roles/fixing-again.md, session_scope: editing_lineage, lineage_affinity: implementation, permission_profile: workspace-write}
                - {id: publish, kind: publish, policy: local_artifact}
              edges:
                - {from: planning, to: implementation}
                - {from: implementation, to: review}
                - {from: review, to: publish, outcome: accept}
                - {from: review, to: fixing, outcome: rework, loop: review_fix}
                - {from: fixing, to: review}
              budgets: {review_fix: 3}
            """;

    static final String ACCEPT = "echo '{\"verdict\": \"accept\", \"severity\": \"low\"}'";
    static final String REWORK = "echo '{\"verdict\": \"rework\", \"severity\": \"high\"}'";

    @TempDir
    Path tmp;

    RunFixture f;
    Path turns;

    @BeforeEach
    void setUp() {
        f = new RunFixture(tmp);
        turns = tmp.resolve("turns.log");
        f.flow("sessions", FLOW);
        for (String role : List.of("planning", "implementation", "review", "review-again", "fixing", "fixing-again")) {
            f.repo.write(".workflow/flows/roles/" + role + ".md", "ROLE " + role + " for {task_id}\n");
        }
        f.repo.commitAll("the sessions flow");
        for (String node : List.of("planning", "implementation", "fixing")) {
            turn(node, "echo worked");
        }
        turn("review-1", REWORK);
        turn("review-2", REWORK);
        turn("review-3", ACCEPT);
    }

    /** The fake's script for a node ({@code node} or {@code node-attempt}): it logs its turn, then runs {@code bash}. */
    void turn(String script, String bash) {
        try {
            Files.createDirectories(f.scripts);
            Files.writeString(
                    f.scripts.resolve(script + ".sh"),
                    "printf '%s|%s|%s|%s\\n' \"$WB_RUN_NODE\" \"$WB_FAKE_SESSION\" \"$WB_FAKE_RESUMED\""
                            + " \"${WB_FAKE_PROMPT%%$'\\n'*}\" >> '" + turns + "'\n" + bash + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Each provider turn: node|session|resumed|first line of the prompt. */
    List<String[]> turns() {
        try {
            return Files.readAllLines(turns).stream()
                    .map(l -> l.split("\\|", -1))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Each provider call's argv, the calls in order. */
    static List<List<String>> calls(Path bin, String provider) {
        String calls = FakeProviders.calls(bin, provider).orElse("");
        return Arrays.stream(calls.split("(?m)^---\\n", -1))
                .filter(c -> !c.isBlank())
                .map(c -> List.of(c.stripTrailing().split("\\n", -1)))
                .filter(c -> !c.get(0).equals("--version") && !c.get(0).equals("login"))
                .toList();
    }

    static List<String> tail(List<String> list, int n) {
        return list.subList(list.size() - n, list.size());
    }

    Optional<NodeFinished.Session> session(String node, int nth) {
        return f.events().stream()
                .filter(NodeFinished.TYPE::matches)
                .map(NodeFinished.TYPE::read)
                .filter(n -> n.node().equals(node))
                .skip(nth)
                .findFirst()
                .orElseThrow()
                .session();
    }

    @Test
    void fixing_continues_the_implementations_session_and_the_evaluator_resumes_its_own() {
        CliRun.Result run = f.wb("run", RunFixture.KEY, "--flow", "sessions");

        assertEquals(0, run.code(), run.toString());
        List<String[]> t = turns();
        assertEquals(
                List.of("planning", "implementation", "review", "fixing", "review", "fixing", "review"),
                t.stream().map(x -> x[0]).toList());
        List<String> made = FakeProviders.sessions(f.bin, "claude");
        assertEquals(2, made.size(), made.toString());
        String editing = t.get(1)[1];
        String reviewing = t.get(2)[1];
        assertEquals(List.of(editing, reviewing), made);
        // planning is fresh_disposable: no session of its own to keep
        assertEquals("", t.get(0)[1]);
        // the implementation starts the editing session; fixing continues it, round after round
        assertEquals("0", t.get(1)[2]);
        assertEquals(editing + "|1", t.get(3)[1] + "|" + t.get(3)[2]);
        assertEquals(editing + "|1", t.get(5)[1] + "|" + t.get(5)[2]);
        // the evaluator starts its own session, then resumes it on each later round
        assertEquals("0", t.get(2)[2]);
        assertEquals(reviewing + "|1", t.get(4)[1] + "|" + t.get(4)[2]);
        assertEquals(reviewing + "|1", t.get(6)[1] + "|" + t.get(6)[2]);
        // continuation prompts: fixing's first turn on the session gets its full role, later ones the short one
        assertEquals(
                List.of(
                        "ROLE planning for ABC-1",
                        "ROLE implementation for ABC-1",
                        "ROLE review for ABC-1",
                        "ROLE fixing for ABC-1",
                        "ROLE review-again for ABC-1",
                        "ROLE fixing-again for ABC-1",
                        "ROLE review-again for ABC-1"),
                t.stream().map(x -> x[3]).toList());
        // the argv: Claude's own flags, just before the prompt
        List<List<String>> calls = calls(f.bin, "claude");
        assertFalse(calls.get(0).contains("--session-id") || calls.get(0).contains("--resume"), calls.toString());
        assertEquals(List.of("--session-id", editing, "ROLE implementation for ABC-1"), tail(calls.get(1), 3));
        assertEquals(List.of("--resume", editing, "ROLE fixing for ABC-1"), tail(calls.get(3), 3));
        assertTrue(calls.get(1).contains("acceptEdits"), calls.get(1).toString());
        // the log says which session each node used, and the projection keeps each lineage's latest
        assertEquals(
                new NodeFinished.Session("implementation", "claude", Optional.of(editing), false, Optional.empty()),
                session("implementation", 0).orElseThrow());
        assertEquals(
                new NodeFinished.Session("implementation", "claude", Optional.of(editing), true, Optional.empty()),
                session("fixing", 1).orElseThrow());
        assertEquals(
                new NodeFinished.Session("review", "claude", Optional.of(reviewing), true, Optional.empty()),
                session("review", 2).orElseThrow());
        assertTrue(session("planning", 0).isEmpty());
        RunState state = f.state();
        assertEquals(
                new RunState.Lineage("claude", editing, List.of("implementation", "fixing")),
                state.lineages().get("implementation"));
        assertEquals(
                new RunState.Lineage("claude", reviewing, List.of("review")),
                state.lineages().get("review"));
        // replay and status name the sessions
        CliRun.Result replay = f.wb("replay", RunFixture.KEY);
        assertTrue(replay.out().contains("session " + editing.substring(0, 8) + " continued"), replay.out());
        CliRun.Result status = f.wb("status", RunFixture.KEY);
        assertTrue(status.out().contains("run sessions:"), status.out());
        assertTrue(status.out().contains("implementation claude " + editing), status.out());
    }

    @Test
    void fresh_disposable_nodes_never_resume_even_with_a_lineage_affinity() {
        // the reference's flow as RunFixture has it: review fresh_disposable, fixing with lineage_affinity only
        f.flow("implementation", RunFixture.IMPLEMENTATION);
        f.checks("ok.sh");
        f.audited();
        turn("implementation", "printf '# app\\nvalue = 2\\n' > src/app.py; echo implemented");
        turn("documentation", "echo documented");
        turn("review-1", REWORK);
        turn("review-2", ACCEPT);

        CliRun.Result run = f.wb("run", RunFixture.KEY);

        assertEquals(0, run.code(), run.toString());
        List<String[]> t = turns();
        assertEquals(
                List.of("planning", "implementation", "review", "fixing", "review", "documentation"),
                t.stream().map(x -> x[0]).toList());
        for (String[] turn : t) {
            assertEquals("0", turn[2], String.join("|", turn));
            if (!turn[0].equals("implementation")) {
                assertEquals("", turn[1], String.join("|", turn));
            }
        }
        assertTrue(calls(f.bin, "claude").stream().noneMatch(c -> c.contains("--resume")));
        assertTrue(session("fixing", 0).isEmpty());
        assertTrue(session("review", 1).isEmpty());
    }

    @Test
    void a_continuation_the_provider_refuses_falls_back_once_to_a_new_session_with_the_full_prompt() {
        // the provider loses every session it had once the implementation is done
        turn("implementation", ": > '" + f.bin.resolve("claude.sessions") + "'; echo implemented");
        turn("review-1", REWORK);
        turn("review-2", ACCEPT);
        turn("review-3", ACCEPT);

        CliRun.Result run = f.wb("run", RunFixture.KEY, "--flow", "sessions");

        assertEquals(0, run.code(), run.toString());
        List<String[]> t = turns();
        String editing = t.get(1)[1];
        // fixing: the refused --resume never reached the script; the fresh call did, with the full role
        assertEquals("fixing", t.get(3)[0]);
        assertEquals("0", t.get(3)[2]);
        assertEquals("ROLE fixing for ABC-1", t.get(3)[3]);
        String renewed = t.get(3)[1];
        assertFalse(renewed.equals(editing));
        List<List<String>> calls = calls(f.bin, "claude");
        assertTrue(calls.stream().anyMatch(c -> c.contains("--resume") && c.contains(editing)), calls.toString());
        assertEquals(
                new NodeFinished.Session("implementation", "claude", Optional.of(renewed), false, Optional.of(editing)),
                session("fixing", 0).orElseThrow());
        assertEquals(
                new RunState.Lineage("claude", renewed, List.of("fixing")),
                f.state().lineages().get("implementation"));
        CliRun.Result replay = f.wb("replay", RunFixture.KEY);
        assertTrue(replay.out().contains("refused " + editing.substring(0, 8)), replay.out());
    }

    @Test
    void a_resumed_run_continues_the_lineages_the_log_recorded_and_never_another_providers() {
        String reviewing = "11111111-2222-4333-8444-555555555555";
        String codexEditing = "019c538b-8d9d-78d1-891c-a9b09f3f47b6";
        try {
            Files.writeString(f.bin.resolve("claude.sessions"), reviewing + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        long dead = RunResumeCliTest.DEAD;
        f.append(
                new RunStarted("sessions", f.digest("sessions"), "0".repeat(64), "sessions"),
                new NodeStarted("planning", NodeKind.AGENT, 1, dead, BootId.current()),
                NodeFinished.of("planning", "done", 5),
                new EdgeTaken("planning", "implementation", Optional.empty(), Optional.empty(), 0),
                new NodeStarted("implementation", NodeKind.AGENT, 1, dead, BootId.current()),
                finished("implementation", "done", "implementation", "codex", codexEditing),
                new EdgeTaken("implementation", "review", Optional.empty(), Optional.empty(), 0),
                new NodeStarted("review", NodeKind.EVALUATOR, 1, dead, BootId.current()),
                finished("review", "rework", "review", "claude", reviewing),
                new EdgeTaken("review", "fixing", Optional.of("rework"), Optional.of("review_fix"), 1),
                new NodeStarted("fixing", NodeKind.AGENT, 1, dead, BootId.current()),
                NodeFinished.of("fixing", "done", 5),
                new EdgeTaken("fixing", "review", Optional.empty(), Optional.empty(), 0),
                // the crash: the second review round in flight
                new NodeStarted("review", NodeKind.EVALUATOR, 2, dead, BootId.current()));
        turn("review-3", REWORK);
        turn("review-4", ACCEPT);

        CliRun.Result run = f.wb("run", RunFixture.KEY);

        assertEquals(0, run.code(), run.toString());
        List<String[]> t = turns();
        assertEquals(
                List.of("review", "fixing", "review"), t.stream().map(x -> x[0]).toList());
        // the evaluator re-run continues the session the log names, with its continuation prompt
        assertEquals(reviewing + "|1|ROLE review-again for ABC-1", t.get(0)[1] + "|" + t.get(0)[2] + "|" + t.get(0)[3]);
        // the editing lineage is Codex's: the Claude node starts a session of its own instead
        assertEquals("0", t.get(1)[2]);
        assertFalse(t.get(1)[1].equals(codexEditing));
        assertTrue(calls(f.bin, "claude").stream().noneMatch(c -> c.contains(codexEditing)));
        assertEquals(reviewing + "|1", t.get(2)[1] + "|" + t.get(2)[2]);
    }

    static NodeFinished finished(String node, String outcome, String lineage, String provider, String id) {
        return new NodeFinished(
                node,
                outcome,
                5,
                List.of(),
                outcome.equals("rework") ? Optional.of("high") : Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.of(new NodeFinished.Session(lineage, provider, Optional.of(id), false, Optional.empty())),
                Optional.empty());
    }

    @Test
    void codex_reads_the_session_it_printed_and_continues_it_with_exec_resume() {
        FakeProviders.scriptedAgent(f.bin, "codex", f.scripts);
        f.repo.write(".workflow/config.json", "{\"agents\": {\"allowed\": [\"codex\"], \"primary\": \"codex\"}}\n");
        f.repo.commitAll("codex");

        CliRun.Result run = f.wb("run", RunFixture.KEY, "--flow", "sessions");

        assertEquals(0, run.code(), run.toString());
        List<String[]> t = turns();
        List<String> made = FakeProviders.sessions(f.bin, "codex");
        // codex makes a session on every fresh call (planning's too); wb keeps the lineages' only
        assertEquals(3, made.size(), made.toString());
        String editing = t.get(1)[1];
        String reviewing = t.get(2)[1];
        assertEquals(editing + "|1|ROLE fixing for ABC-1", t.get(3)[1] + "|" + t.get(3)[2] + "|" + t.get(3)[3]);
        assertEquals(reviewing + "|1|ROLE review-again for ABC-1", t.get(4)[1] + "|" + t.get(4)[2] + "|" + t.get(4)[3]);
        assertEquals(editing + "|1|ROLE fixing-again for ABC-1", t.get(5)[1] + "|" + t.get(5)[2] + "|" + t.get(5)[3]);
        List<List<String>> calls = calls(f.bin, "codex");
        List<String> fixing = calls.get(3);
        // a resumed session does not keep its profile: the same profile flags come again, after exec
        assertEquals(List.of("resume", editing, "ROLE fixing for ABC-1"), tail(fixing, 3));
        assertEquals("exec", fixing.get(0), fixing.toString());
        assertTrue(fixing.contains("permissions.wb.extends=\":workspace\""), fixing.toString());
        assertFalse(fixing.contains("--sandbox"), fixing.toString());
        assertFalse(calls.get(1).contains("resume"), calls.get(1).toString());
        assertEquals(
                new NodeFinished.Session("implementation", "codex", Optional.of(editing), false, Optional.empty()),
                session("implementation", 0).orElseThrow());
        assertEquals(
                new NodeFinished.Session("review", "codex", Optional.of(reviewing), true, Optional.empty()),
                session("review", 1).orElseThrow());
        assertTrue(session("planning", 0).isEmpty());
    }
}
