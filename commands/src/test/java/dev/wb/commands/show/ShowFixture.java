package dev.wb.commands.show;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.wb.commands.EventService;
import dev.wb.commands.PlanFixture;
import dev.wb.commands.Session;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.impl.ImplCheck;
import dev.wb.commands.sdd.SddAudit;
import dev.wb.commands.verify.ImplVerify;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.git.ChangeScope;
import dev.wb.projections.events.GitSeriesName;
import dev.wb.projections.events.GitStatus;
import dev.wb.projections.events.GitStepRan;
import dev.wb.projections.events.judge.BoundaryStatus;
import dev.wb.projections.events.judge.ExecutionMetadata;
import dev.wb.projections.events.judge.JudgeCurrentClassified;
import dev.wb.projections.events.judge.JudgeReceiptWritten;
import dev.wb.projections.events.judge.JudgeRecordRead;
import dev.wb.projections.events.judge.JudgeRecordVerified;
import dev.wb.projections.events.judge.JudgeRunMode;
import dev.wb.projections.events.judge.JudgeRunOutcome;
import dev.wb.projections.events.judge.JudgeVerifyMode;
import dev.wb.projections.events.judge.RecordCategory;
import dev.wb.projections.events.judge.RuntimeValidation;
import dev.wb.testkit.TempGitRepo;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A real repository whose task has history made by the real commands (audit, a scope check with a
 * deviation into a critical zone, a verify run with output), and review events recorded through the
 * log as {@code wb judge} records them; and what the tests read back out of a page.
 */
final class ShowFixture {

    static final TaskKey A = new TaskKey("ABC-1");
    static final TaskKey B = new TaskKey("ABC-2");
    /** A GitHub token's shape: the redactor knows it without being told. */
    static final String SHAPED_SECRET = "ghp_" + "Ab1Cd2Ef3Gh4Ij5Kl6Mn7Op8Qr9St0Uv1Wx2";
    /** A value only the environment says is secret (its name, DEPLOY_TOKEN, does). */
    static final String ENV_SECRET = "s3cr3t-deploy-value-42";

    static final String HOSTILE = "</script><img src=x onerror=alert(1)>";

    /** 60 lines; a secret on the second and on the second to last. */
    static final String MAKEFILE = "ok:\n\t@echo line 1\n\t@echo key " + SHAPED_SECRET + "\n"
            + "\t@for i in $$(seq 3 58); do echo line $$i; done\n"
            + "\t@echo deploy " + ENV_SECRET + "\n\t@echo line 60\n"
            + "slow:\n\t@sleep 0.2\n\t@echo slow done\n";

    final TempGitRepo repo;
    final Map<String, String> env;

    ShowFixture(TempGitRepo repo) {
        this.repo = repo;
        this.env = new HashMap<>(System.getenv());
        env.put("DEPLOY_TOKEN", ENV_SECRET);
        repo.write("Makefile", MAKEFILE);
        repo.write("src/app.py", "# app\nvalue = 1\n");
        repo.git("add", ".");
        repo.git("commit", "-q", "-m", "app");
    }

    /** The redactor a page of a fresh fixture repository under {@code tmp} redacts with. */
    static PageRedactor redactor(java.nio.file.Path tmp) {
        try (Session session = new ShowFixture(TempGitRepo.create(tmp, "repo")).session()) {
            return PageRedactor.of(session);
        }
    }

    Session session() {
        return Session.open(Workspace.require(repo.root()), env, Clock.systemUTC());
    }

    PlanFixture plan(TaskKey key, String objective, String... verify) {
        PlanFixture plan = PlanFixture.plan(key.value())
                .set("objective", objective)
                .cite("src/app.py", 2, "value = 1")
                .file("src/app.py", "edit");
        ArrayNode commands = plan.json().putArray("verify");
        for (String command : verify) {
            commands.add(command);
        }
        return plan.writeTo(repo);
    }

    /** Audit, then a scope check that finds src/auth/login.py (the auth zone) unplanned, then verify. */
    void history(TaskKey key, String objective) {
        plan(key, objective, "make -s ok", "make -s slow");
        try (Session session = session()) {
            SddAudit.run(session, key, false);
        }
        repo.write("src/app.py", "# app\nvalue = 2\n");
        repo.write("src/auth/login.py", "def login(): pass\n");
        try (Session session = session()) {
            ImplCheck.run(session, new ImplCheck.Request(key, ChangeScope.WORKTREE, Optional.empty()));
        }
        try (Session session = session()) {
            ImplVerify.run(session, key, env, ImplVerify.Progress.NONE);
        }
    }

