package dev.wb.commands.ci;

import dev.wb.commands.ReplicaTrust;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.git.Repositories;
import dev.wb.commands.impl.ImplCheck;
import dev.wb.commands.impl.ScopeExclusions;
import dev.wb.commands.impl.ScopeReport;
import dev.wb.commands.merged.MergedLog;
import dev.wb.commands.merged.SyncedReader;
import dev.wb.commands.plan.AuditTrust;
import dev.wb.commands.plan.Gate;
import dev.wb.commands.plan.PlanFile;
import dev.wb.commands.plan.PlanReader;
import dev.wb.commands.sdd.ClaimCheck;
import dev.wb.commands.sync.SharedHistory;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.text.TerminalText;
import dev.wb.git.ChangeScope;
import dev.wb.git.ChangedPath;
import dev.wb.git.GitException;
import dev.wb.git.GitRepository;
import dev.wb.projections.Folds;
import dev.wb.projections.audit.AuditGate;
import dev.wb.projections.events.Verdict;
import dev.wb.projections.events.verify.VerifyStarted;
import dev.wb.projections.verify.Verifications;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code wb ci check KEY --base REF}: the gate a pull request passes (docs/CI.md). Three questions, each
 * answered from the task's history (every replica's, once {@code wb sync fetch} imported them) and the
 * repository as checked out, never from a file a branch could write:
 *
 * <ol>
 *   <li><b>audit</b>: the latest audit passed, and audited exactly the plan the branch holds;
 *   <li><b>scope</b>: the branch's changes since {@code --base} are all in the plan (the same check as
 *       {@code wb impl check KEY --base REF}, recorded in this clone's log);
 *   <li><b>verify</b>: the latest verify run passed, on that plan, started on a commit with nothing
 *       uncommitted beside it, and that commit is HEAD or one whose every later change is wb's own files.
 * </ol>
 */
public final class CiCheck {

    /** One of the three gates: passed or not, what was found, and what to do when it did not pass. */
    public record Check(String name, boolean passed, String detail, Optional<String> fix) {

        static Check pass(String name, String detail) {
            return new Check(name, true, detail, Optional.empty());
        }

        static Check fail(String name, String detail, String fix) {
            return new Check(name, false, detail, Optional.of(fix));
        }
    }

    /**
     * The verdict: the task, HEAD, the base it was compared with, each gate in order, and whose claims
     * from other replicas it counted or left out ({@code trust}, one line each: docs/SYNC.md, "Trust").
     */
    public record Result(TaskKey key, String head, String base, List<Check> checks, List<String> trust) {
        public Result {
            checks = List.copyOf(checks);
            trust = List.copyOf(trust);
        }

        public boolean passed() {
            return checks.stream().allMatch(Check::passed);
        }
    }

    private CiCheck() {}

    public static Result run(Session session, TaskKey key, String baseRef) {
        String head;
        String base;
        try (GitRepository git = Repositories.open(session.workspace(), session.env())) {
            head = git.head()
                    .orElseThrow(() -> Failure.usage(
                            "the repository has no commit to check", "commit the change, then run wb ci check"));
            base = git.resolveCommit(baseRef)
                    .orElseThrow(() -> Failure.usage(
                            "--base " + baseRef + " is not a commit in this repository",
                            "fetch the branch the pull request goes into (actions/checkout with fetch-depth: 0),"
                                    + " then name it: --base origin/main"));
        } catch (GitException e) {
            throw Repositories.failure(e);
        }
        // Who may sign is read at the base, which the pull request cannot change, never at its head.
        session.readSignersAt(base);
        StreamId stream = StreamId.task(key);
        List<Check> checks = new ArrayList<>();
        Optional<String> digest = planDigest(session, key);
        Check audit = audit(session, key, stream, digest, head);
        checks.add(audit);
        checks.add(audit.passed() ? scope(session, key, baseRef) : notChecked("scope", "the audit"));
        checks.add(verify(session, key, stream, digest, head));
        return new Result(key, head, base, checks, trust(session, stream));
    }

