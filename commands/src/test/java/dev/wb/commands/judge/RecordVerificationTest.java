package dev.wb.commands.judge;

import static dev.wb.commands.judge.JudgeFixture.ENV;
import static dev.wb.commands.judge.JudgeFixture.TASK;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.Session;
import dev.wb.engine.TestEvents;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The seed's verification rules, table-driven: every rejection reason and every notice has a record
 * (or a capsule) that produces it. Each row starts from a valid APPROVED record of a real snapshot
 * with a real receipt, and changes one thing.
 */
class RecordVerificationTest {

    static final String TASK_MD = ReviewFixture.TASK_MD;
    static final String CRITERIA = ReviewFixture.CRITERIA;

    @TempDir
    Path tmp;

    /** The shared fixture under this test's folder. */
    final class Review extends ReviewFixture {
        Review(String taskMd, String criteria, String optionalCommand) throws IOException {
            super(tmp, taskMd, criteria, optionalCommand);
        }

        @Override
        Review record(Consumer<ObjectNode> change) throws IOException {
            super.record(change);
            return this;
        }
    }

    Review review() throws IOException {
        return new Review(TASK_MD, CRITERIA, "true --optional-check");
    }

    @Test
    void the_unchanged_record_is_a_valid_approval_under_every_kind_of_evidence() throws IOException {
        Review review = review().record(doc -> { });

        RecordVerification.Outcome pinned = review.pinned();
        RecordVerification.Outcome plain = review.verify(new RecordVerification.Plain());

        assertTrue(pinned.approved(), pinned.reasons().toString());
        assertEquals("verified", pinned.runtime());
        assertTrue(pinned.notices().stream().anyMatch(n -> n.startsWith("receipt mode: in-place")), pinned.notices()
                .toString());
        assertTrue(plain.approved(), plain.reasons().toString());
        assertEquals("trusted", plain.runtime());
    }

    static Stream<Arguments> rejections() {
        return Stream.<Arguments>of(
                row("an unknown key", doc -> doc.put("extra", 1), "unknown key extra"),
                row("another schema version", doc -> doc.put("schemaVersion", 7), "neither 6 nor the legacy 5"),
                row("a verdict outside the three", doc -> doc.put("verdict", "LGTM"), "verdict is LGTM"),
                row("empty criterion evidence", doc -> ((ObjectNode) doc.get("criteria").get(0)).put("evidence", " "),
                        "criteria[0].evidence is empty"),
                row("an unknown test status", doc -> ((ObjectNode) doc.get("tests").get(0)).put("status", "ok"),
                        "tests[0].status is ok"),
                row("a reviewedAt without an offset", doc -> doc.put("reviewedAt", "yesterday"),
                        "reviewedAt is not an ISO-8601"),
                row("a scope digest that is not the snapshot's", doc -> ((ObjectNode) doc.get("scope"))
                        .put("scopeDigest", "sha256:" + "0".repeat(64)), "is not the boundary's"),
                row("another wb version", doc -> ((ObjectNode) doc.get("scope")).put("wbVersion", "0.0.1"),
                        "made under wb 0.0.1"),
                row("no passing test", doc -> doc.putArray("tests"), "no declared validation command passed"),
                row("only an invented command passed", doc -> {
                    doc.putArray("tests").addObject().put("command", "echo ok").put("status", "passed");
                }, "no declared validation command passed"),
                row("a required command reported failed", doc -> ((ObjectNode) doc.get("tests").get(0))
                        .put("status", "failed"), "required command true"),
                row("a failed criterion", doc -> ((ObjectNode) doc.get("criteria").get(1)).put("status", "fail"),
                        "AC-2 is reported fail"),
                row("a criterion not evaluated", doc -> ((ObjectNode) doc.get("criteria").get(1))
                        .put("status", "not-evaluated"), "AC-2 is not evaluated"),
                row("a missing criterion", doc -> ((ArrayNode) doc.get("criteria")).remove(1),
                        "no result for AC-2"),
                row("an extra criterion", doc -> ((ArrayNode) doc.get("criteria")).addObject().put("id", "AC-9")
                        .put("status", "pass").put("evidence", "x"), "reports AC-9, which the capsule does not declare"),
                row("a duplicated criterion", doc -> ((ArrayNode) doc.get("criteria")).addObject().put("id", "AC-1")
                        .put("status", "pass").put("evidence", "x"), "reports AC-1 2 times"),
                row("a receiptDigest that is not the pinned one", doc -> doc.put("receiptDigest", "sha256:"
                        + "1".repeat(64)), "is not the pinned"));
    }

