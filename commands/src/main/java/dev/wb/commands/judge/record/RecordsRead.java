package dev.wb.commands.judge.record;

import dev.wb.engine.EventEnvelope;
import dev.wb.projections.SeenIdentities;
import dev.wb.projections.events.judge.JudgeRecordRead;
import java.util.Optional;

/**
 * The digests of the review records a task's stream says were read, folded from its {@code
 * judge.record.read} events (each digest streamed, the rest of the payload skipped): what makes
 * reading a record again add nothing.
 */
final class RecordsRead extends SeenIdentities {

    static final RecordsRead INSTANCE = new RecordsRead();

    private RecordsRead() {}

    @Override
    public String name() {
        return "records-read";
    }

    @Override
    public int version() {
        return 1;
    }

    @Override
    protected Optional<String> identity(EventEnvelope event) {
        return JudgeRecordRead.TYPE.matches(event)
                ? Optional.of(JudgeRecordRead.recordDigest(event))
                : Optional.empty();
    }
}
