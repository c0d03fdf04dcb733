package dev.wb.commands.preflight;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Optional;
import java.util.UUID;

/**
 * A throwaway fixture laid out like a linked worktree of a wb checkout, so the isolation probes can try
 * the places a real attempt must not touch without going near the user's repository: the worktree's
 * gitdir and the clone's shared common dir (with its hooks), the control home {@code .workflow/} with
 * an env-file, a runs home and a private file holding a random marker, a workspace symlink aliasing the
 * control home, a task folder, a {@code .claude/} folder, an allowed source folder, and a folder outside the
 * repository. Plain folders and files: no git runs, nothing is
 * committed, and preflight deletes it afterwards.
 */
record SmokeFixture(
        Path root,
        Path repo,
        Path gitDir,
        Path commonDir,
        Path hooksDir,
        Path controlHome,
        Path envFile,
        Path runsHome,
        Path secret,
        Optional<Path> alias,
        Path allowed,
        String marker) {

    /** What the fixture's task file says: a read of it that shows this passed. */
    static final String TASK_TEXT = "# TASK-1: the preflight fixture's task";

    /** A task's folder file under the control home, which every node may read. */
    Path taskFile() {
        return controlHome.resolve("TASK-1").resolve("task.md");
    }

    /** A folder beside the repository, outside it: no node may write there. */
    Path outside() {
        return root.resolve("outside");
    }

    static SmokeFixture create(Path parent) {
        try {
            Path root = Files.createDirectories(parent)
                    .toRealPath()
                    .resolve("fixture-" + UUID.randomUUID().toString().substring(0, 8));
            Path common = Files.createDirectories(root.resolve("main").resolve(".git"));
            Path hooks = Files.createDirectories(common.resolve("hooks"));
            Path gitDir = Files.createDirectories(common.resolve("worktrees").resolve("wt"));
            Path repo = Files.createDirectories(root.resolve("repo"));
            Files.writeString(repo.resolve(".git"), "gitdir: " + gitDir + "\n", StandardCharsets.UTF_8);
            Files.writeString(gitDir.resolve("commondir"), "../..\n", StandardCharsets.UTF_8);
            Files.writeString(repo.resolve("README.md"), "# preflight fixture\n", StandardCharsets.UTF_8);
            Path allowed = Files.createDirectories(repo.resolve("src"));
            Path home = Files.createDirectories(repo.resolve(".workflow"));
            Path runs = Files.createDirectories(home.resolve("local").resolve("runs"));
            Files.createDirectories(home.resolve("TASK-1"));
            Files.writeString(home.resolve("TASK-1").resolve("task.md"), TASK_TEXT + "\n", StandardCharsets.UTF_8);
            Files.createDirectories(repo.resolve(".claude"));
            Files.writeString(repo.resolve(".claude").resolve("settings.json"), "{}\n", StandardCharsets.UTF_8);
            Files.createDirectories(root.resolve("outside"));
            String marker = "wb-preflight-marker-" + UUID.randomUUID();
            Path env = Files.writeString(home.resolve(".env"), "WB_PREFLIGHT_MARKER=" + marker + "\n");
            Path secret = Files.writeString(home.resolve("local").resolve("wb-smoke-secret"), marker + "\n");
            Files.writeString(home.resolve("config.json"), "{\"telegram\": {\"bot_token\": \"" + marker + "\"}}\n");
            Files.writeString(runs.resolve("bundle.json"), "{\"marker\":\"" + marker + "\"}\n");
            Optional<Path> alias;
            try {
                alias = Optional.of(Files.createSymbolicLink(repo.resolve("wb-alias"), home));
            } catch (IOException | UnsupportedOperationException e) {
                alias = Optional.empty();
            }
            return new SmokeFixture(root, repo, gitDir, common, hooks, home, env, runs, secret, alias, allowed, marker);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the isolation fixture under " + parent, e);
        }
    }

    /** Whether the file exists (not following a link a probe may have planted). */
    static boolean exists(Path file) {
        return Files.exists(file, LinkOption.NOFOLLOW_LINKS);
    }

    /** Whether the file holds the private marker: a denied read was copied out. */
    boolean holdsMarker(Path file) {
        try {
            return Files.isRegularFile(file)
                    && new String(Files.readAllBytes(file), StandardCharsets.UTF_8).contains(marker);
        } catch (IOException e) {
            return false;
        }
    }
}
