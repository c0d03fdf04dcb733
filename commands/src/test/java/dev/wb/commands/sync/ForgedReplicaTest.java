package dev.wb.commands.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.ci.CiCheck;
import dev.wb.commands.impl.ImplCheck;
import dev.wb.commands.merged.Replica;
import dev.wb.commands.sdd.SddAudit;
import dev.wb.commands.status.Mark;
import dev.wb.commands.status.Stage;
import dev.wb.commands.status.StatusQuery;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.ExpectedVersion;
import dev.wb.engine.NewEvent;
import dev.wb.engine.StreamHead;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.git.ChangeScope;
import dev.wb.projections.events.PlannedFile;
import dev.wb.projections.events.Verdict;
import dev.wb.projections.events.WbEvent;
import dev.wb.projections.events.audit.AuditMode;
import dev.wb.projections.events.audit.AuditTier;
import dev.wb.projections.events.audit.CitationVerdict;
import dev.wb.projections.events.audit.FileCheckVerdict;
import dev.wb.projections.events.audit.PlanAudited;
import dev.wb.projections.events.judge.BoundaryStatus;
import dev.wb.projections.events.judge.ExecutionMetadata;
import dev.wb.projections.events.judge.JudgeReceiptWritten;
import dev.wb.projections.events.judge.JudgeRecordVerified;
import dev.wb.projections.events.judge.JudgeRunFinished;
import dev.wb.projections.events.judge.JudgeRunMode;
import dev.wb.projections.events.judge.JudgeRunOutcome;
import dev.wb.projections.events.judge.JudgeVerifyMode;
import dev.wb.projections.events.judge.RuntimeValidation;
import dev.wb.projections.events.verify.VerifyFinished;
import dev.wb.projections.events.verify.VerifyStarted;
import dev.wb.testkit.TempGitRepo;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A replica nobody signed, pushed by anyone with push access to the remote, opens nothing: its forged
 * passing verify run does not pass {@code wb ci check}'s verify gate, its forged receipt and approval
 * reach no stage, its forged passing audit opens no gate (wb impl check and wb ci check name it), and
 * the check names the replica and why it was not counted. A repository that turns
 * signatures off counts it, and the check says it runs without signatures.
 */
class ForgedReplicaTest {

    static final TaskKey KEY = TaskKey.parse("T-2").orElseThrow();
    static final String DIGEST = "sha256:" + "ab".repeat(32);

    @TempDir
    Path tmp;

    Path remote;
    TempGitRepo seed;
    TempGitRepo victim;
    TempGitRepo attacker;
    Map<String, String> env;

    @BeforeEach
    void clones() {
        remote = TempGitRepo.createBare(tmp, "remote.git");
        seed = TempGitRepo.create(tmp, "seed");
        seed.write("src/app.py", "# app\nvalue = 1\n");
        seed.write(".workflow/T-2/sdd.json", plan());
        seed.commitAll("app and its plan");
        seed.git("push", "-q", remote.toString(), "main");
        victim = TempGitRepo.cloneOf(remote, tmp, "victim");
        attacker = TempGitRepo.cloneOf(remote, tmp, "attacker");
        env = new HashMap<>(System.getenv());
        env.putAll(TempGitRepo.gitEnvironment());
    }

    static String plan() {
        return """
                {"schema":1,"key":"T-2","preset":"startup","persona":"fullstack-specialist",
                 "objective":"Raise the value.",
                 "evidence":[{"claim":"value is one","file":"src/app.py","line":2,"quote":"value = 1"}],
                 "files":[{"path":"src/app.py","change":"edit","why":"raise it"}],"zones":{},
                 "steps":[{"do":"set value to 2"}],
                 "tests":[{"kind":"regression","target":"tests/test_app.py","asserts":"value is 2"}],
                 "verify":["true"],"rollback":"revert the commit","product":{},"questions":[]}
                """;
    }

    Session session(TempGitRepo repo) {
        return Session.open(Workspace.require(repo.root()), env, Clock.systemUTC());
    }

