package dev.wb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.testkit.TempGitRepo;
import dev.wb.testkit.TempGitRepo.ProcessResult;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** bin/wb, a real process, never leaves jffi's native library in the working tree (hardened in issue 13). */
class LauncherKeepsJffiOutOfWorkingTreeIT {

    private static final Path WB =
            Path.of(System.getProperty("user.dir")).getParent().resolve("bin/wb");

    @TempDir
    Path tmp;

    @Test
    void item15_the_working_tree_never_receives_jffis_native_library() throws Exception {
        // "A zero-byte jffi<digits>.so appeared in a user's project root: the native library extraction falls back to
        // the working folder"
        TempGitRepo repo = TempGitRepo.create(tmp, "repo");
        Path cache = tmp.resolve("cache");
        Map<String, String> env = new HashMap<>(TempGitRepo.gitEnvironment());
        env.put("HOME", Files.createDirectories(tmp.resolve("home")).toString());
        env.put("XDG_CACHE_HOME", cache.toString());
        // A temporary folder jffi cannot write to: its fallback is the working folder.
        env.put("WB_JAVA_OPTS", "-Djava.io.tmpdir=" + tmp.resolve("no-such-tmp"));

        List<String> created = new ArrayList<>();
        try (WatchService watch = FileSystems.getDefault().newWatchService()) {
            WatchKey key = repo.root().register(watch, StandardWatchEventKinds.ENTRY_CREATE);
            ProcessResult init = run(repo.root(), env, "init");
            ProcessResult status = run(repo.root(), env, "status");
            assertEquals(0, init.exitCode(), init.stderr());
            assertEquals(0, status.exitCode(), status.stderr());
            for (WatchEvent<?> event : key.pollEvents()) {
                created.add(event.context().toString());
            }
        }

        assertEquals(List.of(".workflow"), created, "wb created only .workflow in the working tree");
        try (Stream<Path> files = Files.list(cache.resolve("wb/native"))) {
            assertTrue(Files.isDirectory(cache.resolve("wb/native")), "jffi's private folder");
            assertEquals(
                    "rwx------",
                    java.nio.file.attribute.PosixFilePermissions.toString(
                            Files.getPosixFilePermissions(cache.resolve("wb/native"))));
            assertEquals(0, files.count(), "jffi's file is removed when wb exits");
        }
    }

    private static ProcessResult run(Path cwd, Map<String, String> env, String... args) throws IOException {
        List<String> argv = new ArrayList<>();
        argv.add(WB.toString());
        argv.addAll(List.of(args));
        return TempGitRepo.Processes.run(cwd, argv, env, 60);
    }
}
