package dev.wb.commands.importer;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.InputFiles;
import dev.wb.engine.Digests;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.ImportedKind;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;

/**
 * Reads a verdict file the original wrote, in the original's shape (reference: the workbench's
 * audit.json and evidence.json {@code verdict}, git.log.json a list of runs with {@code ok} and
 * {@code at}; the judge's review record {@code taskId}, {@code verdict}, {@code reviewedAt}). Only what
 * the event needs is taken; nothing is judged. A file that is not in that shape is skipped, with why; a
 * view wb itself rendered from its log (it says so in its {@code note}) is not an original's verdict.
 */
final class OriginalVerdicts {

    /** The longest verdict or time text kept, as written: the originals' are a few characters. */
    static final int MAX_TEXT = 64;

    /** A verdict read, or the item that says why not. */
    record Read(Optional<ImportedVerdict> verdict, Optional<ImportItem> item) {}

    private final Path source;
    private final Optional<String> from;

    OriginalVerdicts(Path source, Optional<String> from) {
        this.source = source;
        this.from = from;
    }

    Read read(VerdictFile file) {
        InputFiles.Content content;
        try {
            Optional<InputFiles.Content> read = InputFiles.read(
                    source,
                    source.resolve(file.source()),
                    file.kind() == ImportedKind.REVIEW
                            ? InputFiles.Kind.REVIEW_RECORD
                            : InputFiles.Kind.ORIGINAL_VERDICT);
            if (read.isEmpty()) {
                return refused(file, "is gone: it was listed, then removed");
            }
            content = read.get();
        } catch (InputFiles.Unusable e) {
            // A review record is copied too: its copy's line already names the refusal.
            return file.kind() == ImportedKind.REVIEW
                    ? new Read(Optional.empty(), Optional.empty())
                    : refused(file, e.problem() + " (" + e.fix() + ")");
        }
        JsonNode doc;
        try {
            doc = CanonicalJson.parse(content.textBytes());
        } catch (RuntimeException e) {
            return skipped(file, "is not valid JSON; no verdict recorded");
        }
        if (renderedByWb(doc)) {
            return skipped(file, "a view wb rendered from its own log, not an original's verdict");
        }
        String digest = Digests.sha256(content.bytes());
        return file.kind() == ImportedKind.REVIEW
                ? review(file, doc, digest)
                : file.kind() == ImportedKind.GIT_LOG ? gitLog(file, doc, digest) : verdict(file, doc, digest);
    }

    /**
     * Whether {@code doc} is one of wb's own views: audit.json and evidence.json say so in their
     * {@code note}; git.log.json, a list in the original's shape, carries wb's {@code series} and
     * {@code version} beside the original's fields in each run.
     */
    static boolean renderedByWb(JsonNode doc) {
        if (doc == null) {
            return false;
        }
        if (doc.isObject()) {
            return doc.path("note").asText("").startsWith("rendered by wb");
        }
        for (JsonNode run : doc) {
            if (run.isObject() && run.has("series") && run.path("version").canConvertToLong()) {
                return true;
            }
        }
        return false;
    }

    private Read verdict(VerdictFile file, JsonNode doc, String digest) {
        if (doc == null || !doc.isObject() || !doc.path("verdict").isTextual()) {
            return skipped(
                    file, "has no verdict: not the workbench's " + file.kind().wireName() + ".json");
        }
        return recorded(file, file.task().orElseThrow(), digest, text(doc.get("verdict")), Optional.empty());
    }

    private Read gitLog(VerdictFile file, JsonNode doc, String digest) {
        if (doc == null
                || !doc.isArray()
                || doc.isEmpty()
                || !doc.get(doc.size() - 1).isObject()) {
            return skipped(file, "is not the workbench's git.log.json (a list of runs); no verdict recorded");
        }
        JsonNode last = doc.get(doc.size() - 1);
        Optional<String> verdict = last.path("ok").isBoolean()
                ? Optional.of(last.get("ok").booleanValue() ? "ok" : "stopped")
                : Optional.empty();
        Optional<String> at = last.path("at").canConvertToLong()
                ? Optional.of(Instant.ofEpochSecond(last.get("at").longValue()).toString())
                : Optional.empty();
        return recorded(file, file.task().orElseThrow(), digest, verdict, at);
    }

    private Read review(VerdictFile file, JsonNode doc, String digest) {
        Optional<TaskKey> task =
                doc != null && doc.isObject() && doc.path("taskId").isTextual()
                        ? TaskKey.parse(doc.get("taskId").asText())
                        : Optional.empty();
        if (task.isEmpty()) {
            return skipped(file, "not a review record, taskId is missing or invalid; copied, no verdict recorded");
        }
        Optional<String> reviewedAt =
                doc.path("reviewedAt").isTextual() ? text(doc.get("reviewedAt")) : Optional.empty();
        return recorded(
                file,
                task.get(),
                digest,
                doc.path("verdict").isTextual() ? text(doc.get("verdict")) : Optional.empty(),
                reviewedAt);
    }

    private Read recorded(
            VerdictFile file, TaskKey task, String digest, Optional<String> verdict, Optional<String> time) {
        return new Read(
                Optional.of(new ImportedVerdict(task, file.kind(), file.source(), from, digest, verdict, time)),
                Optional.empty());
    }

    private static Optional<String> text(JsonNode node) {
        String text = node.asText();
        return Optional.of(text.length() <= MAX_TEXT ? text : text.substring(0, MAX_TEXT - 1) + "…");
    }

    private static Read skipped(VerdictFile file, String reason) {
        return new Read(
                Optional.empty(), Optional.of(ImportItem.skipped(file.kind().wireName(), file.source(), reason)));
    }

    private static Read refused(VerdictFile file, String reason) {
        return new Read(
                Optional.empty(), Optional.of(ImportItem.refused(file.kind().wireName(), file.source(), reason)));
    }
}
