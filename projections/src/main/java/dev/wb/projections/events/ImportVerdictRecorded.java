package dev.wb.projections.events;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import java.util.List;
import java.util.Optional;

/**
 * {@code wb import} brought in a verdict one of the original tools wrote (the workbench's audit.json,
 * evidence.json or git.log.json, a judge's review record): its file, digest and verdict as written, never
 * verified. No gate or stage reads it: wb re-runs the check to count it.
 *
 * @param tool the original that wrote the file; an unknown wire name reads as {@link OriginalTool#JUDGE}
 * @param kind which of its files: audit, evidence, git-log or review; an unknown wire name reads as {@link
 *     ImportedKind#REVIEW}
 * @param file its path in the original's repository, with {@code /}
 * @param from the original's repository (absolute) when it is not this one; absent from the payload otherwise
 * @param sha256 the digest of the file's exact bytes
 * @param verdict the verdict as the original wrote it (null in the payload when there was none)
 * @param originalTime the original's own time, if it wrote one (null in the payload otherwise)
 * @param verified always false when wb writes it
 */
public record ImportVerdictRecorded(
        OriginalTool tool,
        ImportedKind kind,
        String file,
        Optional<String> from,
        String sha256,
        Optional<String> verdict,
        Optional<String> originalTime,
        boolean verified)
        implements WbEvent {

    static final String TOOL = "tool";
    static final String KIND = "kind";
    static final String FILE = "file";
    static final String FROM = "from";
    static final String SHA256 = "sha256";
    static final String VERDICT = "verdict";
    static final String ORIGINAL_TIME = "originalTime";
    static final String VERIFIED = "verified";

    public static final EventType<ImportVerdictRecorded> TYPE = EventType.of(
            "import.verdict.recorded",
            List.of(TOOL, KIND, FILE, FROM, SHA256, VERDICT, ORIGINAL_TIME, VERIFIED),
            ImportVerdictRecorded::read);

    @Override
    public EventType<ImportVerdictRecorded> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode p = CanonicalJson.objectNode();
        p.put(TOOL, tool.wireName());
        p.put(KIND, kind.wireName());
        p.put(FILE, file);
        from.ifPresent(f -> p.put(FROM, f));
        p.put(SHA256, sha256);
        PayloadValues.putOrNull(p, VERDICT, verdict);
        PayloadValues.putOrNull(p, ORIGINAL_TIME, originalTime);
        p.put(VERIFIED, verified);
        return p;
    }

    private static ImportVerdictRecorded read(ObjectNode p) {
        return new ImportVerdictRecorded(
                WireName.of(OriginalTool.class, p.path(TOOL).asText(), OriginalTool.JUDGE),
                WireName.of(ImportedKind.class, p.path(KIND).asText(), ImportedKind.REVIEW),
                p.path(FILE).asText(),
                PayloadValues.textual(p.get(FROM)),
                p.path(SHA256).asText(),
                PayloadValues.textual(p.get(VERDICT)),
                PayloadValues.textual(p.get(ORIGINAL_TIME)),
                p.path(VERIFIED).asBoolean());
    }
}
