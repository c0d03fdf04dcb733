package dev.wb.commands.judge.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.base.Workspace;
import dev.wb.engine.Digests;
import dev.wb.engine.TaskKey;
import dev.wb.projections.events.judge.CommandsApproval;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class CommandApprovalsTest {

    static final TaskKey TASK = new TaskKey("TASK-1");
    static final List<String> DECLARED = List.of("pnpm build", "npx vitest run");
    static final List<String> NO_FLAGS = List.of();

    @TempDir
    Path tmp;

    CommandApprovals approvals() {
        return new CommandApprovals(new Workspace(tmp));
    }

    @Test
    void a_stored_list_is_preapproved_and_needs_no_flags_or_prompt() {
        Path file = approvals().store(TASK, DECLARED);

        assertEquals(tmp.resolve(".workflow/local/approved-commands/TASK-1.json"), file);
        assertTrue(approvals().preapproved(TASK, DECLARED));
        assertEquals(
                new CommandApprovals.Approval(CommandsApproval.STORED, CommandApprovals.listDigest(TASK, DECLARED)),
                approvals().require(TASK, DECLARED, NO_FLAGS, Optional.empty()));
    }

    static Stream<Arguments> changed_lists() {
        return Stream.of(
                Arguments.of("added", List.of("pnpm build", "npx vitest run", "pnpm lint")),
                Arguments.of("removed", List.of("pnpm build")),
                Arguments.of("reordered", List.of("npx vitest run", "pnpm build")),
                Arguments.of("edited", List.of("pnpm build", "npx vitest run --coverage")),
                Arguments.of("white space inside", List.of("pnpm  build", "npx vitest run")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("changed_lists")
    void a_changed_list_is_not_preapproved(String change, List<String> changed) {
        approvals().store(TASK, DECLARED);

        assertFalse(approvals().preapproved(TASK, changed));
        assertNotEquals(CommandApprovals.listDigest(TASK, DECLARED), CommandApprovals.listDigest(TASK, changed));
    }

    @Test
    void white_space_around_a_command_is_not_part_of_it() {
        approvals().store(TASK, List.of("  pnpm build\n", "\tnpx vitest run "));

        assertTrue(approvals().preapproved(TASK, DECLARED));
    }

    @Test
    void another_tasks_approval_does_not_count() throws IOException {
        approvals().store(new TaskKey("TASK-2"), DECLARED);
        assertFalse(approvals().preapproved(TASK, DECLARED));

        // Not even when its file is copied under this task's name: the digest binds the task.
        Path other = approvals().file(new TaskKey("TASK-2"));
        Files.copy(other, approvals().file(TASK));
        assertFalse(approvals().preapproved(TASK, DECLARED));
    }

    @Test
    void the_list_digest_is_a_sha256_digest_bound_to_the_task_and_unambiguous() {
        String digest = CommandApprovals.listDigest(TASK, DECLARED);

        assertTrue(Digests.isDigest(digest), digest);
        assertNotEquals(digest, CommandApprovals.listDigest(new TaskKey("TASK-2"), DECLARED));
        // Joining would make these one string; the encoding keeps them apart.
        assertNotEquals(
                CommandApprovals.listDigest(TASK, List.of("a b", "c")),
                CommandApprovals.listDigest(TASK, List.of("a", "b c")));
    }

    @Test
    void a_damaged_approval_file_approves_nothing() throws IOException {
        Path file = approvals().store(TASK, DECLARED);
        Files.writeString(file, "{ not json");

        assertFalse(approvals().preapproved(TASK, DECLARED));
    }

    @Test
    void flags_in_the_declared_order_approve_the_list() {
        assertEquals(
                CommandsApproval.FLAGS,
                approvals().require(TASK, DECLARED, DECLARED, Optional.empty()).how());
    }

    @Test
    void flags_in_the_wrong_order_name_the_position_the_expected_and_the_received_command() {
        CommandApprovals.Mismatch mismatch = assertThrows(
                CommandApprovals.Mismatch.class,
                () -> approvals().require(TASK, DECLARED, List.of("npx vitest run", "pnpm build"), Optional.empty()));

        assertEquals(1, mismatch.position());
        assertEquals("pnpm build", mismatch.expected());
        assertEquals("npx vitest run", mismatch.received());
        assertTrue(
                mismatch.getMessage()
                        .contains("at position 1 the declared list has \"pnpm build\" but the flags"
                                + " give \"npx vitest run\""),
                mismatch.getMessage());
    }

    @Test
    void too_few_flags_name_the_first_missing_command() {
        CommandApprovals.Mismatch mismatch = assertThrows(
                CommandApprovals.Mismatch.class,
                () -> approvals().require(TASK, DECLARED, List.of("pnpm build"), Optional.empty()));

        assertEquals(2, mismatch.position());
        assertEquals("npx vitest run", mismatch.expected());
        assertEquals("(none)", mismatch.received());
        assertTrue(
                mismatch.getMessage().startsWith("too few --approve-commands (1 given, 2 declared)"),
                mismatch.getMessage());
    }

    @Test
    void too_many_flags_name_the_first_extra_command() {
        CommandApprovals.Mismatch mismatch = assertThrows(
                CommandApprovals.Mismatch.class,
                () -> approvals()
                        .require(
                                TASK, DECLARED, List.of("pnpm build", "npx vitest run", "rm -rf /"), Optional.empty()));

        assertEquals(3, mismatch.position());
        assertEquals("(none)", mismatch.expected());
        assertEquals("rm -rf /", mismatch.received());
    }

    @Test
    void a_terminal_that_confirms_approves_and_is_shown_the_normalised_list() {
        List<List<String>> shown = new ArrayList<>();

        CommandApprovals.Approval approval = approvals()
                .require(
                        TASK,
                        List.of(" pnpm build", "npx vitest run "),
                        NO_FLAGS,
                        Optional.of(commands -> shown.add(commands)));

        assertEquals(CommandsApproval.TERMINAL, approval.how());
        assertEquals(List.of(DECLARED), shown);
    }

    @Test
    void a_terminal_that_declines_is_missing_approval_marked_declined() {
        CommandApprovals.Missing missing = assertThrows(
                CommandApprovals.Missing.class,
                () -> approvals().require(TASK, DECLARED, NO_FLAGS, Optional.of(commands -> false)));

        assertTrue(missing.declined());
        assertTrue(missing.getMessage().contains("were declined"), missing.getMessage());
    }

    @Test
    void with_nothing_to_approve_headless_the_message_gives_the_exact_flags() {
        CommandApprovals.Missing missing = assertThrows(
                CommandApprovals.Missing.class, () -> approvals().require(TASK, DECLARED, NO_FLAGS, Optional.empty()));

        assertFalse(missing.declined());
        assertEquals(DECLARED, missing.declared());
        assertEquals("--approve-commands \"pnpm build\" --approve-commands \"npx vitest run\"", missing.flags());
        assertTrue(missing.getMessage().contains(missing.flags()), missing.getMessage());
        assertTrue(missing.getMessage().contains("\n  1. pnpm build\n  2. npx vitest run\n"), missing.getMessage());
    }

    @Test
    void flags_for_commands_with_shell_characters_are_single_quoted_so_they_paste_back_unchanged() {
        assertEquals(
                "--approve-commands 'echo \"$HOME\"' --approve-commands 'echo '\\''$x'\\'''",
                CommandApprovals.flags(List.of("echo \"$HOME\"", "echo '$x'")));
        assertEquals("--approve-commands \"it's\"", CommandApprovals.flags(List.of("it's")));
        assertEquals(
                "--approve-commands \"pytest -k 'slow and not db'\"",
                CommandApprovals.flags(List.of("pytest -k 'slow and not db'")));
    }

    @Test
    void a_stored_approval_wins_over_flags_which_are_then_not_checked() {
        approvals().store(TASK, DECLARED);

        assertEquals(
                CommandsApproval.STORED,
                approvals()
                        .require(TASK, DECLARED, List.of("something else"), Optional.empty())
                        .how());
    }

    @Test
    void a_blank_command_cannot_be_approved() {
        assertThrows(IllegalArgumentException.class, () -> approvals().store(TASK, List.of("pnpm build", "  ")));
        assertThrows(IllegalArgumentException.class, () -> approvals().store(TASK, List.of()));
    }
}