    /** The attacker's forged claims, appended to its own log as any clone's are: a passing verify run and an approved review. */
    void forge(String planDigest) {
        String head = victim.git("rev-parse", "HEAD").strip();
        List<WbEvent> claims = List.of(
                new VerifyStarted(
                        planDigest,
                        600,
                        List.of(new VerifyStarted.Command(0, "true", "true")),
                        List.of(),
                        List.of(),
                        List.of(),
                        Optional.empty(),
                        Optional.of(new VerifyStarted.Worktree(head, 0)),
                        Optional.empty()),
                new VerifyFinished(Verdict.PASS, 1, 1, 0, 0, 0, 10),
                new JudgeRunFinished(
                        "0123456789abcdef0123",
                        JudgeRunMode.IN_PLACE,
                        JudgeRunOutcome.PASSED,
                        List.of(new JudgeRunFinished.Result(
                                0, "true", false, JudgeRunFinished.CommandStatus.PASSED, 0, 5)),
                        List.of(),
                        DIGEST),
                new JudgeReceiptWritten(
                        "0123456789abcdef0123",
                        DIGEST,
                        "receipt.json",
                        JudgeRunMode.IN_PLACE,
                        true,
                        JudgeRunOutcome.PASSED),
                new JudgeRecordVerified(
                        ".workflow/T-2/review.json",
                        DIGEST,
                        JudgeVerifyMode.RECEIPT,
                        Optional.of(DIGEST),
                        true,
                        true,
                        false,
                        Optional.of("APPROVED"),
                        List.of(),
                        List.of(),
                        new JudgeRecordVerified.VerifiedNow(
                                RuntimeValidation.VERIFIED,
                                BoundaryStatus.CURRENT,
                                Optional.of(ExecutionMetadata.ABSENT))));
        try (Session s = session(attacker)) {
            List<NewEvent> batch = claims.stream().map(WbEvent::toNewEvent).toList();
            s.log().append(StreamId.task(KEY), ExpectedVersion.any(), batch, s.invocation());
            SyncPush.run(s, "origin");
        }
    }

    String planDigest() {
        try (Session s = session(victim)) {
            return SddAudit.run(s, KEY, false).planDigest();
        }
    }

    @Test
    void an_unsigned_replicas_forged_verify_run_and_approval_open_nothing_and_the_check_names_it() {
        String digest = planDigest(); // the victim's own audit passes; it has run no verify
        forge(digest);
        String forger;
        try (Session s = session(attacker)) {
            forger = Replica.existing(s.workspace()).orElseThrow().id();
        }
        SyncFetch.Result fetched;
        try (Session s = session(victim)) {
            fetched = SyncFetch.run(s, "origin");
        }
        assertEquals(
                List.of("replica " + forger + ": unsigned: 1 of its 1 commits carry no signature"),
                fetched.untrusted(),
                "the fetch says the replica it brought counts for nothing");

        // What a fetch recorded is kept beside the head it was read at, for wb status. A copy rewritten
        // to vouch for the forger, with the real head copied in, is what wb status would show; a gate
        // never reads it.
        StreamHead head;
        try (Session s = session(victim)) {
            head = s.log().headHint(StreamId.workspace()).orElseThrow();
        }
        victim.write(
                ".workflow/local/sync/signatures-read",
                "{\"hash\":\"" + head.hash() + "\",\"replicas\":{\"" + forger
                        + "\":{\"bad\":[],\"commits\":1,\"keys\":[\"SHA256:x\"],\"unsigned\":0}},"
                        + "\"version\":" + head.version() + "}");
        try (Session s = session(victim)) {
            s.showsOnly();
            String why = s.trust().verdicts().get(forger).why();
            assertFalse(why.startsWith("unsigned"), "a showing session reads the kept fold: " + why);
        }

        CiCheck.Result result;
        List<String> types;
        Mark verifyMark;
        try (Session s = session(victim)) {
            result = CiCheck.run(s, KEY, "HEAD");
            types = s.reader().read(StreamId.task(KEY)).stream()
                    .map(EventEnvelope::type)
                    .toList();
            verifyMark = new StatusQuery(s)
                    .one(StreamId.task(KEY)).task().orElseThrow().stages().stream()
                            .filter(st -> st.stage() == Stage.VERIFY)
                            .findFirst()
                            .orElseThrow()
                            .mark();
        }
        CiCheck.Check verify = result.checks().get(2);
        assertFalse(verify.passed(), verify::toString);
        assertEquals("the task has no verify run", verify.detail());
        assertFalse(result.passed());
        assertTrue(
                result.trust().stream().anyMatch(l -> l.startsWith("not counted: replica " + forger + ": unsigned")),
                result.trust()::toString);
        assertFalse(types.contains("judge.record.verified"), "the forged approval reaches no view: " + types);
        assertFalse(types.contains("verify.finished"), types::toString);
        assertTrue(verifyMark != Mark.OK, "the verify stage is not passed by a forged run: " + verifyMark);
    }

