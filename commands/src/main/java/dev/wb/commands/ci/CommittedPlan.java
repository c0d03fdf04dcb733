package dev.wb.commands.ci;

import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.capsule.Capsule;
import dev.wb.commands.capsule.CapsuleFolder;
import dev.wb.commands.git.Repositories;
import dev.wb.commands.plan.PlanReader;
import dev.wb.engine.TaskKey;
import dev.wb.git.BlobRead;
import dev.wb.git.GitException;
import dev.wb.git.GitRepository;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Whether the plan a check reads is the plan a CI checkout of HEAD holds: {@code wb ci check} runs on
 * a fresh checkout of the commit, where an untracked or changed {@code sdd.json} is not there, so a
 * check run here must not count one either.
 */
final class CommittedPlan {

    /** A capsule document larger than this is not compared (the capsule commands refuse it anyway). */
    private static final long MAX_DOCUMENT = 1024 * 1024;

    private CommittedPlan() {}

    /**
     * Why the plan at HEAD is not the plan with {@code digest} on disk; empty when it is.
     *
     * @param head the commit CI would check out
     */
    static Optional<String> problem(Session session, TaskKey key, String digest, String head) {
        String path = path(key);
        BlobRead committed;
        try (GitRepository git = Repositories.open(session.workspace(), session.env())) {
            committed = git.blobAt(head, path, PlanReader.MAX_PLAN_BYTES + 1);
        } catch (GitException e) {
            throw Repositories.failure(e);
        }
        if (committed instanceof BlobRead.Found found) {
            return PlanReader.digest(found.bytes()).equals(digest)
                    ? Optional.empty()
                    : Optional.of(
                            path + " changed since commit " + shortId(head) + ", and CI reads the plan as committed");
        }
        return Optional.of(path + " is not committed (commit " + shortId(head)
                + " has no such file), so a CI checkout of it has no plan");
    }

    /**
     * The review capsule's documents ({@code task.md} …) that are on disk but not committed at HEAD as
     * they are: a reviewer or judge in CI reads the capsule as committed. Empty when every document
     * on disk is committed as it is (or there is none).
     */
    static List<String> uncommittedCapsule(Session session, TaskKey key, String head) {
        Path root = session.workspace().root();
        String folder;
        try {
            folder = CapsuleFolder.resolve(root, key);
        } catch (Failure ambiguous) {
            return List.of(); // the capsule commands say why
        }
        List<String> differ = new ArrayList<>();
        try (GitRepository git = Repositories.open(session.workspace(), session.env())) {
            for (String document : Capsule.DOCUMENTS) {
                String path = folder + "/" + document;
                Optional<byte[]> disk = onDisk(root.resolve(path));
                if (disk.isEmpty()) {
                    continue;
                }
                BlobRead committed = git.blobAt(head, path, MAX_DOCUMENT + 1);
                if (!(committed instanceof BlobRead.Found found) || !Arrays.equals(found.bytes(), disk.get())) {
                    differ.add(path);
                }
            }
        } catch (GitException e) {
            throw Repositories.failure(e);
        }
        return differ;
    }

    private static Optional<byte[]> onDisk(Path file) {
        try {
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) || Files.size(file) > MAX_DOCUMENT) {
                return Optional.empty();
            }
            return Optional.of(Files.readAllBytes(file));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    static String path(TaskKey key) {
        return ".workflow/" + key + "/sdd.json";
    }

    static String fix(TaskKey key) {
        return "commit the plan: git add " + path(key) + " && wb git commit " + key;
    }

    private static String shortId(String commit) {
        return commit.substring(0, Math.min(12, commit.length()));
    }
}
