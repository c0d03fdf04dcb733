package dev.wb.commands.sdd;

import static dev.wb.commands.plan.PlanFile.readPlan;

import dev.wb.commands.Decision;
import dev.wb.commands.EventService;
import dev.wb.commands.Session;
import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.git.Repositories;
import dev.wb.commands.merged.MergedLog;
import dev.wb.commands.merged.SyncedReader;
import dev.wb.commands.plan.AuditTrust;
import dev.wb.commands.plan.CriticalZones;
import dev.wb.commands.plan.PlanReader;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.git.GitException;
import dev.wb.git.GitRepository;
import dev.wb.git.TreeSearch;
import dev.wb.projections.audit.AuditGate;
import dev.wb.projections.catalog.WbEvents;
import dev.wb.projections.events.PlanConfirmed;
import dev.wb.projections.events.PlanConfirmed.Outcome;
import dev.wb.projections.events.PlanRebaselined;
import dev.wb.projections.events.PlannedFile;
import dev.wb.projections.events.audit.AuditMode;
import dev.wb.projections.events.audit.PlanAudited;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Re-derive before trusting (docs/SYNC.md, "Trust"): what this clone makes of the latest audit of a
 * task, for every gate. Its own audit counts as written. A passing audit of this very plan that
 * another replica's chain holds is a claim: it counts only once the plan was audited again here, with
 * the files as committed at the claim's {@code head}, in the claim's mode, and passed with the same
 * planned files. What that found is recorded once, as a {@code plan.confirmed} in this clone's own
 * chain (a decision, through {@link EventService}), and a later gate reads it instead of auditing again.
 */
public final class ClaimCheck {

    private static final Pattern COMMIT_ID = Pattern.compile("[0-9a-f]{40}|[0-9a-f]{64}");

    private ClaimCheck() {}

    /** The latest audit in the view, and what this clone's own chain recorded of it. */
    private record Latest(AuditTrust trust, Optional<Claim> claim, Optional<PlanConfirmed> cached) {}

    /** Another replica's passing audit of this plan: where it is and what it says. */
    private record Claim(
            long position, String replica, long version, String hash, PlanAudited audit, MergedLog.View view) {}

    /** What re-deriving found: the trust, and the event that records it (none when the record stands). */
    private record Derived(AuditTrust trust, Optional<PlanConfirmed> event) {}

    /**
     * What this clone makes of the latest audit of {@code key}, whose plan on disk has {@code planDigest}:
     * read from the record, or re-derived now and recorded.
     */
    public static AuditTrust settle(Session session, TaskKey key, String planDigest) {
        return decide(session, key, planDigest).withUncounted(uncounted(session, StreamId.task(key)));
    }

    /** The replicas holding the task that count for nothing here, each as {@code replica R (why)}. */
    private static List<String> uncounted(Session session, StreamId stream) {
        return session.trust().untrusted().stream()
                .filter(v -> SyncedReader.copyHolds(session.workspace(), v.replica(), stream))
                .map(v -> "replica " + v.replica() + " (" + v.why() + ")")
                .toList();
    }

    private static AuditTrust decide(Session session, TaskKey key, String planDigest) {
        StreamId stream = StreamId.task(key);
        Latest latest = latest(session.mergedView(stream), planDigest);
        if (settled(session, latest)) {
            return latest.trust();
        }
        return new EventService(session)
                .decide(
                        stream,
                        AuditGate.INSTANCE,
                        state -> derive(session, key, planDigest),
                        (state, derived) -> derived.event()
                                .map(e -> Decision.of(derived.trust(), e))
                                .orElseGet(() -> Decision.nothing(derived.trust())))
                .result();
    }

    /** Gathered for a decision: the view read again, and the claim re-derived unless the record names it. */
    private static Derived derive(Session session, TaskKey key, String planDigest) {
        Latest latest = latest(session.mergedView(StreamId.task(key)), planDigest);
        if (settled(session, latest)) {
            return new Derived(latest.trust(), Optional.empty());
        }
        Claim claim = latest.claim().get();
        PlanConfirmed found = rederive(session, key, claim);
        return new Derived(trust(claim, found), Optional.of(found));
    }

    /** Whether nothing is to be re-derived: no claim, or a record of it that stands. */
    private static boolean settled(Session session, Latest latest) {
        if (latest.claim().isEmpty()) {
            return true;
        }
        return latest.cached().isPresent() && !retry(session, latest.cached().get());
    }

