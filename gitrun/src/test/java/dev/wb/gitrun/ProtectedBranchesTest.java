package dev.wb.gitrun;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.wb.git.Backend;
import dev.wb.git.GitRepository;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which branches are protected: configured, else detected, else the conventional names. */
class ProtectedBranchesTest {

    @TempDir
    Path dir;

    Map<String, String> env() {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.putAll(TempGitRepo.gitEnvironment());
        env.put("HOME", dir.toString());
        return env;
    }

    Set<String> resolve(List<String> configured, Path root) {
        try (GitRepository git = GitRepository.open(root, env(), Backend.AUTO)) {
            return ProtectedBranches.resolve(configured, git);
        }
    }

    @Test
    void configured_names_are_used_as_they_are() {
        TempGitRepo repo = TempGitRepo.create(dir, "repo");
        assertEquals(
                Set.of("main", "release/*", "stable"),
                resolve(List.of("main", " release/* ", "", "stable"), repo.root()));
    }

    @Test
    void without_configuration_the_remote_default_and_the_long_lived_branches_that_exist_are_detected() {
        TempGitRepo seed = TempGitRepo.create(dir, "seed");
        Path origin = TempGitRepo.createBare(dir, "origin.git");
        seed.git("branch", "develop");
        seed.git("branch", "production-line");
        seed.git("push", "-q", origin.toString(), "main", "develop", "production-line");
        TempGitRepo.Processes.run(
                origin,
                List.of("git", "symbolic-ref", "HEAD", "refs/heads/production-line"),
                TempGitRepo.gitEnvironment(),
                60);
        TempGitRepo clone = TempGitRepo.cloneOf(origin, dir, "clone");
        clone.git("branch", "release/1.0");
        clone.git("branch", "ABC-12");

        // main is checked out; develop exists only as origin/develop; trunk and master exist nowhere.
        assertEquals(Set.of("production-line", "main", "develop", "release/*"), resolve(List.of(), clone.root()));
    }

    @Test
    void a_checkout_where_nothing_can_be_detected_falls_back_on_the_conventional_names() {
        TempGitRepo repo = TempGitRepo.create(dir, "repo");
        repo.git("branch", "-m", "main", "work");
        assertEquals(ProtectedBranches.CONVENTIONAL, resolve(List.of(), repo.root()));
    }

    @Test
    void a_repository_that_cannot_be_read_fails_closed_onto_the_conventional_names() throws IOException {
        TempGitRepo repo = TempGitRepo.create(dir, "repo");
        try (GitRepository git = GitRepository.open(repo.root(), env(), Backend.AUTO)) {
            try (Stream<Path> walk = Files.walk(repo.resolve(".git"))) {
                walk.sorted(Comparator.reverseOrder())
                        .forEach(path -> path.toFile().delete());
            }
            assertEquals(ProtectedBranches.CONVENTIONAL, ProtectedBranches.resolve(List.of(), git));
        }
    }

    @ParameterizedTest
    @CsvSource({
        "main, main, true",
        "main, main2, false",
        "main, feature/main, false",
        "release/*, release/1.2, true",
        "release/*, release/2026/q1, true",
        "release/*, release, false",
        "release/*, releases/1, false",
        "release/*, release/, true",
        "hotfix-*, hotfix-7, true",
        "*, anything, true",
        "*-stable, 1.x-stable, true",
        "*-stable, 1.x-stable-not, false",
    })
    void globs_match_with_star_standing_for_any_run_of_characters(
            String pattern, String branch, boolean protectedBranch) {
        assertEquals(protectedBranch, ProtectedBranches.isProtected(branch, Set.of(pattern)));
    }

    @Test
    void an_empty_set_protects_the_conventional_names() {
        assertEquals(true, ProtectedBranches.isProtected("production", Set.of()));
        assertEquals(true, ProtectedBranches.isProtected("release/9", Set.of()));
        assertEquals(false, ProtectedBranches.isProtected("ABC-12", Set.of()));
    }
}
