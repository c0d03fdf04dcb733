package dev.wb.commands.sync;

import dev.wb.commands.Failure;
import dev.wb.commands.Session;
import dev.wb.engine.text.TerminalText;
import dev.wb.gitrun.SyncGit;
import java.io.IOException;
import java.util.List;

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
