package dev.wb.commands.preflight;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.preflight.PreflightLine.Verdict;
import dev.wb.engine.json.CanonicalJson;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What {@code wb preflight} found: its lines in their fixed order, the env-file it loaded (the path,
 * never a value) and the paid probe's record when one was asked for. Ready means no FAIL line. The
 * JSON form is both the {@code --json} document and the {@code preflight.completed} payload.
 */
public record PreflightReport(List<PreflightLine> lines, Optional<Path> envFile, Optional<ObjectNode> paidProbe) {

    public PreflightReport {
        lines = List.copyOf(lines);
    }

    public long failures() {
        return lines.stream().filter(l -> l.verdict() == Verdict.FAIL).count();
    }

    public long warnings() {
        return lines.stream().filter(l -> l.verdict() == Verdict.WARN).count();
    }

    public boolean ready() {
        return failures() == 0;
    }

    /** {@code ready} or {@code not ready}. */
    public String verdict() {
        return ready() ? "ready" : "not ready";
    }

    /** The last line printed: {@code preflight: ready} or {@code preflight: not ready — N failure(s)}. */
    public String verdictLine() {
        return ready() ? "preflight: ready" : "preflight: not ready — " + failures() + " failure(s)";
    }

    public ObjectNode toJson() {
        ObjectNode doc = CanonicalJson.objectNode();
        ArrayNode array = doc.putArray("lines");
        lines.forEach(l -> array.add(l.toJson()));
        doc.put("verdict", verdict());
        doc.put("failures", failures());
        doc.put("warnings", warnings());
        envFile.ifPresentOrElse(f -> doc.put("envFile", f.toString()), () -> doc.putNull("envFile"));
        paidProbe.ifPresentOrElse(p -> doc.set("paidProbe", p.deepCopy()), () -> doc.putNull("paidProbe"));
        return doc;
    }
}
