package dev.wb.commands.capsule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.base.Failure;
import dev.wb.commands.capsule.ValidationBlock.Shape;
import dev.wb.commands.policy.ReadPolicy;
import dev.wb.engine.Digests;
import dev.wb.engine.TaskKey;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The capsule as a whole: its five documents, their digests, and its problems in file-line order. */
class CapsuleTest {

    static final TaskKey KEY = new TaskKey("TASK-7");

    @TempDir
    Path repo;

    void write(Map<String, String> documents) throws IOException {
        Path dir = repo.resolve(".workflow/TASK-7");
        Files.createDirectories(dir);
        for (Map.Entry<String, String> document : documents.entrySet()) {
            Files.writeString(dir.resolve(document.getKey()), document.getValue());
        }
    }

    static Map<String, String> documents() {
        Map<String, String> documents = new LinkedHashMap<>();
        documents.put("task.md", "# TASK-7\n\n## Validation\n\n```\npnpm test\n```\n");
        documents.put("context.md", "# Context\n");
        documents.put("plan.md", "# Plan\n");
        documents.put("acceptance-criteria.md", "- AC-1: it holds\n  proof-command: pnpm test\n");
        documents.put("review-checklist.md", "- read it\n");
        return documents;
    }

    @Test
    void a_capsule_reads_its_validation_and_criteria() throws IOException {
        write(documents());

        Capsule capsule = Capsule.read(repo, KEY, ReadPolicy.none());

        assertEquals(KEY, capsule.key());
        assertEquals(Shape.REQUIRED, capsule.validation().shape());
        assertEquals(List.of("AC-1"), capsule.criteria().ids());
        assertEquals(List.of(), capsule.problems());
        assertEquals("# Context\n", capsule.text("context.md"));
    }

    @Test
    void the_digests_are_of_the_raw_bytes_in_digest_order() throws IOException {
        write(documents());

        Capsule capsule = Capsule.read(repo, KEY, ReadPolicy.none());

        assertEquals(Capsule.DOCUMENTS, List.copyOf(capsule.documentDigests().keySet()));
        StringBuilder lines = new StringBuilder();
        for (String name : Capsule.DOCUMENTS) {
            String digest = Digests.sha256(documents().get(name).getBytes(StandardCharsets.UTF_8));
            assertEquals(digest, capsule.documentDigests().get(name));
            lines.append(name).append(' ').append(digest).append('\n');
        }
        assertEquals(Digests.sha256(lines.toString().getBytes(StandardCharsets.UTF_8)), capsule.digest());
    }

    @Test
    void any_changed_byte_changes_the_capsule_digest() throws IOException {
        write(documents());
        String before = Capsule.read(repo, KEY, ReadPolicy.none()).digest();
        Map<String, String> crlf = documents();
        crlf.put("review-checklist.md", "- read it\r\n");
        write(crlf);

        assertTrue(!before.equals(Capsule.read(repo, KEY, ReadPolicy.none()).digest()));
    }

    @Test
    void a_missing_document_is_a_missing_artifact_named_by_its_path() throws IOException {
        Map<String, String> documents = documents();
        documents.remove("plan.md");
        write(documents);

        Failure failure = assertThrows(Failure.class, () -> Capsule.read(repo, KEY, ReadPolicy.none()));

        assertEquals(Failure.Kind.MISSING, failure.kind());
        assertEquals("the capsule of TASK-7 is incomplete: .workflow/TASK-7/plan.md is missing", failure.getMessage());
        assertTrue(failure.fixes().get(0).contains("docs/CAPSULE.md"), failure.fixes()::toString);
    }

    @Test
    void every_missing_or_irregular_document_is_named() throws IOException {
        Map<String, String> documents = documents();
        documents.remove("plan.md");
        documents.remove("task.md");
        write(documents);
        Files.createDirectories(repo.resolve(".workflow/TASK-7/task.md"));
        Files.createSymbolicLink(repo.resolve(".workflow/TASK-7/plan.md"), repo.resolve(".workflow/TASK-7/context.md"));

        Failure failure = assertThrows(Failure.class, () -> Capsule.read(repo, KEY, ReadPolicy.none()));

        assertEquals(
                "the capsule of TASK-7 is incomplete: .workflow/TASK-7/task.md (not a regular file),"
                        + " .workflow/TASK-7/plan.md (not a regular file) are missing",
                failure.getMessage());
    }

