package dev.wb.commands.preflight;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The git control roots of the checkout: its gitdir and the common dir all its worktrees share, read
 * from the {@code .git} folder or file and {@code <gitdir>/commondir} the way git itself finds
 * them (a linked worktree's {@code .git} is a file naming its gitdir). Read only.
 */
public record GitControl(Path gitDir, Path commonDir) {

    public static GitControl of(Path root) {
        Path dotGit = root.resolve(".git");
        Path gitDir = dotGit;
        try {
            if (Files.isRegularFile(dotGit)) {
                String text = Files.readString(dotGit, StandardCharsets.UTF_8).strip();
                if (text.startsWith("gitdir:")) {
                    gitDir = root.resolve(text.substring("gitdir:".length()).strip())
                            .normalize();
                }
            }
            Path common = gitDir;
            Path commondir = gitDir.resolve("commondir");
            if (Files.isRegularFile(commondir)) {
                common = gitDir.resolve(Files.readString(commondir, StandardCharsets.UTF_8)
                                .strip())
                        .normalize();
            }
            return new GitControl(real(gitDir), real(common));
        } catch (IOException e) {
            return new GitControl(real(gitDir), real(gitDir));
        }
    }

    private static Path real(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException e) {
            return p.toAbsolutePath().normalize();
        }
    }
}