    static Arguments row(String name, Consumer<ObjectNode> change, String reason) {
        return Arguments.of(name, change, reason);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rejections")
    void each_rejection_reason_has_a_record_that_produces_it(String name, Consumer<ObjectNode> change, String reason)
            throws IOException {
        RecordVerification.Outcome outcome = review().record(change).pinned();

        assertFalse(outcome.valid() && outcome.approved(), name);
        assertTrue(outcome.reasons().stream().anyMatch(r -> r.contains(reason)), () -> name + ": " + outcome.reasons());
    }

    @Test
    void a_receipt_that_does_not_exist_for_the_pinned_digest_is_named() throws IOException {
        Review review = review().record(doc -> doc.remove("receiptDigest"));

        RecordVerification.Outcome outcome = review.verify(new RecordVerification.Pinned("sha256:" + "2".repeat(64)));

        assertTrue(outcome.reasons().stream().anyMatch(r -> r.contains("has the pinned digest")), outcome.reasons()
                .toString());
    }

    @Test
    void a_snapshot_changed_after_review_rejects_the_record() throws IOException {
        Review review = review().record(doc -> { });
        Files.writeString(review.snapshot.worktree().resolve("src/App.java"), "changed\n");

        assertTrue(review.pinned().reasons().stream().anyMatch(r -> r.contains("not intact")));
    }

    @Test
    void a_valid_needs_changes_record_is_valid_and_not_approved() throws IOException {
        RecordVerification.Outcome outcome = review().record(doc -> {
            doc.put("verdict", "NEEDS_CHANGES");
            ((ObjectNode) doc.get("criteria").get(1)).put("status", "fail");
        }).pinned();

        assertTrue(outcome.valid(), outcome.reasons().toString());
        assertFalse(outcome.approved());
    }

    @Test
    void a_proof_command_not_declared_is_an_unmet_proof() throws IOException {
        Review review = new Review(TASK_MD, "- AC-1: it works\n  proof-command: make test\n- AC-2: tested\n",
                "true --optional-check");

        RecordVerification.Outcome outcome = review.record(doc -> { }).pinned();

        assertTrue(outcome.reasons().stream().anyMatch(r -> r.contains("proof requirement unmet for AC-1")),
                outcome.reasons().toString());
    }

    @Test
    void plain_verification_takes_a_claimed_proof_command_on_trust_with_a_notice() throws IOException {
        // Found by the demo: plain verification had no observed statuses and called every proof unmet.
        Review review = new Review(TASK_MD, "- AC-1: it works\n  proof-command: true\n- AC-2: tested\n",
                "true --optional-check");

        RecordVerification.Outcome outcome = review.record(doc -> { }).verify(new RecordVerification.Plain());

        assertTrue(outcome.approved(), outcome.reasons().toString());
        assertTrue(outcome.notices().stream().anyMatch(n -> n.contains("execution not observed: true")));
    }

    @Test
    void an_optional_command_that_a_criterion_names_as_proof_must_pass() throws IOException {
        Review review = new Review(TASK_MD, "- AC-1: works\n  proof-command: false --check\n- AC-2: tested\n",
                "false --check");

        RecordVerification.Outcome outcome = review.record(doc -> ((ObjectNode) doc.get("tests").get(1))
                .put("status", "failed")).pinned();

        assertTrue(outcome.reasons().stream().anyMatch(r -> r.contains("proof requirement unmet for AC-1")),
                outcome.reasons().toString());
    }

    @Test
    void a_documentation_capsule_with_runtime_results_is_rejected_and_otherwise_not_applicable() throws IOException {
        Review review = new Review("# Task\n\n## Validation\n\n```\nno-runtime-validation: prose only\n```\n",
                CRITERIA, "x");
        String digest;
        try (Session session = new Session(review.fx.workspace(), TestEvents.invocation())) {
            digest = JudgeRun.run(session, new JudgeRun.Request(TASK, review.snapshot.id(), List.of(), false, false,
                    Optional.empty()), ENV, Clock.systemUTC(), Timings.OFF, JudgeRun.Progress.NONE).receipt()
                    .orElseThrow().digest();
        }
        RecordVerification.Outcome clean = review.record(doc -> doc.put("receiptDigest", digest))
                .verify(new RecordVerification.Pinned(digest));
        assertTrue(clean.approved(), clean.reasons().toString());
        assertEquals("not-applicable-to-runtime", clean.runtime());

        RecordVerification.Outcome fabricated = review.record(doc -> {
            doc.put("receiptDigest", digest);
            doc.putArray("tests").addObject().put("command", "true").put("status", "passed");
        }).verify(new RecordVerification.Pinned(digest));
        assertTrue(fabricated.reasons().stream().anyMatch(r -> r.contains("reports tests")), fabricated.reasons()
                .toString());
    }

    static Stream<Arguments> notices() {
        return Stream.<Arguments>of(
                Arguments.of("plain verification takes claims on trust", "plain", (Consumer<ObjectNode>) doc -> { },
                        "execution not observed: true accepted on trust"),
                Arguments.of("a self-review", "pinned", (Consumer<ObjectNode>) doc -> doc.put("independent", false),
                        "independent: false"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("notices")
    void each_notice_has_a_record_that_produces_it_and_none_rejects(String name, String mode,
            Consumer<ObjectNode> change, String notice) throws IOException {
        Review review = review().record(change);

        RecordVerification.Outcome outcome = mode.equals("plain") ? review.verify(new RecordVerification.Plain())
                : review.pinned();

        assertTrue(outcome.approved(), name + ": " + outcome.reasons());
        assertTrue(outcome.notices().stream().anyMatch(n -> n.contains(notice)), () -> name + ": "
                + outcome.notices());
    }

    @Test
    void a_failed_optional_command_is_a_notice_not_a_reason() throws IOException {
        Review review = new Review(TASK_MD, CRITERIA, "false --check");

        RecordVerification.Outcome outcome = review.record(doc -> ((ObjectNode) doc.get("tests").get(1))
                .put("status", "failed")).pinned();

        assertTrue(outcome.approved(), outcome.reasons().toString());
        assertTrue(outcome.notices().stream().anyMatch(n -> n.contains("optional command false --check failed")),
                outcome.notices().toString());
    }

    @Test
    void a_missing_proof_document_or_heading_is_an_unavailable_notice() throws IOException {
        Review review = new Review(TASK_MD, "- AC-1: works\n  proof-doc: docs/guide.md#Behaviour\n"
                + "- AC-2: tested\n  proof-doc: docs/guide.md#Nowhere\n  proof-doc: docs/missing.md\n",
                "true --optional-check");

        RecordVerification.Outcome outcome = review.record(doc -> { }).pinned();

        assertTrue(outcome.approved(), outcome.reasons().toString());
        assertEquals(2, outcome.notices().stream().filter(n -> n.contains("unavailable")).count(),
                outcome.notices().toString());
        assertTrue(outcome.notices().stream().anyMatch(n -> n.contains("#Nowhere")));
    }

    @Test
    void a_legacy_capsule_keeps_its_verdict_with_runtime_unknown() throws IOException {
        Review review = new Review("# Task\n\nNo validation section.\n", CRITERIA, "x");

        RecordVerification.Outcome outcome = review.record(doc -> doc.putArray("tests"))
                .verify(new RecordVerification.Plain());

        assertTrue(outcome.approved(), outcome.reasons().toString());
        assertEquals("unknown", outcome.runtime());
    }

    @Test
    void an_empty_validation_block_cannot_be_approved() throws IOException {
        Review review = new Review("# Task\n\n## Validation\n\n```\n# nothing yet\n```\n", CRITERIA, "x");

        RecordVerification.Outcome outcome = review.record(doc -> { }).verify(new RecordVerification.Plain());

        assertTrue(outcome.reasons().stream().anyMatch(r -> r.contains("unfinished capsule")), outcome.reasons()
                .toString());
    }

    @Test
    void a_version_5_record_is_read_as_legacy() throws IOException {
        RecordVerification.Outcome outcome = review().record(doc -> {
            doc.put("schemaVersion", 5);
            doc.put("verdict", "NEEDS_CHANGES");
            doc.remove("criteria");
            doc.remove("observations");
            doc.putArray("issues").add("a free-form note");
        }).pinned();

        assertTrue(outcome.valid(), outcome.reasons().toString());
        assertFalse(outcome.approved());
        assertTrue(outcome.notices().stream().anyMatch(n -> n.startsWith("legacy")), outcome.notices().toString());
    }

    @Test
    void open_questions_left_in_the_capsule_are_a_notice() throws IOException {
        Review review = new Review(TASK_MD + "\n## Open questions\n\n- Should totals round half up?\n", CRITERIA,
                "true --optional-check");

        RecordVerification.Outcome outcome = review.record(doc -> { }).pinned();

        assertTrue(outcome.notices().stream().anyMatch(n -> n.startsWith("open questions")), outcome.notices()
                .toString());
    }
}
