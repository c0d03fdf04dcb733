package dev.wb.cli.show;

import static dev.wb.cli.show.ShowRun.wb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.EventService;
import dev.wb.commands.Session;
import dev.wb.commands.Workspace;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.projections.events.GitSeriesName;
import dev.wb.projections.events.GitStatus;
import dev.wb.projections.events.GitStepRan;
import dev.wb.testkit.SamplePlan;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wb show} as a hostile user or agent would drive it: a secret only the verify run's
 * environment knew, file names with control characters, a pages folder that is a link out of the
 * repository or a file, a workspace page whose file is refused, a name too long to write.
 */
class ShowHostileTest {

    static final String SECRET = "s3cr3t-only-the-run-knew";

    static final String PLAN = SamplePlan.of("ABC-1")
            .verify("make -s leak")
            .verifyEnv(Map.of("PROBE_SECRET", SECRET))
            .json();

    @TempDir
    Path tmp;

    /** ABC-1 with an audited plan and one verify run whose command prints its verify_env secret. */
    TempGitRepo task() {
        TempGitRepo repo = TempGitRepo.create(tmp, "repo");
        repo.write("src/app.py", SamplePlan.APP_PY);
        repo.write("Makefile", "leak:\n\t@echo \"value $$PROBE_SECRET\"\n");
        repo.write(".workflow/.gitignore", "local/\n.env\n");
        repo.commitAll("app");
        repo.write(".workflow/ABC-1/sdd.json", PLAN);
        run(repo, 0, "sdd", "audit", "ABC-1");
        run(repo, 0, "impl", "verify", "ABC-1");
        return repo;
    }

    private static void run(TempGitRepo repo, int expected, String... args) {
        ShowRun.Result result = wb(repo.root(), args);
        assertEquals(expected, result.code(), () -> String.join(" ", args) + ": " + result);
    }

    @Test
    void a_secret_only_the_verify_run_knew_stays_out_of_the_page() throws IOException {
        TempGitRepo repo = task();
        // The evidence, written by the run, redacted it; the stored output keeps it as the command wrote it.
        assertFalse(
                Files.readString(repo.resolve(".workflow/ABC-1/evidence.md")).contains(SECRET));
        assertTrue(wb(repo.root(), "replay", "ABC-1", "--output", "2").out().contains(SECRET));

        ShowRun.Result page = wb(repo.root(), "show", "ABC-1", "--html", "-");

        assertEquals(0, page.code(), page::toString);
        assertFalse(page.out().contains(SECRET), "the page shows the run's secret");
        assertTrue(page.out().contains("value [redacted]"), "the output's recorded head stands for it");
        ShowRun.Result text = wb(repo.root(), "show", "ABC-1");
        assertFalse(text.out().contains(SECRET), text::toString);
        assertFalse(wb(repo.root(), "replay", "ABC-1").out().contains(SECRET));
    }

    @Test
    void a_secret_in_a_payload_is_in_no_summary_of_show_or_replay_nor_in_the_page() {
        TempGitRepo repo = task();
        String token = "ghp_" + "D".repeat(36);
        try (Session session =
                Session.open(Workspace.require(repo.root()), TempGitRepo.gitEnvironment(), Clock.systemUTC())) {
            new EventService(session)
                    .record(
                            StreamId.task(TaskKey.parse("ABC-1").orElseThrow()),
                            List.of(new GitStepRan(
                                    GitSeriesName.COMMIT,
                                    0,
                                    List.of("commit", "-m", "password=hunter2-in-a-payload " + token),
                                    GitStatus.OK,
                                    0,
                                    "pushed with " + token,
                                    Optional.empty(),
                                    12,
                                    Optional.empty())));
        }

        List<ShowRun.Result> results = List.of(
                wb(repo.root(), "show", "ABC-1"),
                wb(repo.root(), "show", "ABC-1", "--json"),
                wb(repo.root(), "replay", "ABC-1"),
                wb(repo.root(), "show", "ABC-1", "--html", "-"));

        for (ShowRun.Result r : results) {
            assertEquals(0, r.code(), r::toString);
            assertFalse(r.out().contains("hunter"), r::toString);
            assertFalse(r.out().contains("ghp_"), r::toString);
        }
        assertTrue(results.get(0).out().contains("git commit -m password=[redacted]"), results.get(0)::toString);
    }

