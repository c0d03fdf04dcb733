package dev.wb.git;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.wb.testkit.TempGitRepo;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The history as messages: the latest subjects, and the commits a branch adds to its base, merges left out. */
class LogReadsTest {

    @TempDir
    Path dir;

    @Test
    void the_latest_subjects_come_newest_first_and_the_branchs_commits_oldest_first_without_merges() {
        TempGitRepo repo = TempGitRepo.create(dir, "repo");
        repo.write("a.txt", "1\n");
        String base = repo.commitAll("feat: the first");
        repo.git("switch", "-q", "-c", "side");
        repo.write("b.txt", "1\n");
        repo.commitAll("fix: a subject with \"quotes\" and a tab\tin it");
        repo.git("switch", "-q", "main");
        repo.write("c.txt", "1\n");
        repo.commitAll("docs: on main");
        repo.git("merge", "-q", "--no-ff", "-m", "Merge branch side", "side");
        repo.write("d.txt", "1\n");
        repo.commitAll("chore: the last");

        try (GitRepository git = GitRepository.open(repo.root(), GitRepositoryTest.env(), Backend.AUTO)) {
            String head = git.head().orElseThrow();
            assertEquals(List.of("chore: the last"), git.log().recentSubjects(head, 1));
            List<String> recent = git.log().recentSubjects(head, 10);
            assertEquals(
                    5, recent.size(), "the merge is left out (TempGitRepo starts with an initial commit): " + recent);
            assertEquals(List.of("feat: the first", "initial"), recent.subList(3, 5));
            List<String> since = git.log().since(base, head).stream()
                    .map(LogReads.Commit::subject)
                    .toList();
            assertEquals("chore: the last", since.get(since.size() - 1), "oldest first: the last commit comes last");
            assertEquals(
                    List.of("chore: the last", "docs: on main", "fix: a subject with \"quotes\" and a tab\tin it"),
                    since.stream().sorted().toList(),
                    "every commit the branch adds, the merge left out");
            assertEquals(40, git.log().since(base, head).get(0).id().length());
        }
    }
}
