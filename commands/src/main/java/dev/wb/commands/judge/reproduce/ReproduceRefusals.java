package dev.wb.commands.judge.reproduce;

import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.capsule.CapsuleFolder;
import dev.wb.commands.capsule.ValidationBlock;
import dev.wb.commands.judge.core.FileContent;
import dev.wb.commands.judge.reproduce.JudgeReproduce.Request;
import dev.wb.commands.judge.snapshot.JudgeScope;
import dev.wb.commands.judge.snapshot.Snapshot;
import dev.wb.commands.judge.snapshot.Snapshots;
import dev.wb.commands.policy.ReadPolicy;
import dev.wb.engine.Digests;
import dev.wb.engine.TaskKey;
import dev.wb.git.Backend;
import dev.wb.git.ChangedPath;
import dev.wb.git.GitRepository;
import dev.wb.git.ReviewReads.IndexEntry;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * What stops a reproduction before anything runs: the declaration, blocked paths, the scope rules, and the
 * generator's commit, review and inputs.
 */
final class ReproduceRefusals {

    private ReproduceRefusals() {}

    /** The {@code ## Migration} declaration of the snapshot's capsule. */
    static MigrationDeclaration declaration(Snapshot snapshot, TaskKey key) {
        String path = CapsuleFolder.resolve(snapshot.worktree(), key) + "/" + ValidationBlock.FILE;
        byte[] bytes = JudgeScope.readFile(snapshot.worktree().resolve(path))
                .orElseThrow(() -> Failure.usage(
                        snapshot.label() + " has no " + path + ", so it declares no generator",
                        "write the task's capsule with a " + MigrationDeclaration.HEADING
                                + " section, then capture a new" + " snapshot"));
        return MigrationDeclaration.parse(new String(bytes, StandardCharsets.UTF_8), path + " in " + snapshot.label());
    }

    /** Blocked paths are never read: neither a generated path nor an input may be one. */
    static void refuseBlocked(MigrationDeclaration declaration, ReadPolicy policy) {
        List<String> blocked = new ArrayList<>();
        declaration.paths().stream().filter(policy::blocked).forEach(blocked::add);
        declaration.inputs().stream().filter(policy::blocked).forEach(blocked::add);
        if (!blocked.isEmpty()) {
            throw Failure.usage(
                    "the " + MigrationDeclaration.HEADING + " block names paths that policy.json"
                            + " withholds, which wb never reads: " + String.join(", ", blocked),
                    "generate and read only files outside blockedReadPatterns");
        }
    }

    /**
     * The scope rules of {@code wb judge scope}: every foreign capsule the boundary changes needs its
     * {@code --include-task}, and a task the snapshot did not include cannot be included now.
     */
    static void scopeRules(Snapshot snapshot, Request request, Map<String, String> env) {
        TreeSet<String> requested = new TreeSet<>();
        request.includeTasks().forEach(task -> requested.add(task.value()));
        List<ChangedPath> raw;
        try (GitRepository own = GitRepository.open(snapshot.worktree(), Snapshots.privateEnv(env), Backend.CLI)) {
            raw = own.review().betweenCommits(snapshot.base(), snapshot.candidateCommit());
        }
        JudgeScope.refuseForeignCapsules(
                request.key(), raw.stream().map(ChangedPath::path).toList(), requested);
        TreeSet<String> extra = new TreeSet<>(requested);
        extra.removeAll(snapshot.scope().includedTaskIds());
        if (!extra.isEmpty()) {
            throw Failure.usage(
                    snapshot.label() + " does not include " + String.join(", ", extra)
                            + " (it includes "
                            + (snapshot.scope().includedTaskIds().isEmpty()
                                    ? "no other task"
                                    : String.join(", ", snapshot.scope().includedTaskIds()))
                            + ")",
                    "pass --include-task only for the tasks the snapshot was captured with");
        }
    }

    /** Every reason the generator may not run, at once; nothing when it may. */
    static void refusals(
            Session session,
            GitRepository live,
            MigrationDeclaration declaration,
            String base,
            Map<String, String> env) {
        List<String> reasons = new ArrayList<>();
        String generator = declaration.commit();
        boolean known = live.resolveCommit(generator).equals(Optional.of(generator));
        if (!known) {
            reasons.add("the generator commit " + generator + " is not a commit of this repository");
        } else if (!ReproduceAncestry.isAncestor(live.root(), env, live.objectFormat(), generator, base)) {
            reasons.add("the generator commit " + generator + " is not an ancestor of the base " + base
                    + ": land the generator first, then reproduce against a base that contains it");
        }
        Path reviewFile = session.workspace().root().resolve(declaration.review());
        ReproduceReview.Outcome review = ReproduceReview.verify(session, reviewFile, env);
        reasons.addAll(review.reasons());
        Map<String, IndexEntry> landed = known ? entries(live, generator) : Map.of();
        Map<String, IndexEntry> based = entries(live, base);
        for (String input : declaration.inputs()) {
            ReproduceTree.State reviewed = review.snapshot()
                    .map(s -> ReproduceTree.state(s.worktree(), input))
                    .orElse(null);
            ReproduceTree.State atCommit = known ? state(live, generator, landed.get(input)) : null;
            ReproduceTree.State atBase = state(live, base, based.get(input));
            List<String> where = new ArrayList<>();
            if (reviewed != null) {
                where.add("reviewed: " + reviewed.describe());
            }
            if (atCommit != null) {
                where.add("generator commit: " + atCommit.describe());
            }
            where.add("base: " + atBase.describe());
            boolean file = atBase instanceof ReproduceTree.File;
            boolean same =
                    (reviewed == null || reviewed.equals(atBase)) && (atCommit == null || atCommit.equals(atBase));
            if (!file || !same) {
                reasons.add("the input " + input
                        + (file
                                ? " differs between the reviewed content, the generator" + " commit and the base"
                                : " is not a file in all of the reviewed content, the generator"
                                        + " commit and the base")
                        + " (" + String.join("; ", where) + ")");
            }
        }
        if (!reasons.isEmpty()) {
            throw new Failure(
                    Failure.Kind.CHECK_FAILED,
                    "the generator cannot be reproduced: " + String.join("; ", reasons),
                    List.of("land the generator as ordinary code, review it"
                            + " (wb judge snapshot, wb judge run, a judge's APPROVED record), and declare its"
                            + " landed commit, its review and its unchanged inputs under "
                            + MigrationDeclaration.HEADING));
        }
    }

    private static Map<String, IndexEntry> entries(GitRepository repo, String commit) {
        Map<String, IndexEntry> entries = new HashMap<>();
        repo.review().treeEntries(commit).forEach(entry -> entries.put(entry.path(), entry));
        return entries;
    }

    /** A tree entry as the state of a file: absent, a submodule (other), or a file or link with its digest. */
    private static ReproduceTree.State state(GitRepository repo, String commit, IndexEntry entry) {
        if (entry == null) {
            return ReproduceTree.ABSENT;
        }
        if (entry.mode().equals("160000")) {
            return new ReproduceTree.Other("a submodule");
        }
        String mode =
                entry.mode().equals(FileContent.EXECUTABLE) || entry.mode().equals(FileContent.SYMLINK)
                        ? entry.mode()
                        : FileContent.REGULAR;
        byte[] bytes = ReproduceTree.blob(repo, commit, entry.path());
        return new ReproduceTree.File(new FileContent(mode, Digests.sha256(bytes)));
    }
}
