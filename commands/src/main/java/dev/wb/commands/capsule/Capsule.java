package dev.wb.commands.capsule;

import dev.wb.commands.InputFiles;
import dev.wb.commands.base.Failure;
import dev.wb.engine.Digests;
import dev.wb.engine.TaskKey;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * A task's review capsule, {@code .workflow/<KEY>/}: the five documents a judge reviews against,
 * their digests, the declared validation commands and the acceptance criteria (docs/CAPSULE.md).
 */
public final class Capsule {

    /** The documents, in digest order. */
    public static final List<String> DOCUMENTS =
            List.of("task.md", "context.md", "plan.md", "acceptance-criteria.md", "review-checklist.md");

    private final TaskKey key;
    private final Map<String, String> texts;
    private final Map<String, String> digests;
    private final String digest;
    private final String taskDigest;
    private final ValidationBlock validation;
    private final AcceptanceCriteria criteria;
    private final List<CapsuleProblem> problems;

    private Capsule(TaskKey key, Map<String, byte[]> documents, Predicate<String> blocked) {
        this.key = key;
        Map<String, String> texts = new LinkedHashMap<>();
        Map<String, String> digests = new LinkedHashMap<>();
        StringBuilder lines = new StringBuilder();
        for (String name : DOCUMENTS) {
            byte[] bytes = documents.get(name);
            if (bytes == null) {
                throw new IllegalArgumentException("no " + name + " in the capsule of " + key);
            }
            texts.put(name, new String(bytes, StandardCharsets.UTF_8));
            digests.put(name, Digests.sha256(bytes));
            lines.append(name).append(' ').append(digests.get(name)).append('\n');
        }
        this.texts = Collections.unmodifiableMap(texts);
        this.digests = Collections.unmodifiableMap(digests);
        this.digest = Digests.sha256(lines.toString().getBytes(StandardCharsets.UTF_8));
        this.taskDigest = taskDigest(documents);
        Optional<String> task = Utf8.decode(documents.get(ValidationBlock.FILE));
        this.validation = task.map(ValidationBlock::parse)
                .orElseGet(() -> ValidationBlock.malformed(
                        new CapsuleProblem(ValidationBlock.FILE, 0, "not UTF-8 text: save the file as UTF-8")));
        Optional<String> criteria = Utf8.decode(documents.get(AcceptanceCriteria.FILE));
        this.criteria = criteria.map(t -> CriteriaReader.read(t, blocked))
                .orElseGet(CriteriaReader::notText)
                .criteria();
        List<CapsuleProblem> problems = new ArrayList<>(validation.problems());
        problems.addAll(this.criteria.defects());
        problems.sort(Comparator.comparingInt((CapsuleProblem p) -> DOCUMENTS.indexOf(p.file()))
                .thenComparingInt(CapsuleProblem::line));
        this.problems = List.copyOf(problems);
    }

    /**
     * Reads the capsule of {@code key} in {@code repoRoot}, wherever {@link CapsuleFolder} finds it
     * ({@code .workflow/KEY/} or {@code .workflow/tasks/KEY-<slug>/}). Each document must be a regular file (a symbolic link is
     * refused: it could lead a reviewer outside the repository); otherwise a {@link Failure} of kind
     * MISSING names every path that is not.
     */
    public static Capsule read(Path repoRoot, TaskKey key, Predicate<String> blocked) {
        String folder = CapsuleFolder.resolve(repoRoot, key) + "/";
        Path dir = repoRoot.resolve(folder);
        List<String> missing = new ArrayList<>();
        Map<String, byte[]> documents = new LinkedHashMap<>();
        for (String name : DOCUMENTS) {
            Path path = dir.resolve(name);
            if (Files.exists(path, LinkOption.NOFOLLOW_LINKS)
                    && !Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)) {
                missing.add(folder + name + " (not a regular file)");
                continue;
            }
            document(repoRoot, path)
                    .ifPresentOrElse(bytes -> documents.put(name, bytes), () -> missing.add(folder + name));
        }
        if (!missing.isEmpty()) {
            throw Failure.missing(
                    "the capsule of " + key + " is incomplete: " + String.join(", ", missing)
                            + (missing.size() == 1 ? " is" : " are") + " missing",
                    "write " + (missing.size() == 1 ? "it" : "them") + " as regular files in " + folder
                            + " (docs/CAPSULE.md describes the five documents)");
        }
        return new Capsule(key, documents, blocked);
    }

    /** A document's exact bytes (what its digest is of), or empty; exit 6 when it is not one wb reads (InputFiles). */
    private static Optional<byte[]> document(Path repoRoot, Path path) {
        try {
            return InputFiles.read(repoRoot, path, InputFiles.Kind.CAPSULE).map(InputFiles.Content::bytes);
        } catch (InputFiles.Unusable e) {
            throw e.failure(Failure.Kind.MISSING);
        }
    }

    /** A capsule from documents already in memory (read from a snapshot or a commit, say). */
    public static Capsule of(TaskKey key, Map<String, byte[]> documents, Predicate<String> blocked) {
        return new Capsule(key, documents, blocked);
    }

    public TaskKey key() {
        return key;
    }

    /** {@code sha256:<hex>} of each document's raw bytes, in {@link #DOCUMENTS} order. */
    public Map<String, String> documentDigests() {
        return digests;
    }

    /**
     * The capsule's one digest: SHA-256 of the UTF-8 lines {@code <name> <digest>\n}, one per
     * document in {@link #DOCUMENTS} order. A change to any byte of any document changes it.
     */
    public String digest() {
        return digest;
    }

    /**
     * The review judge's {@code taskDigest}: SHA-256 over {@code name, NUL, bytes, NUL} for each document
     * in {@link #DOCUMENTS} order, as {@code sha256:<hex>}.
     */
    public String taskDigest() {
        return taskDigest;
    }

    /** {@link #taskDigest()} of five documents' bytes. */
    public static String taskDigest(Map<String, byte[]> documents) {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        for (String name : DOCUMENTS) {
            sha.update(name.getBytes(StandardCharsets.UTF_8));
            sha.update((byte) 0);
            sha.update(documents.get(name));
            sha.update((byte) 0);
        }
        return "sha256:" + HexFormat.of().formatHex(sha.digest());
    }

    public ValidationBlock validation() {
        return validation;
    }

    public AcceptanceCriteria criteria() {
        return criteria;
    }

    /** The document's text, decoded as UTF-8 (an invalid byte reads as U+FFFD; see {@link #problems()}). */
    public String text(String document) {
        String text = texts.get(document);
        if (text == null) {
            throw new IllegalArgumentException("not a capsule document: " + document + " (one of " + DOCUMENTS + ")");
        }
        return text;
    }

    /** The validation block's problems and the criteria's defects, in document then line order. */
    public List<CapsuleProblem> problems() {
        return problems;
    }
}
