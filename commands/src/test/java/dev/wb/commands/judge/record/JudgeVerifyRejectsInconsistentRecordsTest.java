package dev.wb.commands.judge.record;

import static dev.wb.commands.judge.snapshot.JudgeFixture.ENV;
import static dev.wb.commands.judge.snapshot.JudgeFixture.TASK;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.Failure;
import dev.wb.commands.judge.agents.JudgeAgentTemplates;
import dev.wb.commands.judge.snapshot.Candidate;
import dev.wb.commands.judge.snapshot.JudgeFixture;
import dev.wb.commands.judge.snapshot.ScopeBlock;
import dev.wb.commands.judge.snapshot.Snapshot;
import dev.wb.commands.judge.snapshot.Snapshots;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.judge.BoundaryStatus;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The judge's verdicts (seed 003): what verification let through until issue 13. Each test starts from a
 * valid APPROVED record of a real snapshot with a real receipt (ReviewFixture) and changes one thing.
 */
class JudgeVerifyRejectsInconsistentRecordsTest {

    private static final String ZERO_DIGEST = "sha256:" + "0".repeat(64);

    @TempDir
    Path tmp;

    ReviewFixture review() throws IOException {
        return new ReviewFixture(tmp, ReviewFixture.TASK_MD, ReviewFixture.CRITERIA, "true --optional-check");
    }

    static ObjectNode scope(ObjectNode doc) {
        return (ObjectNode) doc.get("scope");
    }

    static boolean anyContains(List<String> texts, String part) {
        return texts.stream().anyMatch(t -> t.contains(part));
    }

    // ---- item 31 ------------------------------------------------------------------------------------

    @Test
    void item31_an_approved_record_listing_a_failed_command_the_capsule_does_not_declare_is_rejected()
            throws IOException {
        // Defect: {"command":"echo extra-check","status":"failed"} in an APPROVED record verified (exit 0).
        ReviewFixture review = review().record(doc -> ((ArrayNode) doc.get("tests"))
                .addObject()
                .put("command", "echo extra-check")
                .put("status", "failed"));

        for (RecordVerification.Outcome outcome :
                List.of(review.pinned(), review.verify(new RecordVerification.Plain()))) {
            assertFalse(outcome.valid(), outcome.reasons().toString());
            assertTrue(
                    outcome.reasons().contains("Judge record contains failed validation: echo extra-check."),
                    outcome.reasons().toString());
        }
    }

    @Test
    void item31_a_declared_required_command_reported_both_passed_and_failed_is_rejected() throws IOException {
        // Defect: only a command's first entry was read, so a later failed entry of it went unseen.
        ReviewFixture review = review().record(doc -> ((ArrayNode) doc.get("tests"))
                .addObject()
                .put("command", "true")
                .put("status", "failed"));

        RecordVerification.Outcome outcome = review.pinned();

        assertTrue(
                outcome.reasons().contains("Judge record contains failed validation: true."),
                outcome.reasons().toString());
    }

    @Test
    void item31_a_failed_declared_optional_command_stays_a_notice() throws IOException {
        // The seed's exception to item 31: a failed # optional command warns and does not block.
        ReviewFixture review = new ReviewFixture(tmp, ReviewFixture.TASK_MD, ReviewFixture.CRITERIA, "false --check")
                .record(doc -> ((ObjectNode) doc.get("tests").get(1)).put("status", "failed"));

        RecordVerification.Outcome outcome = review.pinned();

        assertTrue(outcome.approved(), outcome.reasons().toString());
    }

    // ---- item 32 ------------------------------------------------------------------------------------

    static Stream<Arguments> scopeEdits() {
        return Stream.of(
                edit(
                        "changedFiles emptied",
                        doc -> scope(doc).putArray("changedFiles"),
                        "scope.changedFiles no longer matches the repository."),
                edit(
                        "excludedPaths invented",
                        doc -> scope(doc).putArray("excludedPaths").add(".env"),
                        "scope.excludedPaths no longer matches the repository."),
                edit(
                        "includedTaskIds invented",
                        doc -> scope(doc).putArray("includedTaskIds").add("TASK-2"),
                        "scope.includedTaskIds no longer matches the reviewed snapshot."),
                edit(
                        "taskId changed",
                        doc -> scope(doc).put("taskId", "TASK-2"),
                        "record.taskId does not match scope.taskId."),
                edit(
                        "emptyBoundaryAuthorized flipped",
                        doc -> scope(doc).put("emptyBoundaryAuthorized", true),
                        "scope.emptyBoundaryAuthorized no longer matches the repository."),
                edit(
                        "taskDigest changed",
                        doc -> scope(doc).put("taskDigest", ZERO_DIGEST),
                        "scope.taskDigest no longer matches the repository."),
                edit(
                        "changeDigest changed",
                        doc -> scope(doc).put("changeDigest", ZERO_DIGEST),
                        "scope.changeDigest no longer matches the repository."),
                edit(
                        "baseCommit changed",
                        doc -> scope(doc).put("baseCommit", "1".repeat(40)),
                        "scope.baseCommit no longer matches the repository."),
                edit(
                        "candidateCommit changed",
                        doc -> scope(doc).put("candidateCommit", "1".repeat(40)),
                        "scope.candidateCommit no longer matches the repository."),
                edit(
                        "base changed",
                        doc -> scope(doc).put("base", "1".repeat(40)),
                        "scope.base no longer matches the repository."),
                edit(
                        "schemaVersion changed",
                        doc -> scope(doc).put("schemaVersion", 2),
                        "scope does not match the judge scope contract. scope.schemaVersion is not the integer 6"),
                edit(
                        "an unknown key added",
                        doc -> scope(doc).put("approvedBy", "me"),
                        "scope does not match the judge scope contract. Unexpected key scope.approvedBy"),
                edit(
                        "wb's old capsule map added",
                        doc -> scope(doc).putObject("capsule"),
                        "Unexpected key scope.capsule"),
                edit(
                        "a required key removed",
                        doc -> scope(doc).remove("candidateCommit"),
                        "scope.candidateCommit is missing"),
                edit(
                        "a key retyped",
                        doc -> scope(doc).put("emptyBoundaryAuthorized", "false"),
                        "scope.emptyBoundaryAuthorized is not a boolean"),
                edit(
                        "a duplicated changed file",
                        doc -> ((ArrayNode) scope(doc).get("changedFiles"))
                                .add(scope(doc).get("changedFiles").get(0).asText()),
                        "scope.changedFiles is not a list of distinct paths"));
    }