    /**
     * What {@code wb ci check} would say of this commit without running it (nothing is recorded): whether
     * HEAD holds the plan on disk, and whether the latest verify run counts for HEAD; and, when the
     * review capsule's documents on disk are not committed as they are, that a review in CI reads
     * them as committed. {@code wb status
     * KEY} and {@code wb git commit} show it, so local and CI give one verdict. Empty checks when there
     * is no commit or no plan (the stages say so).
     */
    public static List<Check> outlook(Session session, TaskKey key) {
        Optional<String> head;
        boolean remote;
        try (GitRepository git = Repositories.open(session.workspace(), session.env())) {
            head = git.head();
            remote = !git.remotes().isEmpty();
        } catch (GitException e) {
            return List.of();
        }
        Optional<String> digest = planDigest(session, key);
        if (head.isEmpty() || digest.isEmpty()) {
            return List.of();
        }
        Check plan = CommittedPlan.problem(session, key, digest.get(), head.get())
                .map(why -> Check.fail("plan", why, CommittedPlan.fix(key)))
                .orElseGet(() -> Check.pass("plan", CommittedPlan.path(key) + " is committed as audited"));
        List<Check> checks =
                new ArrayList<>(List.of(plan, verify(session, key, StreamId.task(key), digest, head.get())));
        if (remote) {
            SharedHistory.unpushed(session, StreamId.task(key))
                    .map(n -> n == 0
                            ? Check.pass("history", "every event recorded here is pushed (wb sync push)")
                            : Check.fail(
                                    "history",
                                    n + " of the task's events recorded here are not pushed, and CI reads task"
                                            + " histories from the remote (wb sync fetch)",
                                    "wb sync push"))
                    .ifPresent(checks::add);
        }
        List<String> capsule = CommittedPlan.uncommittedCapsule(session, key, head.get());
        if (!capsule.isEmpty()) {
            // Not a gate of wb ci check: the review in CI (the judge, a person) reads it as committed.
            checks.add(Check.fail(
                    "capsule",
                    capsule.size() + " of the review capsule's documents are not committed as they are here: "
                            + first(capsule),
                    "commit them: git add " + String.join(" ", capsule) + " && wb git commit " + key));
        }
        return checks;
    }

    private static Optional<String> planDigest(Session session, TaskKey key) {
        try {
            return Optional.of(PlanReader.digest(PlanFile.readPlan(session, key)));
        } catch (Failure unreadable) {
            return Optional.empty();
        }
    }

    private static Check audit(Session session, TaskKey key, StreamId stream, Optional<String> digest, String head) {
        if (digest.isEmpty()) {
            return Check.fail(
                    "audit",
                    "no plan wb reads at .workflow/" + key + "/sdd.json",
                    "commit the task's plan, audit it (wb sdd audit " + key + ") and share the history: wb sync push");
        }
        Optional<String> uncommitted = CommittedPlan.problem(session, key, digest.get(), head);
        if (uncommitted.isPresent()) {
            return Check.fail("audit", uncommitted.get(), CommittedPlan.fix(key));
        }
        AuditGate.State state;
        AuditTrust trust;
        try {
            trust = ClaimCheck.settle(session, key, digest.get());
            state = Folds.foldStream(AuditGate.INSTANCE, session.reader(), stream);
            Gate.requireOpen(state, trust, key, digest.get());
        } catch (Failure closed) {
            return Check.fail(
                    "audit",
                    closed.getMessage(),
                    String.join("; then ", closed.fixes()) + "; then share the history: wb sync push");
        }
        return Check.pass("audit", Gate.describe(trust));
    }

    private static Check scope(Session session, TaskKey key, String baseRef) {
        ScopeReport report = ImplCheck.run(
                        session, new ImplCheck.Request(key, ChangeScope.WORKTREE, Optional.of(baseRef)))
                .report();
        if (!report.deviates()) {
            return Check.pass("scope", report.count(ScopeReport.Status.OK) + " changed paths, all in the plan");
        }
        List<String> deviating = report.entries().stream()
                .filter(e -> e.status() == ScopeReport.Status.DEVIATION)
                .map(ScopeReport.Entry::path)
                .toList();
        return Check.fail(
                "scope",
                deviating.size() + " changed paths are not in the plan: " + first(deviating),
                "take the changes out, or add them to the plan and audit it again: wb impl check " + key + " --base "
                        + baseRef);
    }

