package dev.wb.commands.judge.agents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.judge.agents.JudgeGuard.Decision;
import dev.wb.commands.judge.lock.RunLock;
import dev.wb.engine.json.CanonicalJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rules of {@code wb judge guard}, Claude Code's PreToolUse hook, one test a rule: given the
 * repositories a live judge run holds, when a tool call's event arrives, then it is allowed, denied
 * with the reason the agent reads, or reported as unusable. The live locks are given as a function, so
 * no run and no lock file is needed.
 */
class JudgeGuardTest {

    static final RunLock.Holder RUN =
            new RunLock.Holder(ProcessHandle.current().pid(), "", Instant.EPOCH, "TASK-2", "snap-9");

    @TempDir
    Path tmp;

    Path repo;
    Path other;
    Path outside;

    /** The workspaces a live run holds in the test at hand. */
    final Set<Path> held = new HashSet<>();

    final Function<Workspace, Optional<RunLock.Holder>> locks =
            ws -> held.contains(ws.root()) ? Optional.of(RUN) : Optional.empty();

    @BeforeEach
    void repositories() throws IOException {
        repo = Files.createDirectories(tmp.resolve("repo"));
        Files.createDirectories(repo.resolve(".git"));
        Files.createDirectories(repo.resolve("src"));
        other = Files.createDirectories(tmp.resolve("other"));
        Files.createDirectories(other.resolve(".git"));
        outside = Files.createDirectories(tmp.resolve("outside"));
    }

    static byte[] event(String tool, Optional<String> cwd, String field, String file) {
        ObjectNode event = CanonicalJson.objectNode();
        event.put("hook_event_name", "PreToolUse");
        cwd.ifPresent(c -> event.put("cwd", c));
        event.put("tool_name", tool);
        ObjectNode input = event.putObject("tool_input");
        if (field != null) {
            input.put(field, file);
        }
        return CanonicalJson.bytes(event);
    }

    static byte[] edit(String tool, Path cwd, Path file) {
        return event(tool, Optional.of(cwd.toString()), "file_path", file.toString());
    }

    Decision guard(byte[] event) {
        return JudgeGuard.decide(event, outside, locks);
    }

    @Test
    void an_event_that_is_not_json_is_reported_unchecked() {
        Decision decision = guard("not json".getBytes(StandardCharsets.UTF_8));

        assertEquals(Decision.Kind.MALFORMED, decision.kind());
        assertTrue(decision.message().startsWith("wb judge guard: the hook event on stdin is not JSON ("));
        assertTrue(decision.message().endsWith("); the tool call was not checked"), decision.message());
    }

    @Test
    void an_event_that_is_not_a_json_object_is_reported_unchecked() {
        Decision decision = guard("[1]".getBytes(StandardCharsets.UTF_8));

        assertEquals(
                new Decision(
                        Decision.Kind.MALFORMED,
                        "wb judge guard: the hook event on stdin is not a JSON object; the tool call was not checked"),
                decision);
    }

    @Test
    void a_tool_that_edits_nothing_is_allowed_while_a_run_holds_the_repository() {
        held.add(repo);

        assertEquals(
                Decision.Kind.ALLOW,
                guard(edit("Read", repo, repo.resolve("src/App.java"))).kind());
        assertEquals(
                Decision.Kind.ALLOW,
                guard(event("Bash", Optional.of(repo.toString()), null, null)).kind());
    }

    @Test
    void every_edit_tool_is_denied_while_a_run_holds_the_sessions_repository_naming_the_run_and_its_lock() {
        held.add(repo);

        for (String tool : JudgeGuard.EDIT_TOOLS) {
            Decision decision = guard(event(tool, Optional.of(repo.toString()), null, null));

            assertEquals(Decision.Kind.DENY, decision.kind(), tool);
            assertEquals(JudgeGuard.reason(tool, new Workspace(repo), RUN), decision.message());
            assertTrue(decision.message()
                    .contains(tool + " is refused while a judge validation run is in progress in " + repo
                            + " (process "));
            assertTrue(decision.message().contains("task TASK-2, snapshot snap-9"), decision.message());
            assertTrue(decision.message()
                    .endsWith("check the lock " + repo.relativize(RunLock.lockFile(new Workspace(repo))) + "."));
        }
    }

    @Test
    void an_edit_with_no_run_holding_the_repository_is_allowed() {
        assertEquals(
                Decision.Kind.ALLOW,
                guard(edit("Edit", repo, repo.resolve("src/App.java"))).kind());
    }

    @Test
    void a_run_in_another_repository_does_not_deny_an_edit_here() {
        held.add(other);

        assertEquals(
                Decision.Kind.ALLOW,
                guard(edit("Edit", repo, repo.resolve("src/App.java"))).kind());
    }

    @Test
    void the_edited_files_repository_is_guarded_whatever_the_sessions_folder() {
        held.add(repo);

        assertEquals(
                Decision.Kind.DENY,
                guard(edit("Write", outside, repo.resolve("src/App.java"))).kind());
        assertEquals(
                Decision.Kind.DENY,
                guard(edit("Write", other, repo.resolve("src/App.java"))).kind());
    }

    @Test
    void a_file_in_a_folder_not_made_yet_belongs_to_the_repository_of_its_nearest_existing_folder() {
        held.add(repo);

        assertEquals(
                Decision.Kind.DENY,
                guard(edit("Write", outside, repo.resolve("src/new/deeper/Deep.java")))
                        .kind());
    }

    @Test
    void a_notebooks_path_is_guarded_as_a_files_path_is() {
        held.add(repo);

        byte[] notebook = event(
                "NotebookEdit",
                Optional.of(outside.toString()),
                "notebook_path",
                repo.resolve("src/a.ipynb").toString());

        assertEquals(Decision.Kind.DENY, guard(notebook).kind());
    }

    @Test
    void an_event_without_a_folder_is_read_in_the_hooks_own_folder() {
        held.add(repo);

        assertEquals(
                Decision.Kind.DENY,
                JudgeGuard.decide(event("Edit", Optional.empty(), null, null), repo.resolve("src"), locks)
                        .kind());
        assertEquals(
                Decision.Kind.ALLOW,
                guard(event("Edit", Optional.empty(), null, null)).kind(),
                "outside: allowed");
    }

    @Test
    void a_relative_folder_in_the_event_is_taken_from_the_hooks_own_folder() {
        held.add(repo);

        assertEquals(
                Decision.Kind.DENY,
                JudgeGuard.decide(event("Edit", Optional.of("repo/src"), null, null), tmp, locks)
                        .kind());
    }

    @Test
    void an_edit_outside_every_repository_is_allowed() {
        held.add(repo);

        assertEquals(
                Decision.Kind.ALLOW,
                guard(edit("Edit", outside, outside.resolve("x.txt"))).kind());
    }
}
