package dev.wb.gitrun;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
        assertEquals("", repo.git("status", "--porcelain", "--untracked-files=all").strip(),
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
            assertEquals(List.of("exclude"), left.map(p -> p.getFileName().toString()).toList(),
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
}
