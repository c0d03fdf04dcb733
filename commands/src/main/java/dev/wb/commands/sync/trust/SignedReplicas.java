package dev.wb.commands.sync.trust;

import dev.wb.commands.ReplicaTrust;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.git.Repositories;
import dev.wb.git.BlobRead;
import dev.wb.git.GitException;
import dev.wb.git.GitRepository;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The trust policy (docs/SYNC.md, "Trust"): a held replica counts when this clone's own record of what
 * its fetches found ({@code sync.signatures.checked}, read from this clone's own chain only, never from
 * a copy) shows every commit of it signed, and every key that signed is one {@code
 * .workflow/allowed_signers} lists at the commit read (HEAD, or {@code wb ci check}'s base); or when
 * {@code sync.signatures} is {@code off}. A service of this module ({@code META-INF/services}).
 */
public final class SignedReplicas implements ReplicaTrust.Policy {

    @Override
    public ReplicaTrust judge(Session session, List<String> held, Optional<String> signersAt) {
        WorkspaceConfig config = WorkspaceConfig.load(session.workspace());
        Map<String, ReplicaTrust.Verdict> verdicts = new HashMap<>();
        if (config.sync().signatures() == WorkspaceConfig.Signatures.OFF) {
            held.forEach(id -> verdicts.put(
                    id, new ReplicaTrust.Verdict(id, true, List.of(), "counted unsigned: sync.signatures is off")));
            return new ReplicaTrust(verdicts, false, Optional.empty());
        }
        Optional<String> commit = Optional.empty();
        AllowedSigners signers = AllowedSigners.NONE;
        try (GitRepository git = Repositories.open(session.workspace(), session.env())) {
            commit = signersAt.isPresent() ? signersAt : git.head();
            if (commit.isPresent()
                    && git.blobAt(commit.get(), AllowedSigners.PATH, AllowedSigners.MAX_BYTES)
                            instanceof BlobRead.Found found) {
                signers = AllowedSigners.parse(found.bytes(), Instant.now());
            }
        } catch (GitException | Failure e) {
            // no repository to read the signers from: nobody may sign, so no other replica counts
        }
        Map<String, RecordedSignatures.Found> found = RecordedSignatures.read(session, session.isShowsOnly());
        String where =
                AllowedSigners.PATH + commit.map(c -> " at " + shortId(c)).orElse(" (no commit)");
        for (String id : held) {
            verdicts.put(id, verdict(id, found.get(id), signers, where));
        }
        return new ReplicaTrust(verdicts, true, commit);
    }

    private static ReplicaTrust.Verdict verdict(
            String id, RecordedSignatures.Found found, AllowedSigners signers, String where) {
        if (found == null || found.commits == 0) {
            return new ReplicaTrust.Verdict(
                    id,
                    false,
                    List.of(),
                    "no signature of it was checked here (a copy imported before wb checked"
                            + " signatures: set .workflow/local/sync/replicas/" + id + " aside and fetch again)");
        }
        if (found.unsigned > 0) {
            return new ReplicaTrust.Verdict(
                    id,
                    false,
                    List.of(),
                    "unsigned: " + found.unsigned + " of its " + found.commits + " commits carry" + " no signature");
        }
        if (!found.bad.isEmpty()) {
            return new ReplicaTrust.Verdict(
                    id, false, List.of(), found.bad.iterator().next());
        }
        List<String> principals = new ArrayList<>();
        for (String key : found.keys) {
            Set<String> names = signers.principals(key);
            if (names.isEmpty()) {
                return new ReplicaTrust.Verdict(
                        id, false, List.of(), "signed by key " + key + ", which " + where + " does not list");
            }
            principals.addAll(names);
        }
        return new ReplicaTrust.Verdict(
                id, true, principals, "signed by " + String.join(", ", principals) + " (" + where + ")");
    }

    private static String shortId(String commit) {
        return commit.substring(0, Math.min(12, commit.length()));
    }
}