    private static Check verify(Session session, TaskKey key, StreamId stream, Optional<String> digest, String head) {
        String rerun =
                "run the plan's commands on the commit you push: commit, wb impl verify " + key + ", wb sync push";
        Optional<Verifications.Run> latest = Folds.foldStream(Verifications.INSTANCE, session.reader(), stream)
                .latest();
        if (latest.isEmpty()) {
            return Check.fail("verify", "the task has no verify run", rerun);
        }
        Verifications.Run run = latest.get();
        String where = ranOn(session, stream, run.startedVersion());
        if (run.verdict() != Verdict.PASS) {
            return Check.fail(
                    "verify",
                    "the latest verify run did not pass: " + run.verdict().wireName(),
                    rerun);
        }
        if (digest.isEmpty() || !run.started().planDigest().equals(digest.get())) {
            return Check.fail("verify", "the latest passing verify run was of another version of the plan", rerun);
        }
        Optional<VerifyStarted.Worktree> tree = run.started().worktree();
        if (tree.isEmpty()) {
            return Check.fail("verify", "the latest verify run does not say which commit it ran on", rerun);
        }
        if (!tree.get().clean()) {
            return Check.fail(
                    "verify",
                    "the latest verify run started with " + tree.get().uncommitted()
                            + " uncommitted paths beside commit "
                            + shortId(tree.get().commit()),
                    rerun);
        }
        String verified = tree.get().commit();
        if (verified.equals(head)) {
            return Check.pass("verify", "passed on " + shortId(head) + ", the head commit" + where);
        }
        List<String> since = changedSince(session, verified, head);
        if (since == null) {
            return Check.fail(
                    "verify",
                    "the latest verify run passed on " + shortId(verified) + ", which is not in this repository",
                    rerun);
        }
        if (!since.isEmpty()) {
            return Check.fail(
                    "verify",
                    "the latest verify run passed on " + shortId(verified) + ", and " + since.size()
                            + " paths changed since: " + first(since),
                    rerun);
        }
        return Check.pass(
                "verify", "passed on " + shortId(verified) + "; since then only wb's own files changed" + where);
    }

    /**
     * The paths a plan accounts for whose content differs between {@code commit}'s tree and HEAD's; null
     * when git does not know the commit. A direct comparison of the two trees, not of HEAD with their
     * merge-base: a verified commit the branch was reset away from leaves its changes out of HEAD, and
     * that difference counts.
     */
    private static List<String> changedSince(Session session, String commit, String head) {
        try (GitRepository git = Repositories.open(session.workspace(), session.env())) {
            if (git.resolveCommit(commit).isEmpty()) {
                return null;
            }
            return git.review().betweenCommits(commit, head).stream()
                    .map(ChangedPath::path)
                    .filter(path -> ScopeExclusions.reason(path) == null)
                    .toList();
        } catch (GitException e) {
            throw Repositories.failure(e);
        }
    }

    /** Where the run at {@code version} of the merged view was made: empty for this clone, else the replica and its signers. */
    private static String ranOn(Session session, StreamId stream, long version) {
        List<MergedLog.Entry> entries = session.mergedView(stream).entries();
        if (version < 0 || version >= entries.size()) {
            return "";
        }
        String replica = entries.get((int) version).replica();
        ReplicaTrust.Verdict verdict = session.trust().verdicts().get(replica);
        return verdict == null ? "" : " (run on replica " + replica + ", " + verdict.why() + ")";
    }

    /**
     * Whose claims were counted and whose were not: each other replica that holds the task, and whether
     * the check ran without signatures.
     */
    private static List<String> trust(Session session, StreamId stream) {
        ReplicaTrust trust = session.trust();
        List<String> lines = new ArrayList<>();
        if (!trust.signatures()) {
            lines.add("running without signatures: .workflow/config.json sets sync.signatures to off, so every"
                    + " replica whose history verifies counts");
        }
        for (ReplicaTrust.Verdict v : trust.verdicts().values()) {
            if (SyncedReader.copyHolds(session.workspace(), v.replica(), stream)) {
                lines.add((v.counts() ? "counted replica " : "not counted: replica ") + v.replica() + ": " + v.why());
            }
        }
        return lines;
    }

    private static Check notChecked(String name, String before) {
        return Check.fail(name, "not checked: " + before + " did not pass", "make " + before + " pass first");
    }

    private static String first(List<String> paths) {
        String shown = String.join(
                ", ",
                paths.subList(0, Math.min(3, paths.size())).stream()
                        .map(TerminalText::escape)
                        .toList());
        return paths.size() > 3 ? shown + " (+" + (paths.size() - 3) + " more)" : shown;
    }

    private static String shortId(String commit) {
        return commit.substring(0, Math.min(12, commit.length()));
    }
}
