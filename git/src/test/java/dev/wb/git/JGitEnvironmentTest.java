package dev.wb.git;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.eclipse.jgit.util.FS;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** JGit leaves no trace: no timestamp probes in the repository, no ~/.config/jgit. */
class JGitEnvironmentTest {

    @TempDir
    Path dir;

    @Test
    void jgit_reads_neither_probe_the_file_system_nor_save_its_own_configuration() throws IOException {
        TempGitRepo repo = TempGitRepo.create(dir, "repo");
        Path home = Files.createDirectories(dir.resolve("home"));
        Map<String, String> env = new HashMap<>(System.getenv());
        env.putAll(TempGitRepo.gitEnvironment());
        env.put("HOME", home.toString());
        env.remove("XDG_CONFIG_HOME");
        repo.write("loose.txt", "x\n");

        try (GitRepository git = GitRepository.open(repo.root(), env, Backend.JGIT)) {
            git.changedPaths(ChangeScope.WORKTREE, Optional.of(git.head().orElseThrow()));
        }

        // Had JGit measured, it would hold the measured (much finer) resolution for this file system.
        assertEquals(
                FS.FileStoreAttributes.FALLBACK_TIMESTAMP_RESOLUTION,
                FS.getFileStoreAttributes(repo.resolve(".git")).getFsTimestampResolution());
        assertFalse(Files.exists(home.resolve(".config/jgit")), "JGit saved its configuration under HOME");
        try (Stream<Path> files = Files.walk(repo.root())) {
            assertEquals(
                    0,
                    files.filter(file -> file.getFileName().toString().startsWith(".probe-"))
                            .count());
        }
    }
}
