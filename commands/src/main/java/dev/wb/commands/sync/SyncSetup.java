package dev.wb.commands.sync;

import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.engine.text.TerminalText;
import dev.wb.gitrun.SyncGit;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What push and fetch share: the remote, checked, and how a failing git is reported. */
final class SyncSetup {

    private SyncSetup() {}

    static SyncGit git(Session session, String remote) {
        if (!SyncGit.isRemoteName(remote)) {
            throw Failure.usage(
                    "not a remote's name: " + remote + " (wb sync takes the name of a configured remote)",
                    "git remote -v   # the remotes this clone knows");
        }
        SyncGit git = new SyncGit(session.workspace().root(), session.env());
        if (inRepositoryConfig(session.workspace().root(), session.env(), remote)) {
            return git;
        }
        List<String> remotes;
        try {
            remotes = git.remotes();
        } catch (IOException e) {
            throw gitFailed("git remote", e);
        }
        if (!remotes.contains(remote)) {
            throw Failure.usage(
                    "this clone has no remote named " + remote
                            + (remotes.isEmpty() ? "" : " (it has: " + String.join(", ", remotes) + ")"),
                    remotes.isEmpty()
                            ? "git remote add origin <url>"
                            : "name one of them, e.g. wb sync fetch " + remotes.get(0));
        }
        return git;
    }

    private static final Pattern SECTION = Pattern.compile("\\s*\\[.*");
    private static final Pattern REMOTE_SECTION =
            Pattern.compile("\\s*\\[\\s*(?i:remote)\\s+\"([A-Za-z0-9._-]+)\"\\s*\\]\\s*");
    private static final Pattern URL = Pattern.compile("\\s*(?i:url)\\s*=\\s*\\S.*");

    /**
     * Whether the repository's own configuration ({@code .git/config}) plainly names {@code remote}
     * with a URL: a section {@code [remote "<name>"]} holding {@code url = …}, as git reads it too.
     * Only a yes is taken (it saves starting {@code git remote}); anything else, or anything unusual
     * (a linked worktree, a {@code GIT_DIR} in the environment, a line continued, a file over 1 MiB),
     * asks git.
     */
    static boolean inRepositoryConfig(Path root, Map<String, String> env, String remote) {
        if (env.containsKey("GIT_DIR") || env.containsKey("GIT_COMMON_DIR") || env.containsKey("GIT_CONFIG")) {
            return false;
        }
        Path dir = root.resolve(".git");
        Path config = dir.resolve("config");
        try {
            if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)
                    || !Files.isRegularFile(config, LinkOption.NOFOLLOW_LINKS)
                    || Files.size(config) > 1024 * 1024) {
                return false;
            }
            boolean inSection = false;
            for (String line : Files.readAllLines(config, StandardCharsets.UTF_8)) {
                if (line.endsWith("\\")) {
                    return false;
                }
                Matcher section = REMOTE_SECTION.matcher(line);
                if (section.matches()) {
                    inSection = section.group(1).equals(remote);
                } else if (SECTION.matcher(line).matches()) {
                    inSection = false;
                } else if (inSection && URL.matcher(line).matches()) {
                    return true;
                }
            }
            return false;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    static Failure gitFailed(String what, IOException e) {
        return new Failure(
                Failure.Kind.NOT_COMPLETED,
                what + " failed: " + oneLine(e.getMessage()),
                List.of("git --version   # wb needs git 2.29 or later on PATH"));
    }

    /** git's output on one line, at most 500 characters: for a message. */
    static String oneLine(String text) {
        String line = TerminalText.escape(String.valueOf(text).strip().replace('\n', ' '));
        return line.length() > 500 ? line.substring(0, 500) + "…" : line;
    }
}
