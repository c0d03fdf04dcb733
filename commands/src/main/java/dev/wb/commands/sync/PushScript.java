package dev.wb.commands.sync;

import dev.wb.commands.sync.wire.SyncRef;
import dev.wb.gitrun.SyncGit;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The commands one push gives {@code git fast-import}, one commit a chunk of events, and how they are
 * run: onto scratch refs that git then signs ({@link PushSigning}), or straight onto {@code refs/wb/}.
 */
final class PushScript {

    private final SyncGit git;
    private final PushSigning signing;
    private final ByteArrayOutputStream commands = new ByteArrayOutputStream();

    PushScript(SyncGit git) {
        this.git = git;
        this.signing = new PushSigning(git);
    }

    /**
     * One commit of {@code ref}: its events blob and the content carried beside it; {@code tip} is the
     * ref's tip before this push, the parent of its {@code first} commit.
     */
    // Bytes handed over once; never compared.
    @SuppressWarnings("ArrayRecordComponent")
    record Commit(
            SyncRef ref,
            Optional<String> tip,
            boolean first,
            String replica,
            long seconds,
            byte[] message,
            byte[] blob,
            Map<String, byte[]> carried) {

        /** The author and committer line's value, as fast-import is given it. */
        String who() {
            return "wb <" + replica + "@replica.wb.invalid> " + seconds + " +0000\n";
        }
    }

    /** Whether this push signs its commits: then git, not wb, makes their bytes. */
    boolean signs() throws IOException {
        return signing.signs();
    }

    /** Adds the commands that write {@code commit}. */
    void write(Commit commit) throws IOException {
        String ref = commit.ref().name();
        commands.writeBytes(("commit " + signing.target(ref) + "\n").getBytes(StandardCharsets.UTF_8));
        signing.add(ref, commit.tip(), commit.replica(), commit.seconds(), commit.message());
        String who = commit.who();
        commands.writeBytes(("author " + who + "committer " + who).getBytes(StandardCharsets.UTF_8));
        SyncGit.data(commands, commit.message());
        if (commit.first() && commit.tip().isPresent()) {
            commands.writeBytes(("from " + commit.tip().get() + "\n").getBytes(StandardCharsets.UTF_8));
        }
        commands.writeBytes("M 100644 inline events\n".getBytes(StandardCharsets.UTF_8));
        SyncGit.data(commands, commit.blob());
        for (Map.Entry<String, byte[]> o : commit.carried().entrySet()) {
            commands.writeBytes(("M 100644 inline objects/" + o.getKey() + "\n").getBytes(StandardCharsets.UTF_8));
            SyncGit.data(commands, o.getValue());
        }
    }

    /**
     * Runs fast-import on the commits written. Signed, each signed tip is kept in {@code plan} (when git
     * gives its bytes back); unsigned, {@code warnings} gets the warning of an unsigned push where one is due.
     */
    void run(PushPlan plan, List<String> warnings) throws IOException {
        commands.writeBytes("done\n".getBytes(StandardCharsets.UTF_8));
        if (!signing.signs()) {
            git.fastImport(commands.toByteArray());
            signing.warnIfUnsigned(warnings);
            return;
        }
        git.fastImportScratch(commands.toByteArray());
        Map<String, String> signed = signing.sign();
        Map<String, SyncGit.GitObject> read = git.read(signed.values(), 64L * 1024);
        signed.forEach((name, id) -> {
            SyncGit.GitObject object = read.get(id);
            if (object != null && object.read().isPresent()) {
                plan.keep(name, new ExportedTips.Kept(id, object.read().get()));
            } else {
                plan.forget(name); // the next push reads the tip from git
            }
        });
    }
}