    /** A review round as wb judge records it: read, verified against a receipt, classified current. */
    void review(TaskKey key, String verdict, String reviewedAt) {
        String record = "sha256:" + "1".repeat(63) + verdict.length();
        String receipt = "sha256:" + "2".repeat(64);
        try (Session session = session()) {
            new EventService(session)
                    .record(
                            StreamId.task(key),
                            List.of(
                                    new JudgeReceiptWritten(
                                            "0123456789abcdef0123",
                                            receipt,
                                            ".workflow/local/judge/snapshots/x/receipts/y.json",
                                            JudgeRunMode.ISOLATED,
                                            true,
                                            JudgeRunOutcome.PASSED),
                                    new JudgeRecordRead(
                                            ".akrctx/local/judge/" + key + "/review.json",
                                            record,
                                            Optional.of(6),
                                            Optional.of(verdict),
                                            Optional.of(reviewedAt),
                                            Optional.of(reviewedAt),
                                            Optional.of("sha256:" + "3".repeat(64)),
                                            Optional.of("0123456789abcdef0123"),
                                            Optional.of(true),
                                            Map.of("AC-1", "met"),
                                            RecordCategory.ORDINARY),
                                    new JudgeRecordVerified(
                                            ".akrctx/local/judge/" + key + "/review.json",
                                            record,
                                            JudgeVerifyMode.RECEIPT,
                                            Optional.of(receipt),
                                            true,
                                            verdict.equals("APPROVED"),
                                            false,
                                            Optional.of(verdict),
                                            List.of(),
                                            List.of(),
                                            new JudgeRecordVerified.VerifiedNow(
                                                    RuntimeValidation.VERIFIED,
                                                    BoundaryStatus.CURRENT,
                                                    Optional.of(ExecutionMetadata.ABSENT))),
                                    new JudgeCurrentClassified(
                                            record,
                                            "0123456789abcdef0123",
                                            BoundaryStatus.CURRENT,
                                            BoundaryStatus.CURRENT,
                                            ExecutionMetadata.ABSENT)));
        }
    }

    /** A git step whose recorded output holds {@code output} (a hostile or secret text). */
    void gitStep(TaskKey key, String output) {
        try (Session session = session()) {
            new EventService(session)
                    .record(
                            StreamId.task(key),
                            new GitStepRan(
                                    GitSeriesName.COMMIT,
                                    0,
                                    List.of("commit", "-F", ".workflow/" + key + "/commit.txt"),
                                    GitStatus.FAILED,
                                    1,
                                    output,
                                    Optional.empty(),
                                    7,
                                    Optional.empty()));
        }
    }

    // --- reading a page back ------------------------------------------------------------------------

    private static final Pattern DATA =
            Pattern.compile("<script type=\"application/json\" id=\"wb-events\">(.*?)</script>", Pattern.DOTALL);

    /** The page's data block, parsed. */
    static JsonNode events(String page) {
        Matcher m = DATA.matcher(page);
        if (!m.find()) {
            throw new AssertionError("no #wb-events block in the page");
        }
        return CanonicalJson.parse(m.group(1).getBytes(StandardCharsets.UTF_8));
    }

    /** The text of the first element with this class (its first text, tags stripped). */
    static String textOf(String page, String cssClass) {
        Matcher m = Pattern.compile("class=\"[^\"]*\\b" + Pattern.quote(cssClass) + "\\b[^\"]*\"[^>]*>([^<]*)<")
                .matcher(page);
        if (!m.find()) {
            throw new AssertionError("no element of class " + cssClass);
        }
        return m.group(1);
    }

    /** Every opening tag that has this attribute, whole. */
    static List<String> tagsWith(String page, String attribute) {
        Matcher m = Pattern.compile("<[a-z]+[^>]*\\s" + Pattern.quote(attribute) + "=\"[^\"]*\"[^>]*>")
                .matcher(page);
        List<String> tags = new ArrayList<>();
        while (m.find()) {
            tags.add(m.group());
        }
        return tags;
    }

    /** An attribute's value in one tag. */
    static String attribute(String tag, String name) {
        Matcher m =
                Pattern.compile("\\s" + Pattern.quote(name) + "=\"([^\"]*)\"").matcher(tag);
        if (!m.find()) {
            throw new AssertionError(tag + " has no " + name);
        }
        return m.group(1);
    }
}