    private static Latest latest(MergedLog.View view, String planDigest) {
        List<MergedLog.Entry> entries = view.entries();
        int at = entries.size() - 1;
        while (at >= 0 && !PlanAudited.TYPE.matches(entries.get(at).event())) {
            at--;
        }
        if (at < 0) {
            return new Latest(AuditTrust.none(-1), Optional.empty(), Optional.empty());
        }
        MergedLog.Entry entry = entries.get(at);
        EventEnvelope stored = entry.event();
        if (entry.replica().equals(view.own())) {
            return new Latest(
                    AuditTrust.own(at, entry.replica(), stored.version()), Optional.empty(), Optional.empty());
        }
        PlanAudited audit = PlanAudited.TYPE.read(WbEvents.SCHEMAS.upcast(stored));
        if (!audit.passed() || !audit.plan().digest().equals(planDigest)) {
            return new Latest(AuditTrust.none(at), Optional.empty(), Optional.empty());
        }
        Claim claim = new Claim(at, entry.replica(), stored.version(), stored.hash(), audit, view);
        Optional<PlanConfirmed> cached = Optional.empty();
        for (MergedLog.Entry e : entries) {
            if (e.replica().equals(view.own()) && PlanConfirmed.TYPE.matches(e.event())) {
                PlanConfirmed confirmed = PlanConfirmed.TYPE.read(WbEvents.SCHEMAS.upcast(e.event()));
                if (confirmed.names(claim.replica(), claim.version(), claim.hash())
                        && confirmed.planDigest().equals(planDigest)) {
                    cached = Optional.of(confirmed);
                }
            }
        }
        AuditTrust trust = cached.map(c -> trust(claim, c))
                .orElseGet(() -> new AuditTrust(
                        AuditTrust.Standing.UNVERIFIABLE,
                        claim.position(),
                        claim.replica(),
                        claim.version(),
                        audit.anchor().head(),
                        List.of("not audited here yet")));
        return new Latest(trust, Optional.of(claim), cached);
    }

    /** An unverifiable record is tried again once the commit it named is in this repository. */
    private static boolean retry(Session session, PlanConfirmed cached) {
        if (cached.outcome() != Outcome.UNVERIFIABLE || cached.commit().isEmpty()) {
            return false;
        }
        try (GitRepository git = Repositories.open(session.workspace(), session.env())) {
            return present(git, cached.commit().get());
        } catch (GitException e) {
            return false;
        }
    }

    private static AuditTrust trust(Claim claim, PlanConfirmed confirmed) {
        AuditTrust.Standing standing = switch (confirmed.outcome()) {
            case CONFIRMED -> AuditTrust.Standing.CONFIRMED;
            case REFUTED -> AuditTrust.Standing.REFUTED;
            case UNVERIFIABLE -> AuditTrust.Standing.UNVERIFIABLE;
        };
        return new AuditTrust(
                standing, claim.position(), claim.replica(), claim.version(), confirmed.commit(), confirmed.reasons());
    }

    /** The claim audited again here: this clone's plan, the files as committed at its head, its mode. */
    private static PlanConfirmed rederive(Session session, TaskKey key, Claim claim) {
        PlanAudited audit = claim.audit();
        Optional<String> head = audit.anchor().head();
        if (head.isEmpty()) {
            return outcome(claim, head, Outcome.UNVERIFIABLE, List.of("the claim names no commit"));
        }
        if (!COMMIT_ID.matcher(head.get()).matches()) {
            // never echoed: the claim's text is another replica's, and may hold anything
            return outcome(claim, Optional.empty(), Outcome.UNVERIFIABLE, List.of("the claim names no commit id"));
        }
        // A mode this wb does not know reads as under way, its flags written for another mode: not audited again.
        if (!audit.anchor().consistent()) {
            return outcome(
                    claim,
                    head,
                    Outcome.UNVERIFIABLE,
                    List.of("an audit mode this wb does not know, or flags that contradict it"));
        }
        AuditMode mode = audit.anchor().mode();
        Optional<String> baseline = baseline(claim, mode);
        try (GitRepository git = Repositories.open(session.workspace(), session.env())) {
            if (!present(git, head.get())) {
                return outcome(
                        claim,
                        head,
                        Outcome.UNVERIFIABLE,
                        List.of("its commit " + head.get() + " is not in this repository"));
            }
            if (baseline.isPresent() && !present(git, baseline.get())) {
                String named = COMMIT_ID.matcher(baseline.get()).matches() ? baseline.get() : "(not a commit id)";
                return outcome(
                        claim,
                        head,
                        Outcome.UNVERIFIABLE,
                        List.of("its baseline " + named + " is not in this repository"));
            }
            byte[] bytes = readPlan(session, key);
            PlanReader.Reading reading = PlanReader.read(bytes, key);
            if (reading.plan().isEmpty()
                    || !reading.digest().equals(audit.plan().digest())) {
                return outcome(claim, head, Outcome.REFUTED, List.of("the plan here is not the plan it audited"));
            }
            WorkspaceConfig config = WorkspaceConfig.load(session.workspace());
            Auditor auditor = Auditor.atCommit(
                    committed(git, head.get()),
                    CriticalZones.with(config.criticalZones()),
                    config.presets().bar());
            AuditReport report = auditor.audit(
                    new Auditor.Input(reading.plan().get(), reading.problems(), reading.notices(), bytes.length),
                    mode,
                    baseline,
                    baseline.map(b -> SddAudit.committedAt(git, b)).orElse(Auditor.BaselineFiles.NONE));
            List<String> reasons = failures(report, audit.plan().files());
            return outcome(claim, head, reasons.isEmpty() ? Outcome.CONFIRMED : Outcome.REFUTED, reasons);
        } catch (GitException e) {
            return outcome(claim, head, Outcome.UNVERIFIABLE, List.of("git could not read it: " + e.getMessage()));
        }
    }

