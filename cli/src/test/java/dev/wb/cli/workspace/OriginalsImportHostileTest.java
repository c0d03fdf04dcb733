package dev.wb.cli.workspace;

import static dev.wb.cli.testing.CliRun.wb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.cli.testing.CliRun;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wb import} reads the original's files as every untrusted input is read (GUARANTEES.md): a link
 * out of the original's repository, a FIFO, a file past its size limit and a name holding a control
 * character are each refused, the import is held back whole (exit 1), and nothing is written.
 */
class OriginalsImportHostileTest {

    @TempDir
    Path tmp;

    private TempGitRepo original() {
        return OriginalWorkspaces.repository(tmp, "original");
    }

    private TempGitRepo fresh() {
        TempGitRepo repo = TempGitRepo.create(tmp, "wb");
        repo.write("README.md", "wb\n");
        repo.commitAll("base");
        return repo;
    }

    private static void assertNothingWritten(TempGitRepo repo) {
        assertFalse(Files.exists(repo.resolve(".workflow/flows/custom.yaml")), "no file copied");
        assertFalse(Files.exists(repo.resolve(".workflow/local")), "no event recorded");
    }

    private static void assertRefused(CliRun.Result result, String line) {
        assertEquals(1, result.code(), result::toString);
        assertTrue(result.out().contains("would copy .worc/flows/custom.yaml"), "held back:\n" + result);
        assertFalse(result.out().lines().anyMatch(l -> l.startsWith("copied ")), result::toString);
        assertTrue(result.out().contains(line), result::toString);
        assertTrue(
                result.err()
                        .startsWith("error: wb import brought nothing in: 0 conflicts, 1 refused\n  fix: a"
                                + " refused file: "),
                result::toString);
        assertFalse(result.err().contains("\tat "), result::toString);
    }

    @Test
    void a_link_out_of_the_original_repository_is_refused_unread() throws IOException {
        TempGitRepo original = original();
        Path secret = Files.writeString(
                Files.createDirectories(tmp.resolve("outside")).resolve("secret.yaml"), "flow:\n  name: TOP-SECRET\n");
        Files.createSymbolicLink(original.resolve(".worc/flows/evil.yaml"), secret);
        TempGitRepo repo = fresh();

        CliRun.Result result =
                wb(repo.root(), "import", "--from", original.root().toString());

        assertRefused(result, "refused .worc/flows/evil.yaml: resolves outside the repository");
        assertFalse(result.out().contains("TOP-SECRET"), result::toString);
        assertNothingWritten(repo);
    }

    @Test
    void a_verdict_file_linked_out_of_the_repository_is_refused_unread() throws IOException {
        TempGitRepo original = original();
        Files.delete(original.resolve(".workflow/ABC-1/audit.json"));
        Files.createSymbolicLink(original.resolve(".workflow/ABC-1/audit.json"), Path.of("/etc/hostname"));
        TempGitRepo repo = fresh();

        CliRun.Result result =
                wb(repo.root(), "import", "--from", original.root().toString());

        assertRefused(result, "refused .workflow/ABC-1/audit.json: resolves outside the repository");
        assertNothingWritten(repo);
    }

    @Test
    void a_fifo_is_refused_without_hanging() throws Exception {
        TempGitRepo original = original();
        Path fifo = original.resolve(".worc/tools/pipe");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        TempGitRepo repo = fresh();

        CliRun.Result result = assertTimeoutPreemptively(
                Duration.ofSeconds(60),
                () -> wb(repo.root(), "import", "--from", original.root().toString()));

        assertRefused(result, "refused .worc/tools/pipe: is a FIFO, socket or device, not a regular file");
        assertNothingWritten(repo);
    }

    @Test
    void a_file_of_more_than_ten_megabytes_is_refused_before_it_is_read() throws IOException {
        TempGitRepo original = original();
        Path big = Files.createDirectories(original.resolve(".akrctx/tasks/TASK-002-big"))
                .resolve("task.md");
        try (RandomAccessFile file = new RandomAccessFile(big.toFile(), "rw")) {
            file.setLength(10L * 1024 * 1024 + 1);
        }
        TempGitRepo repo = fresh();

        CliRun.Result result =
                wb(repo.root(), "import", "--from", original.root().toString());

        assertRefused(result, "refused .akrctx/tasks/TASK-002-big/task.md: is larger than a capsule document may be");
        assertNothingWritten(repo);
    }

    @Test
    void a_name_with_a_control_character_is_refused_and_shown_escaped() throws IOException {
        TempGitRepo original = original();
        Files.writeString(original.resolve(".worc/flows/evil\u001b[2Jname.yaml"), "flow:\n  name: x\n");
        TempGitRepo repo = fresh();

        CliRun.Result result =
                wb(repo.root(), "import", "--from", original.root().toString());

        assertRefused(result, "refused .worc/flows/evil\\x1b[2Jname.yaml: its name holds a control character");
        assertFalse(result.out().contains("\u001b"), "nothing printed raw");
        assertNothingWritten(repo);
    }

    @Test
    void a_linked_capsule_folder_is_not_followed() throws IOException {
        TempGitRepo original = original();
        Files.createSymbolicLink(
                original.resolve(".akrctx/tasks/TASK-003-elsewhere"),
                Files.createDirectories(tmp.resolve("elsewhere")));
        TempGitRepo repo = fresh();

        CliRun.Result result =
                wb(repo.root(), "import", "--from", original.root().toString());

        assertRefused(result, "refused .akrctx/tasks/TASK-003-elsewhere: is a symbolic link to a folder");
        assertNothingWritten(repo);
    }

    @Test
    void a_target_folder_linked_out_of_this_repository_is_refused_and_nothing_is_written_there() throws IOException {
        TempGitRepo original = original();
        TempGitRepo repo = fresh();
        Path outside = Files.createDirectories(tmp.resolve("outside-flows"));
        Files.createDirectories(repo.resolve(".workflow"));
        Files.createSymbolicLink(repo.resolve(".workflow/flows"), outside);

        CliRun.Result result =
                wb(repo.root(), "import", "--from", original.root().toString());

        assertEquals(1, result.code(), result::toString);
        assertTrue(
                result.out().contains("resolves outside the repository; wb import writes only inside it"),
                result::toString);
        try (var files = Files.list(outside)) {
            assertEquals(0, files.count(), "nothing written through the link");
        }
        assertFalse(Files.exists(repo.resolve(".workflow/local")), "no event recorded");
    }
}
