package dev.wb.commands.importer;

import dev.wb.commands.Decision;
import dev.wb.engine.EventEnvelope;
import dev.wb.projections.SeenIdentities;
import dev.wb.projections.events.ImportVerdictRecorded;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The verdicts already imported into a task, by the file they came from and the digest of its bytes,
 * folded from its {@code import.verdict.recorded} events: what makes {@code wb import} idempotent
 * without a side file. The decision is pure: what is not yet there, at most {@link #BATCH} at a time
 * (one batch stays well under the log's 120 KiB a batch).
 */
final class ImportedVerdicts extends SeenIdentities {

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
    protected Optional<String> identity(EventEnvelope event) {
        if (!ImportVerdictRecorded.TYPE.matches(event)) {
            return Optional.empty();
        }
        ImportVerdictRecorded recorded = ImportVerdictRecorded.TYPE.read(event);
        return Optional.of(ImportedVerdict.identity(recorded.file(), recorded.sha256()));
    }
}
