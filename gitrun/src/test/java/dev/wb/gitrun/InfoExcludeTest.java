package dev.wb.gitrun;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The clone-local exclude file, repaired in a real repository and read back by git itself. */
class InfoExcludeTest {

    @TempDir
    Path tmp;

    @Test
    void a_missing_rule_is_appended_and_every_existing_line_stays() throws IOException {
        TempGitRepo repo = TempGitRepo.create(tmp, "repo");
        Path common = repo.resolve(".git");
        Path file = InfoExclude.file(common);
        Files.createDirectories(file.getParent());
        Files.writeString(file, "# mine\n*.log\nno-newline-at-end");

        InfoExclude.Repair repair = InfoExclude.ensure(common, List.of("/.cache/dotnet/", "*.log"));

        assertEquals(List.of("/.cache/dotnet/"), repair.added());
        assertEquals(List.of("*.log"), repair.present());
        List<String> lines = Files.readAllLines(file);
        assertEquals(List.of("# mine", "*.log", "no-newline-at-end"), lines.subList(0, 3));
        assertTrue(lines.contains("/.cache/dotnet/"), lines::toString);
        repo.write(".cache/dotnet/tool.bin", "x");
        assertEquals(
                "",
                repo.git("status", "--porcelain", "--untracked-files=all").strip(),
                "git itself ignores the folder once the rule is there");
    }

    @Test
    void nothing_is_written_when_every_rule_is_present() throws IOException {
        TempGitRepo repo = TempGitRepo.create(tmp, "repo");
        Path common = repo.resolve(".git");
        InfoExclude.ensure(common, List.of("/cache/"));
        Path file = InfoExclude.file(common);
        long before = Files.getLastModifiedTime(file).toMillis();
        String content = Files.readString(file);

        InfoExclude.Repair again = InfoExclude.ensure(common, List.of("/cache/"));

        assertEquals(List.of(), again.added());
        assertEquals(List.of("/cache/"), again.present());
        assertEquals(content, Files.readString(file));
        assertEquals(before, Files.getLastModifiedTime(file).toMillis());
        try (var left = Files.list(file.getParent())) {
            assertEquals(
                    List.of("exclude"),
                    left.map(p -> p.getFileName().toString()).toList(),
                    "no temporary file is left behind");
        }
    }

    @Test
    void a_symbolic_link_is_not_written_through() throws IOException {
        TempGitRepo repo = TempGitRepo.create(tmp, "repo");
        Path common = repo.resolve(".git");
        Path elsewhere = Files.writeString(tmp.resolve("elsewhere"), "keep\n");
        Path file = InfoExclude.file(common);
        Files.createDirectories(file.getParent());
        Files.deleteIfExists(file);
        Files.createSymbolicLink(file, elsewhere);

        assertThrows(IOException.class, () -> InfoExclude.ensure(common, List.of("/cache/")));
        assertEquals("keep\n", Files.readString(elsewhere));
    }

    @Test
    void the_file_keeps_its_mode_and_a_new_one_gets_gits_0644() throws IOException {
        TempGitRepo repo = TempGitRepo.create(tmp, "repo");
        Path common = repo.resolve(".git");
        Path file = InfoExclude.file(common);
        Files.createDirectories(file.getParent());
        Files.deleteIfExists(file);

        InfoExclude.ensure(common, List.of("/a/"));
        assertEquals(
                "rw-r--r--",
                PosixFilePermissions.toString(Files.getPosixFilePermissions(file)),
                "a new exclude file gets the mode git gives it, not createTempFile's 0600");

        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-rw-r--"));
        InfoExclude.ensure(common, List.of("/b/"));
        assertEquals(
                "rw-rw-r--",
                PosixFilePermissions.toString(Files.getPosixFilePermissions(file)),
                "a repaired file keeps the mode it had");
    }

    @Test
    void repeated_repairs_write_the_header_once() throws IOException {
        TempGitRepo repo = TempGitRepo.create(tmp, "repo");
        Path common = repo.resolve(".git");
        InfoExclude.ensure(common, List.of("/a/"));
        InfoExclude.ensure(common, List.of("/b/"));
        InfoExclude.ensure(common, List.of("/c/"));

        List<String> lines = Files.readAllLines(InfoExclude.file(common));
        assertEquals(
                1,
                lines.stream()
                        .filter(l -> l.startsWith("# kept out of diffs by wb preflight"))
                        .count(),
                lines::toString);
        assertTrue(lines.containsAll(List.of("/a/", "/b/", "/c/")), lines::toString);
    }
}