    @Test
    void a_file_name_with_a_newline_and_an_escape_is_printed_escaped_and_written_as_named() {
        TempGitRepo repo = task();
        String name = "a\nb\u001b[31m.html";

        ShowRun.Result result = wb(repo.root(), "show", "ABC-1", "--html", name);

        assertEquals(0, result.code(), result::toString);
        assertEquals(
                List.of(repo.root().resolve("a\\nb\\x1b[31m.html").toString()),
                result.out().lines().toList());
        assertTrue(Files.isRegularFile(repo.resolve(name)));
        ShowRun.Result key = wb(repo.root(), "show", "A\u001b[2K-1");
        assertEquals(2, key.code(), key::toString);
        assertFalse(key.err().contains("\u001b"), key::toString);
        assertTrue(key.err().startsWith("error: malformed key: A\\x1b[2K-1\n"), key::toString);
    }

    @Test
    void a_pages_folder_that_is_a_link_out_of_the_repository_or_a_file_is_refused() throws IOException {
        TempGitRepo repo = task();
        Path outside = Files.createDirectories(tmp.resolve("outside"));
        Path pages = repo.resolve(".workflow/local/pages");
        Files.createSymbolicLink(pages, outside);

        ShowRun.Result task = wb(repo.root(), "show", "ABC-1", "--html");
        ShowRun.Result workspace = wb(repo.root(), "show", "--html");

        for (ShowRun.Result r : List.of(task, workspace)) {
            assertEquals(2, r.code(), r::toString);
            assertTrue(r.err().startsWith("error: " + pages + " is a symbolic link, not a folder"), r::toString);
            assertTrue(r.err().contains("  fix: remove " + pages), r::toString);
        }
        try (Stream<Path> written = Files.list(outside)) {
            assertEquals(List.of(), written.toList(), "nothing written out of the repository");
        }
        Files.delete(pages);
        Files.writeString(pages, "not a folder");
        ShowRun.Result file = wb(repo.root(), "show", "ABC-1", "--html");
        assertEquals(2, file.code(), file::toString);
        assertTrue(file.err().startsWith("error: " + pages + " is a file, not a folder"), file::toString);
        assertFalse(file.err().contains("cannot write"), file::toString);
    }

    @Test
    void a_refused_workspace_page_leaves_no_task_page_written() throws IOException {
        TempGitRepo repo = task();
        Path out = Files.createDirectories(tmp.resolve("out"));
        Path precious = Files.writeString(tmp.resolve("precious.txt"), "keep me");
        Files.createSymbolicLink(out.resolve("w.html"), precious);

        ShowRun.Result result =
                wb(repo.root(), "show", "--html", out.resolve("w.html").toString());

        assertEquals(2, result.code(), result::toString);
        assertTrue(result.err().contains("is a symbolic link, not a regular file"), result::toString);
        assertFalse(Files.exists(out.resolve("ABC-1.html")), "a task page was written before the refusal");
        assertEquals("keep me", Files.readString(precious));
    }

    @Test
    void a_name_too_long_to_write_through_a_temporary_file_is_refused_plainly() {
        TempGitRepo repo = task();
        String name = "a".repeat(240) + ".html";

        ShowRun.Result result = wb(repo.root(), "show", "ABC-1", "--html", name);

        assertEquals(2, result.code(), result::toString);
        assertTrue(result.err().contains("is too long for a page"), result::toString);
        assertFalse(result.err().contains(".tmp"), result::toString);
        assertFalse(Files.exists(repo.resolve(name)));
    }
}