    @Test
    void no_capsule_folder_names_every_document() {
        Failure failure = assertThrows(Failure.class, () -> Capsule.read(repo, KEY, ReadPolicy.none()));

        assertEquals(Failure.Kind.MISSING, failure.kind());
        assertTrue(
                failure.getMessage().contains(".workflow/TASK-7/task.md, .workflow/TASK-7/context.md"),
                failure.getMessage());
    }

    @Test
    void problems_come_in_document_then_line_order() throws IOException {
        Map<String, String> documents = documents();
        documents.put("task.md", "## Validation\n\n```\nno-runtime-validation:\n```\n");
        documents.put("acceptance-criteria.md", "- AC-1: a\n- AC-1: b\n- c\n");
        write(documents);

        List<String> problems = Capsule.read(repo, KEY, ReadPolicy.none()).problems().stream()
                .map(CapsuleProblem::render)
                .toList();

        assertEquals(
                List.of(
                        "task.md line 4: no-runtime-validation needs a reason after the colon",
                        "acceptance-criteria.md line 2: duplicate identifier AC-1 (first on line 1)",
                        "acceptance-criteria.md line 3: missing identifier: start the bullet with AC-<n>:"
                                + " (wb task migrate-criteria numbers it)"),
                problems);
    }

    @Test
    void a_document_that_is_not_utf8_is_a_problem_and_declares_nothing() {
        Map<String, byte[]> documents = new LinkedHashMap<>();
        documents().forEach((name, text) -> documents.put(name, text.getBytes(StandardCharsets.UTF_8)));
        documents.put("task.md", new byte[] {'#', ' ', (byte) 0xFF, '\n'});
        documents.put("acceptance-criteria.md", new byte[] {'-', ' ', (byte) 0xFE, '\n'});

        Capsule capsule = Capsule.of(KEY, documents, ReadPolicy.none());

        assertEquals(Shape.MALFORMED, capsule.validation().shape());
        assertEquals(List.of(), capsule.criteria().ids());
        assertEquals(
                List.of(
                        "task.md: not UTF-8 text: save the file as UTF-8",
                        "acceptance-criteria.md: not UTF-8 text: save the file as UTF-8"),
                capsule.problems().stream().map(CapsuleProblem::render).toList());
    }

    @Test
    void the_complete_example_in_docs_capsule_md_has_no_problem() throws IOException {
        Path dir = Path.of("").toAbsolutePath();
        while (!Files.exists(dir.resolve("docs/CAPSULE.md"))) {
            dir = dir.getParent();
        }
        String doc = Files.readString(dir.resolve("docs/CAPSULE.md"));
        String example = doc.substring(doc.indexOf("## A complete example capsule"));
        Map<String, byte[]> documents = new LinkedHashMap<>();
        for (String name : Capsule.DOCUMENTS) {
            int heading = example.indexOf("### `" + name + "`");
            int start = example.indexOf("````markdown\n", heading) + "````markdown\n".length();
            documents.put(
                    name,
                    example.substring(start, example.indexOf("\n````\n", start) + 1)
                            .getBytes(StandardCharsets.UTF_8));
        }

        Capsule capsule = Capsule.of(new TaskKey("SHOP-42"), documents, ReadPolicy.of(List.of(".env")));

        assertEquals(List.of(), capsule.problems());
        assertEquals(Shape.REQUIRED, capsule.validation().shape());
        assertEquals(
                List.of("python -m pytest -q", "ruff check src", "mypy src"),
                capsule.validation().normalizedCommands());
        assertEquals(List.of("AC-1", "AC-2", "AC-4"), capsule.criteria().ids());
        assertEquals(List.of("AC-3"), capsule.criteria().retired());
        for (Criterion criterion : capsule.criteria().criteria()) {
            criterion
                    .proofCommands()
                    .forEach(command -> assertTrue(
                            capsule.validation().find(command).isPresent(),
                            criterion.id() + " proves with an undeclared command: " + command));
        }
    }
}