    private static PlanConfirmed outcome(Claim claim, Optional<String> commit, Outcome outcome, List<String> reasons) {
        return new PlanConfirmed(
                claim.replica(),
                claim.version(),
                claim.hash(),
                claim.audit().plan().digest(),
                commit,
                outcome,
                reasons);
    }

    /**
     * The anchor the claim was audited against: under way, the baseline it recorded; for a rebaseline,
     * the one its {@code plan.rebaselined} (next in its chain) moved from; none for a first audit.
     */
    private static Optional<String> baseline(Claim claim, AuditMode mode) {
        if (mode == AuditMode.UNDER_WAY) {
            return claim.audit().anchor().baseline();
        }
        if (mode == AuditMode.FIRST) {
            return Optional.empty();
        }
        for (MergedLog.Entry e : claim.view().entries()) {
            if (e.replica().equals(claim.replica())
                    && e.event().version() == claim.version() + 1
                    && PlanRebaselined.TYPE.matches(e.event())) {
                return PlanRebaselined.TYPE
                        .read(WbEvents.SCHEMAS.upcast(e.event()))
                        .from();
            }
        }
        return Optional.empty();
    }

    /** Why the audit here does not bear the claim out: its failures, and files planned otherwise. */
    private static List<String> failures(AuditReport report, List<PlannedFile> claimed) {
        List<String> reasons = new ArrayList<>();
        report.citations().stream()
                .filter(c -> !c.passes())
                .forEach(c -> reasons.add("citation " + c.index() + " (" + c.file() + ":" + c.line() + "): "
                        + c.verdict().wireName()));
        report.files().stream()
                .filter(f -> !f.passes())
                .forEach(f -> reasons.add("file " + f.index() + " (" + f.path() + "): "
                        + f.verdict().wireName()));
        reasons.addAll(report.structure());
        if (!report.plannedFiles().equals(claimed)) {
            reasons.add("it plans other files than the claim");
        }
        if (reasons.isEmpty() && !report.passed()) {
            reasons.add("the audit fails");
        }
        return reasons;
    }

    /** Whether {@code id} is a full commit id of a commit this repository holds. */
    private static boolean present(GitRepository git, String id) {
        return COMMIT_ID.matcher(id).matches()
                && git.resolveCommit(id).map(id::equals).orElse(false);
    }

    /** The files as committed at {@code commit}; a planned folder exists when a file is under it. */
    private static Auditor.BaselineFiles committed(GitRepository git, String commit) {
        Auditor.BaselineFiles files = SddAudit.committedAt(git, commit);
        return new Auditor.BaselineFiles() {
            @Override
            public Optional<SourceText> text(String path) {
                return files.text(path);
            }

            @Override
            public boolean exists(String path) {
                if (!path.endsWith("/")) {
                    return files.exists(path);
                }
                return files.search(new TreeSearch.Query("", List.of(path), false))
                        .map(s -> s.filesRead() > 0 || !s.hits().isEmpty())
                        .orElse(false);
            }

            @Override
            public Optional<TreeSearch> search(TreeSearch.Query query) {
                return files.search(query);
            }
        };
    }
}
