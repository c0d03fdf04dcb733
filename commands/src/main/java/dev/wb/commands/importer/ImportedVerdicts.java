package dev.wb.commands.importer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.wb.commands.Decision;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.Projection;
import dev.wb.projections.events.ImportVerdictRecorded;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The verdicts already imported into a task, by the file they came from and the digest of its bytes,
 * folded from its {@code import.verdict.recorded} events: what makes {@code wb import} idempotent
 * without a side file. The decision is pure: what is not yet there, at most {@link #BATCH} at a time
 * (one batch stays well under the log's 120 KiB a batch).
 */
final class ImportedVerdicts implements Projection<Set<String>> {

    static final ImportedVerdicts INSTANCE = new ImportedVerdicts();
    static final int BATCH = 50;

    private ImportedVerdicts() {}

    /**
     * Records the verdicts {@code imported} does not hold yet, each once, in order, at most a batch; the
     * result is the identities recorded (none when every verdict is already there).
     */
    static Decision<List<String>> decide(Set<String> imported, Collection<ImportedVerdict> found) {
        Set<String> seen = new LinkedHashSet<>(imported);
        List<String> recorded = new ArrayList<>();
        List<ImportVerdictRecorded> events = new ArrayList<>();
        for (ImportedVerdict verdict : found) {
            if (events.size() < BATCH && seen.add(verdict.identity())) {
                recorded.add(verdict.identity());
                events.add(verdict.event());
            }
        }
        return Decision.of(List.copyOf(recorded), events);
    }

    @Override
    public String name() {
        return "imported";
    }

    @Override
    public int version() {
        return 1;
    }

    @Override
    public Set<String> initialState() {
        return Set.of();
    }

    @Override
    public Set<String> evolve(Set<String> state, EventEnvelope event) {
        if (!ImportVerdictRecorded.TYPE.matches(event)) {
            return state;
        }
        ImportVerdictRecorded recorded = ImportVerdictRecorded.TYPE.read(event);
        Set<String> next = new TreeSet<>(state);
        next.add(ImportedVerdict.identity(recorded.file(), recorded.sha256()));
        return Set.copyOf(next);
    }

    @Override
    public JsonNode toJson(Set<String> state) {
        ArrayNode node = CanonicalJson.objectNode().arrayNode();
        new TreeSet<>(state).forEach(node::add);
        return node;
    }

    @Override
    public Set<String> fromJson(JsonNode json) {
        if (!json.isArray()) {
            throw new IllegalArgumentException("not a list of imported verdicts");
        }
        Set<String> state = new TreeSet<>();
        json.forEach(v -> state.add(v.asText()));
        return Set.copyOf(state);
    }
}