    static Arguments edit(String name, Consumer<ObjectNode> change, String reason) {
        return Arguments.of(name, change, reason);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scopeEdits")
    void item32_every_scope_field_is_compared_with_the_boundary_not_only_the_digest(
            String name, Consumer<ObjectNode> change, String reason) throws IOException {
        // Defect: verify compared only scopeDigest; an edited scope that kept the digest verified.
        RecordVerification.Outcome outcome = review().record(change).pinned();

        assertFalse(outcome.valid(), name);
        assertTrue(anyContains(outcome.reasons(), reason), () -> name + ": " + outcome.reasons());
    }

    @Test
    void item32_a_worktree_record_with_its_changed_files_emptied_is_rejected() throws IOException {
        // Defect: the same for a WORKTREE candidate, whose scope is recomputed in the live repository.
        ReviewFixture review = review();
        ObjectNode live = review.fx.scope("main", new Candidate.Worktree()).toJson();
        review.record(doc -> {
            doc.set("scope", live.deepCopy());
            doc.remove("receiptDigest");
        });
        assertTrue(review.verify(new RecordVerification.Plain()).approved());

        review.record(doc -> {
            doc.set("scope", live.deepCopy());
            doc.remove("receiptDigest");
            scope(doc).putArray("changedFiles");
        });
        RecordVerification.Outcome outcome = review.verify(new RecordVerification.Plain());

        assertTrue(
                anyContains(outcome.reasons(), "scope.changedFiles"),
                outcome.reasons().toString());
    }

    @Test
    void item32_the_installed_schema_types_every_scope_field_and_allows_no_other() {
        // Defect: the schema wb ships typed scope as a bare object.
        JsonNode schema = CanonicalJson.parse(JudgeAgentTemplates.schema());
        JsonNode scope = schema.path("properties").path("scope");
        ObjectNode block = aScopeBlock();

        assertEquals(false, scope.path("additionalProperties").asBoolean(true));
        TreeSet<String> properties = new TreeSet<>();
        scope.path("properties").fieldNames().forEachRemaining(properties::add);
        TreeSet<String> keys = new TreeSet<>();
        block.fieldNames().forEachRemaining(keys::add);
        keys.add("baseRef");
        assertEquals(keys, properties);
        TreeSet<String> required = new TreeSet<>();
        scope.path("required").forEach(n -> required.add(n.asText()));
        keys.remove("baseRef");
        assertEquals(keys, required);
    }

    /** A scope block as wb judge scope writes it, with every key (baseRef aside). */
    private ObjectNode aScopeBlock() {
        JudgeFixture fx = JudgeFixture.create(tmp.resolve("schema")).capsule(TASK, "true\n");
        fx.repo.write("src/App.java", "class App { int y; }\n");
        return fx.scope("main", new Candidate.Worktree()).toJson();
    }

    // ---- item 33 ------------------------------------------------------------------------------------

    static Stream<Arguments> metadataEdits() {
        return Stream.of(
                Arguments.of("the top-level emptyBoundaryAuthorized flipped", (Consumer<ObjectNode>)
                        meta -> meta.put("emptyBoundaryAuthorized", true)),
                Arguments.of("scope.changedFiles emptied", (Consumer<ObjectNode>)
                        meta -> scope(meta).putArray("changedFiles")),
                Arguments.of("scope.scopeDigest replaced", (Consumer<ObjectNode>)
                        meta -> scope(meta).put("scopeDigest", ZERO_DIGEST)),
                Arguments.of("scope.excludedPaths invented", (Consumer<ObjectNode>)
                        meta -> scope(meta).putArray("excludedPaths").add(".env")),
                Arguments.of("an unknown field added", (Consumer<ObjectNode>) meta -> meta.put("approved", true)),
                Arguments.of("createdAt moved", (Consumer<ObjectNode>)
                        meta -> meta.put("createdAt", "2020-01-01T00:00:00Z")),
                Arguments.of("wbVersion changed", (Consumer<ObjectNode>) meta -> meta.put("wbVersion", "0.0.1")),
                Arguments.of("coveredFiles changed", (Consumer<ObjectNode>) meta -> meta.put("coveredFiles", 1)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("metadataEdits")
    void item33_an_edit_anywhere_in_snapshot_json_is_detected(String name, Consumer<ObjectNode> change)
            throws IOException {
        // Defect: snapshot.json's emptyBoundaryAuthorized and scope.changedFiles could be edited undetected.
        JudgeFixture fx = JudgeFixture.create(tmp).capsule(TASK, "true\n");
        fx.repo.write("src/App.java", "class App { int x; }\n");
        Snapshot snapshot = fx.snapshot("main", false).snapshot();
        Path file = snapshot.dir().resolve(Snapshot.METADATA);
        ObjectNode meta = (ObjectNode) CanonicalJson.parse(Files.readAllBytes(file));
        change.accept(meta);
        Files.writeString(file, CanonicalJson.text(meta, true), StandardCharsets.UTF_8);

        Failure failure = assertThrows(Failure.class, () -> Snapshots.load(fx.workspace(), snapshot.id(), ENV), name);

        assertTrue(failure.getMessage().contains("is not intact"), failure.getMessage());
    }

    @Test
    void item33_an_untouched_snapshot_still_loads() {
        // The check must not refuse what wb itself wrote.
        JudgeFixture fx = JudgeFixture.create(tmp).capsule(TASK, "true\n");
        fx.repo.write("src/App.java", "class App { int x; }\n");
        Snapshot snapshot = fx.snapshot("main", false).snapshot();

        assertEquals(
                snapshot.id(),
                Snapshots.load(fx.workspace(), snapshot.id(), ENV).id());
    }

    // ---- item 37 ------------------------------------------------------------------------------------

    static Consumer<ObjectNode> version5(String... issues) {
        return doc -> {
            doc.put("schemaVersion", 5);
            ScopeBlock scope = ScopeBlock.fromJson(doc.get("scope"));
            doc.set("scope", scope.stamped(5, scope.cliVersion()).toJson()); // the scope carries the version too
            doc.remove("criteria");
            doc.remove("observations");
            ArrayNode list = doc.putArray("issues");
            for (String issue : issues) {
                list.add(issue);
            }
        };
    }

    @Test
    void item37_a_version_5_approved_record_with_unresolved_issues_is_rejected() throws IOException {
        // Defect: a schema-5 APPROVED record with unresolved issues verified.
        RecordVerification.Outcome outcome =
                review().record(version5("totals still round half up")).pinned();

        assertFalse(outcome.valid());
        assertTrue(
                outcome.reasons().contains("APPROVED records must not list unresolved issues."),
                outcome.reasons().toString());
    }

    @Test
    void item37_a_version_5_approved_record_without_issues_verifies_as_legacy() throws IOException {
        // Version 5's rules, not a refusal of version 5: no issue, a valid legacy approval.
        RecordVerification.Outcome outcome = review().record(version5()).pinned();

        assertTrue(outcome.approved(), outcome.reasons().toString());
        assertTrue(anyContains(outcome.notices(), "legacy"), outcome.notices().toString());
    }

    @Test
    void item37_a_version_5_issue_that_is_not_a_string_is_a_shape_problem() throws IOException {
        // Version 5's issues are strings, as version 6's observations are.
        RecordVerification.Outcome outcome = review().record(version5()
                        .andThen(doc ->
                                ((ArrayNode) doc.get("issues")).addObject().put("severity", "high")))
                .pinned();

        assertTrue(
                outcome.reasons().contains("issues must be a string array."),
                outcome.reasons().toString());
    }

    // ---- item 25 (judge current names the paths) ---------------------------------------------------

    @Test
    void item25_newer_changes_name_the_changed_paths() {
        // Defect: judge current said NEWER_CHANGES without naming the paths.
        JudgeFixture fx = JudgeFixture.create(tmp).capsule(TASK, "true\n");
        fx.repo.write("src/App.java", "class App { int x; }\n");
        Snapshot snapshot = fx.snapshot("main", false).snapshot();
        fx.repo.write("src/App.java", "class App { int x; int y; }\n");
        fx.repo.write("src/New.java", "class New {}\n");

        JudgeCurrent.Classification c = JudgeCurrent.classify(fx.workspace(), snapshot, ENV);

        assertEquals(BoundaryStatus.NEWER_CHANGES, c.status());
        assertEquals(List.of("src/App.java", "src/New.java"), c.changedFiles());
        assertEquals(
                List.of(),
                JudgeCurrent.classify(
                                fx.workspace(),
                                Snapshots.load(
                                        fx.workspace(),
                                        fx.snapshot("main", false).snapshot().id(),
                                        ENV),
                                ENV)
                        .changedFiles());
    }
}
