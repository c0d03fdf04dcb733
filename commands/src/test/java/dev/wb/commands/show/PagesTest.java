package dev.wb.commands.show;

import static dev.wb.commands.show.ShowFixture.A;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where pages go, and writing them whole, never through a link or into a FIFO or a directory. */
class PagesTest {

    @TempDir
    Path tmp;

    @Test
    void a_page_is_written_whole_and_replaces_the_one_before() throws IOException {
        Path file = tmp.resolve("out/page.html");
        Pages.write(file, "<p>one</p>");
        Pages.write(file, "<p>two ü</p>");
        assertEquals("<p>two ü</p>", Files.readString(file, StandardCharsets.UTF_8));
        try (Stream<Path> files = Files.list(file.getParent())) {
            assertEquals(List.of(file), files.toList(), "no temporary file left beside it");
        }
    }

    @Test
    void a_page_that_fails_while_it_is_written_leaves_the_one_before_and_no_temporary_file() throws IOException {
        Path file = tmp.resolve("out/page.html");
        Pages.write(file, "<p>one</p>");
        IllegalArgumentException failed = assertThrows(
                IllegalArgumentException.class,
                () -> Pages.write(file, out -> {
                    out.write("<p>half of two".getBytes(StandardCharsets.UTF_8));
                    throw new IllegalArgumentException("a payload that is no longer JSON");
                }));
        assertEquals("a payload that is no longer JSON", failed.getMessage());
        assertEquals("<p>one</p>", Files.readString(file, StandardCharsets.UTF_8));
        try (Stream<Path> files = Files.list(file.getParent())) {
            assertEquals(List.of(file), files.toList(), "no temporary file left beside it");
        }
    }

    @Test
    void a_page_written_as_it_is_made_is_the_page_held_whole() throws IOException {
        ShowFixture fx = new ShowFixture(TempGitRepo.create(tmp, "repo"));
        fx.history(A, "make the change \u2014 caf\u00e9 " + ShowFixture.HOSTILE);
        Instant made = Instant.parse("2026-12-01T10:20:30Z");
        Path file = tmp.resolve("pages/ABC-1.html");
        try (Session session = fx.session()) {
            TaskPages.write(session, A, made, file);
            assertEquals(TaskPage.html(session, A, made), Files.readString(file, StandardCharsets.UTF_8));
        }
    }

    @Test
    void a_symbolic_link_is_refused_and_its_target_left_alone() throws IOException {
        Path target = Files.writeString(tmp.resolve("precious.txt"), "keep me");
        Path link = Files.createSymbolicLink(tmp.resolve("page.html"), target);
        Failure f = assertThrows(Failure.class, () -> Pages.write(link, "<p>page</p>"));
        assertEquals(Failure.Kind.USAGE, f.kind());
        assertEquals(link + " is a symbolic link, not a regular file: no page was written", f.getMessage());
        assertEquals(List.of("name another file, or remove " + link + " first"), f.fixes());
        assertEquals("keep me", Files.readString(target));
        assertTrue(Files.isSymbolicLink(link));
    }

    @Test
    void a_fifo_is_refused_without_blocking_on_it() throws Exception {
        Path fifo = tmp.resolve("page.html");
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assertTrue(mkfifo.waitFor(10, TimeUnit.SECONDS));
        assertEquals(0, mkfifo.exitValue());
        Failure f = assertThrows(Failure.class, () -> Pages.write(fifo, "<p>page</p>"));
        assertEquals(Failure.Kind.USAGE, f.kind());
        assertTrue(f.getMessage().contains("is a FIFO, socket or device"), f.getMessage());
        assertFalse(Files.isRegularFile(fifo), "the FIFO is still there, not replaced");
        assertTrue(Files.exists(fifo));
    }

    @Test
    void a_directory_is_refused() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("page.html"));
        Failure f = assertThrows(Failure.class, () -> Pages.write(dir, "<p>page</p>"));
        assertTrue(f.getMessage().endsWith("is a directory, not a regular file: no page was written"));
        assertTrue(Files.isDirectory(dir));
    }

    @Test
    void default_files_sit_side_by_side_in_the_ignored_local_folder() {
        ShowFixture fx = new ShowFixture(TempGitRepo.create(tmp, "repo"));
        fx.history(A, "make the change");
        Workspace ws = Workspace.require(fx.repo.root());
        Path task = Pages.defaultFile(ws, Optional.of(A));
        Path workspace = Pages.defaultFile(ws, Optional.empty());
        assertEquals(fx.repo.root().resolve(".workflow/local/pages/ABC-1.html"), task);
        assertEquals(fx.repo.root().resolve(".workflow/local/pages/workspace.html"), workspace);
        try (Session session = fx.session()) {
            Pages.write(task, TaskPage.html(session, A, Instant.now()));
            Pages.write(workspace, WorkspacePage.html(session, Instant.now()));
        }
        assertTrue(Files.isRegularFile(task));
        // git ignores .workflow/local: the pages are no change a scope check could see.
        String status = fx.repo.git("status", "--porcelain", "--untracked-files=all");
        assertFalse(status.contains("pages"), status);
        assertTrue(status.contains("src/auth/login.py"), "the status does list untracked files: " + status);
        assertEquals(
                ".workflow/local/pages/ABC-1.html",
                fx.repo.git("check-ignore", ".workflow/local/pages/ABC-1.html").strip());
    }
}