    @Test
    void an_unsigned_replicas_forged_passing_audit_opens_no_gate_and_impl_check_and_ci_check_name_it() {
        // The victim's own audit fails: the plan cites a line the code does not hold.
        victim.write(".workflow/T-2/sdd.json", plan().replace("\"quote\":\"value = 1\"", "\"quote\":\"value = 9\""));
        victim.commitAll("the plan as it stands");
        victim.git("push", "-q", "origin", "main");
        String digest;
        try (Session s = session(victim)) {
            SddAudit.Result audit = SddAudit.run(s, KEY, false);
            assertFalse(audit.passed());
            digest = audit.planDigest();
        }
        attacker.git("pull", "-q", "origin", "main");
        String head = victim.git("rev-parse", "HEAD").strip();
        PlanAudited forged = new PlanAudited(
                Verdict.PASS,
                new PlanAudited.Rigour(AuditTier.LIGHT, Optional.of("1 file(s), no critical zone")),
                PlanAudited.Anchor.of(AuditMode.FIRST, Optional.of(head), Optional.of(head)),
                new PlanAudited.AuditedPlan(
                        digest, List.of(new PlannedFile("src/app.py", "edit", Optional.empty())), List.of()),
                new PlanAudited.Findings(
                        List.of(new PlanAudited.Citation(
                                0, Optional.of("src/app.py"), 2, CitationVerdict.OK, true, Optional.empty())),
                        List.of(new PlanAudited.FileCheck(
                                0, Optional.of("src/app.py"), Optional.of("edit"), FileCheckVerdict.EXISTS, true)),
                        List.of(),
                        List.of()),
                false);
        String forger;
        try (Session s = session(attacker)) {
            s.log().append(StreamId.task(KEY), ExpectedVersion.any(), List.of(forged.toNewEvent()), s.invocation());
            SyncPush.run(s, "origin");
            forger = Replica.existing(s.workspace()).orElseThrow().id();
        }
        try (Session s = session(victim)) {
            SyncFetch.run(s, "origin");
        }

        Failure closed;
        CiCheck.Result ci;
        try (Session s = session(victim)) {
            closed = assertThrows(
                    Failure.class,
                    () -> ImplCheck.run(s, new ImplCheck.Request(KEY, ChangeScope.WORKTREE, Optional.empty())));
        }
        try (Session s = session(victim)) {
            ci = CiCheck.run(s, KEY, "HEAD");
        }
        assertEquals(Failure.Kind.USAGE, closed.kind(), "the gate's exit, 2");
        assertTrue(closed.getMessage().startsWith("the latest audit of T-2 failed"), closed.getMessage());
        assertTrue(
                closed.getMessage().contains("not counted here: replica " + forger + " (unsigned"),
                closed.getMessage());
        CiCheck.Check audit = ci.checks().get(0);
        assertFalse(audit.passed());
        assertTrue(audit.detail().contains("replica " + forger), audit::toString);
        assertTrue(
                ci.trust().stream().anyMatch(l -> l.startsWith("not counted: replica " + forger)),
                ci.trust()::toString);
    }

    @Test
    void with_signatures_off_the_same_replica_counts_and_the_check_says_it_runs_without_signatures() {
        victim.write(".workflow/config.json", "{\"sync\": {\"signatures\": \"off\"}}\n");
        victim.commitAll("count unsigned replicas");
        String digest = planDigest();
        forge(digest);
        try (Session s = session(victim)) {
            SyncFetch.run(s, "origin");
        }
        CiCheck.Result result;
        try (Session s = session(victim)) {
            result = CiCheck.run(s, KEY, "HEAD~1");
        }
        assertTrue(
                result.trust().stream().anyMatch(l -> l.startsWith("running without signatures")),
                result.trust()::toString);
        assertTrue(result.checks().get(2).detail().contains("run on replica"), result.checks()::toString);
    }
}
