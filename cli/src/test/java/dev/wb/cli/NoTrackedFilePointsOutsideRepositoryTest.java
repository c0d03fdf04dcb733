package dev.wb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.testkit.TempGitRepo;
import dev.wb.testkit.TempGitRepo.ProcessResult;
import java.io.IOException;
import java.nio.charset.MalformedInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the repository itself holds: no tracked file points outside it (hardened in issue 13). */
class NoTrackedFilePointsOutsideRepositoryTest {

    /** wb's checkout: the cli module's parent (Maven runs tests in the module's folder). */
    private static final Path CHECKOUT = Path.of(System.getProperty("user.dir")).getParent();

    @Test
    void item27_no_tracked_file_points_at_a_folder_outside_the_repository() throws IOException {
        // "pom.xml, bin/wb and docs/CHRONICLE.md point at FOUNDATIONS.md in a folder beside the repository, which a
        // user of the repository does not have"
        ProcessResult files = TempGitRepo.Processes.run(CHECKOUT, List.of("git", "ls-files", "-z"), Map.of(), 30);
        assertEquals(0, files.exitCode(), files.stderr());
        String outside = ".." + "/shared";
        List<String> pointing = new ArrayList<>();
        for (String name : files.stdout().split("\0", 0)) {
            Path file = CHECKOUT.resolve(name);
            if (!name.isEmpty() && Files.isRegularFile(file) && text(file).contains(outside)) {
                pointing.add(name);
            }
        }

        assertEquals(List.of(), pointing, "tracked files that point at " + outside);
        assertTrue(Files.isRegularFile(CHECKOUT.resolve("docs/FOUNDATIONS.md")), "the facts live in docs/");
    }

    private static String text(Path file) throws IOException {
        try {
            return Files.readString(file);
        } catch (MalformedInputException binary) {
            return "";
        }
    }
}
