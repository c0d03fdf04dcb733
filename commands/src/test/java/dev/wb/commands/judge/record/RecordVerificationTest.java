package dev.wb.commands.judge.record;

import static dev.wb.commands.judge.snapshot.JudgeFixture.ENV;
import static dev.wb.commands.judge.snapshot.JudgeFixture.TASK;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.Session;
import dev.wb.commands.judge.core.Timings;
import dev.wb.commands.judge.run.JudgeRun;
import dev.wb.commands.judge.snapshot.ScopeBlock;
import dev.wb.engine.TestEvents;
import dev.wb.projections.events.judge.RuntimeValidation;
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
        Review review = review().record(doc -> {});

        RecordVerification.Outcome pinned = review.pinned();
        RecordVerification.Outcome plain = review.verify(new RecordVerification.Plain());

        assertTrue(pinned.approved(), pinned.reasons().toString());
        assertEquals(RuntimeValidation.VERIFIED, pinned.runtime());
        assertTrue(
                pinned.notices().stream().anyMatch(n -> n.startsWith("receipt mode: in-place")),
                pinned.notices().toString());
        assertTrue(plain.approved(), plain.reasons().toString());
        assertEquals(RuntimeValidation.TRUSTED, plain.runtime());
    }

    static Stream<Arguments> rejections() {
        return Stream.<Arguments>of(
                row("an unknown key", doc -> doc.put("extra", 1), "Unexpected review field: extra."),
                row("another schema version", doc -> doc.put("schemaVersion", 7), "schemaVersion must be 6."),
                row("a verdict outside the three", doc -> doc.put("verdict", "LGTM"), "verdict is invalid."),
                row(
                        "empty criterion evidence",
                        doc -> ((ObjectNode) doc.get("criteria").get(0)).put("evidence", " "),
                        "criteria AC-1 needs non-empty evidence."),
                row(
                        "an unknown test status",
                        doc -> ((ObjectNode) doc.get("tests").get(0)).put("status", "ok"),
                        "tests contains an invalid entry."),
                row(
                        "a reviewedAt without an offset",
                        doc -> doc.put("reviewedAt", "yesterday"),
                        "reviewedAt must be an ISO date-time."),
                row(
                        "a scope digest that is not the snapshot's",
                        doc -> ((ObjectNode) doc.get("scope")).put("scopeDigest", "sha256:" + "0".repeat(64)),
                        "scope.scopeDigest no longer matches the repository."),
                row(
                        "another wb version",
                        doc -> ((ObjectNode) doc.get("scope")).put("cliVersion", "0.0.1"),
                        "Review was produced by wb v0.0.1; this CLI is v"),
                row(
                        "no passing test",
                        doc -> doc.putArray("tests"),
                        "APPROVED requires at least one validation command that passed."),
                row(
                        "only an invented command passed",
                        doc -> {
                            doc.putArray("tests")
                                    .addObject()
                                    .put("command", "echo ok")
                                    .put("status", "passed");
                        },
                        "APPROVED requires every command the task capsule declares as required to pass; these did not: true."),
                row(
                        "a required command reported failed",
                        doc -> ((ObjectNode) doc.get("tests").get(0)).put("status", "failed"),
                        "Judge record contains failed validation: true."),
                row(
                        "a failed criterion",
                        doc -> ((ObjectNode) doc.get("criteria").get(1)).put("status", "fail"),
                        "APPROVED requires every declared criterion to pass; these did not: AC-2 (fail)."),
                row(
                        "a criterion not evaluated",
                        doc -> ((ObjectNode) doc.get("criteria").get(1)).put("status", "not-evaluated"),
                        "these did not: AC-2 (not-evaluated)."),
                row(
                        "a missing criterion",
                        doc -> ((ArrayNode) doc.get("criteria")).remove(1),
                        "The review record reports no result for declared criteria: AC-2."),
                row(
                        "an extra criterion",
                        doc -> ((ArrayNode) doc.get("criteria"))
                                .addObject()
                                .put("id", "AC-9")
                                .put("status", "pass")
                                .put("evidence", "x"),
                        "The review record reports criteria the capsule does not declare: AC-9."),
                row(
                        "a duplicated criterion",
                        doc -> ((ArrayNode) doc.get("criteria"))
                                .addObject()
                                .put("id", "AC-1")
                                .put("status", "pass")
                                .put("evidence", "x"),
                        "criteria reports AC-1 more than once."),
                row(
                        "a receiptDigest that is not the pinned one",
                        doc -> doc.put("receiptDigest", "sha256:" + "1".repeat(64)),
                        "is not the pinned"));
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

        assertTrue(
                outcome.reasons().stream().anyMatch(r -> r.contains("has the pinned digest")),
                outcome.reasons().toString());
    }

    @Test
    void a_snapshot_changed_after_review_rejects_the_record() throws IOException {
        Review review = review().record(doc -> {});
        Files.writeString(review.snapshot.worktree().resolve("src/App.java"), "changed\n");

        assertTrue(review.pinned().reasons().stream().anyMatch(r -> r.contains("not intact")));
    }

    @Test
    void a_valid_needs_changes_record_is_valid_and_not_approved() throws IOException {
        RecordVerification.Outcome outcome = review().record(doc -> {
                    doc.put("verdict", "NEEDS_CHANGES");
                    ((ObjectNode) doc.get("criteria").get(1)).put("status", "fail");
                })
                .pinned();

        assertTrue(outcome.valid(), outcome.reasons().toString());
        assertFalse(outcome.approved());
    }

    @Test
    void a_proof_command_not_declared_is_an_unmet_proof() throws IOException {
        Review review = new Review(
                TASK_MD, "- AC-1: it works\n  proof-command: make test\n- AC-2: tested\n", "true --optional-check");

        RecordVerification.Outcome outcome = review.record(doc -> {}).pinned();

        assertTrue(
                outcome.reasons()
                        .contains("AC-1: proof requirement unmet: `make test` is not a command the"
                                + " capsule declares under ## Validation."),
                outcome.reasons().toString());
    }

    @Test
    void plain_verification_takes_a_claimed_proof_command_on_trust_with_a_notice() throws IOException {
        // Found by the demo: plain verification had no observed statuses and called every proof unmet.
        Review review = new Review(
                TASK_MD, "- AC-1: it works\n  proof-command: true\n- AC-2: tested\n", "true --optional-check");

        RecordVerification.Outcome outcome = review.record(doc -> {}).verify(new RecordVerification.Plain());

        assertTrue(outcome.approved(), outcome.reasons().toString());
        assertTrue(outcome.notices().stream().anyMatch(n -> n.contains("execution not observed: true")));
    }

    @Test
    void an_optional_command_that_a_criterion_names_as_proof_must_pass() throws IOException {
        Review review =
                new Review(TASK_MD, "- AC-1: works\n  proof-command: false --check\n- AC-2: tested\n", "false --check");

        RecordVerification.Outcome outcome = review.record(
                        doc -> ((ObjectNode) doc.get("tests").get(1)).put("status", "failed"))
                .pinned();

        assertTrue(
                outcome.reasons()
                        .contains("AC-1: proof requirement unmet: `false --check` has no passing evidence"
                                + " in the review record (failed)."),
                outcome.reasons().toString());
    }

    @Test
    void a_pinned_receipt_without_a_passing_entry_rejects_a_claimed_pass_naming_the_command() throws IOException {
        Review review = new Review(TASK_MD, CRITERIA, "false");

        RecordVerification.Outcome optional = review.record(doc -> {}).pinned();
        RecordVerification.Outcome undeclared = review.record(doc -> ((ArrayNode) doc.get("tests"))
                        .addObject()
                        .put("command", "make extra")
                        .put("status", "passed"))
                .pinned();

        assertFalse(optional.approved());
        assertTrue(
                optional.reasons().contains("the record claims false passed, but the observed run has it failed"),
                optional.reasons().toString());
        assertFalse(undeclared.approved());
        assertTrue(
                undeclared
                        .reasons()
                        .contains("the record claims make extra passed, but the observed run has no entry for it"),
                undeclared.reasons().toString());
    }

    @Test
    void a_documentation_capsule_with_runtime_results_is_rejected_and_otherwise_not_applicable() throws IOException {
        Review review =
                new Review("# Task\n\n## Validation\n\n```\nno-runtime-validation: prose only\n```\n", CRITERIA, "x");
        String digest;
        try (Session session = new Session(review.fx.workspace(), System.getenv(), TestEvents.invocation())) {
            digest = JudgeRun.run(
                            session,
                            new JudgeRun.Request(TASK, review.snapshot.id(), List.of(), false, false, Optional.empty()),
                            ENV,
                            Clock.systemUTC(),
                            Timings.OFF,
                            JudgeRun.Progress.NONE)
                    .receipt()
                    .orElseThrow()
                    .digest();
        }
        RecordVerification.Outcome clean =
                review.record(doc -> doc.put("receiptDigest", digest)).verify(new RecordVerification.Pinned(digest));
        assertTrue(clean.approved(), clean.reasons().toString());
        assertEquals(RuntimeValidation.NOT_APPLICABLE, clean.runtime());

        RecordVerification.Outcome fabricated = review.record(doc -> {
                    doc.put("receiptDigest", digest);
                    doc.putArray("tests").addObject().put("command", "true").put("status", "passed");
                })
                .verify(new RecordVerification.Pinned(digest));
        assertTrue(
                fabricated.reasons().stream().anyMatch(r -> r.contains("reports tests")),
                fabricated.reasons().toString());
    }

    static Stream<Arguments> notices() {
        return Stream.<Arguments>of(
                Arguments.of(
                        "plain verification takes claims on trust",
                        "plain",
                        (Consumer<ObjectNode>) doc -> {},
                        "execution not observed: true accepted on trust"),
                Arguments.of(
                        "a self-review",
                        "pinned",
                        (Consumer<ObjectNode>) doc -> doc.put("independent", false),
                        "independent: false"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("notices")
    void each_notice_has_a_record_that_produces_it_and_none_rejects(
            String name, String mode, Consumer<ObjectNode> change, String notice) throws IOException {
        Review review = review().record(change);

        RecordVerification.Outcome outcome =
                mode.equals("plain") ? review.verify(new RecordVerification.Plain()) : review.pinned();

        assertTrue(outcome.approved(), name + ": " + outcome.reasons());
        assertTrue(outcome.notices().stream().anyMatch(n -> n.contains(notice)), () -> name + ": " + outcome.notices());
    }

    @Test
    void a_failed_optional_command_is_a_notice_not_a_reason() throws IOException {
        Review review = new Review(TASK_MD, CRITERIA, "false --check");

        RecordVerification.Outcome outcome = review.record(
                        doc -> ((ObjectNode) doc.get("tests").get(1)).put("status", "failed"))
                .pinned();

        assertTrue(outcome.approved(), outcome.reasons().toString());
        assertTrue(
                outcome.notices().contains("Optional command `false --check` failed; it does not block approval."),
                outcome.notices().toString());
    }

    @Test
    void a_missing_proof_document_or_heading_is_an_unavailable_notice() throws IOException {
        Review review = new Review(TASK_MD, """
                - AC-1: works
                  proof-doc: docs/guide.md#Behaviour
                - AC-2: tested
                  proof-doc: docs/guide.md#Nowhere
                  proof-doc: docs/missing.md
                """, "true --optional-check");

        RecordVerification.Outcome outcome = review.record(doc -> {}).pinned();

        assertTrue(outcome.approved(), outcome.reasons().toString());
        assertEquals(
                2,
                outcome.notices().stream()
                        .filter(n -> n.contains("unavailable"))
                        .count(),
                outcome.notices().toString());
        assertTrue(outcome.notices().stream().anyMatch(n -> n.contains("#Nowhere")));
    }

    @Test
    void a_legacy_capsule_keeps_its_verdict_with_runtime_unknown_on_any_passing_command() throws IOException {
        Review review = new Review("# Task\n\nNo validation section.\n", CRITERIA, "x");

        RecordVerification.Outcome outcome = review.record(doc -> doc.putArray("tests")
                        .addObject()
                        .put("command", "make check")
                        .put("status", "passed"))
                .verify(new RecordVerification.Plain());
        RecordVerification.Outcome none =
                review.record(doc -> doc.putArray("tests")).verify(new RecordVerification.Plain());

        assertTrue(outcome.approved(), outcome.reasons().toString());
        assertEquals(RuntimeValidation.UNKNOWN, outcome.runtime());
        assertEquals(List.of("APPROVED requires at least one validation command that passed."), none.reasons());
    }

    @Test
    void an_empty_validation_block_cannot_be_approved() throws IOException {
        Review review = new Review("# Task\n\n## Validation\n\n```\n# nothing yet\n```\n", CRITERIA, "x");

        RecordVerification.Outcome outcome = review.record(doc -> {}).verify(new RecordVerification.Plain());

        assertTrue(
                outcome.reasons()
                        .contains("The task capsule has an empty or malformed `## Validation` block;"
                                + " declare the commands."),
                outcome.reasons().toString());
    }

    @Test
    void a_version_5_record_is_read_as_legacy() throws IOException {
        RecordVerification.Outcome outcome = review().record(doc -> {
                    doc.put("schemaVersion", 5);
                    ScopeBlock scope = ScopeBlock.fromJson(doc.get("scope"));
                    doc.set("scope", scope.stamped(5, scope.cliVersion()).toJson());
                    doc.put("verdict", "NEEDS_CHANGES");
                    doc.remove("criteria");
                    doc.remove("observations");
                    doc.putArray("issues").add("a free-form note");
                })
                .pinned();

        assertTrue(outcome.valid(), outcome.reasons().toString());
        assertFalse(outcome.approved());
        assertTrue(
                outcome.notices()
                        .contains("Review record uses legacy schema version 5; per-criterion results are"
                                + " not enforced for it."),
                outcome.notices().toString());
    }

    @Test
    void open_questions_left_in_the_capsule_are_a_notice() throws IOException {
        Review review = new Review(
                TASK_MD + "\n## Open questions\n\n- Should totals round half up?\n", CRITERIA, "true --optional-check");

        RecordVerification.Outcome outcome = review.record(doc -> {}).pinned();

        assertTrue(
                outcome.notices().stream().anyMatch(n -> n.startsWith("open questions")),
                outcome.notices().toString());
    }
}
