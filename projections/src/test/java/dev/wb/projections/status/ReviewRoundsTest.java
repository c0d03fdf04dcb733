package dev.wb.projections.status;

import static dev.wb.projections.status.StageEvents.sealed;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.wb.engine.NewEvent;
import dev.wb.projections.Folds;
import dev.wb.projections.events.judge.JudgeRecordRead;
import dev.wb.projections.events.judge.RecordCategory;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** A task's review rounds, folded from its {@code judge.record.read} events. */
class ReviewRoundsTest {

    static NewEvent read(String digest, String verdict, String instant, Optional<Boolean> independent) {
        return new JudgeRecordRead(
                        "r.json",
                        digest,
                        Optional.of(6),
                        Optional.ofNullable(verdict),
                        Optional.ofNullable(instant),
                        Optional.ofNullable(instant),
                        Optional.of("sha256:scope"),
                        Optional.of("SNAPSHOT:0123456789abcdef0123"),
                        independent,
                        Map.of("AC-1", "PASS"),
                        RecordCategory.ORDINARY)
                .toNewEvent();
    }

    static ReviewRounds fold(NewEvent... events) {
        return Folds.fold(TaskStages.INSTANCE, sealed(events)).reviews();
    }

    @Test
    void an_approved_latest_round_closes_the_task_and_is_signed_as_before() {
        ReviewRounds rounds = fold(
                read("sha256:1", "NEEDS_CHANGES", "2026-12-01T09:00:00Z", Optional.of(true)),
                read("sha256:2", "APPROVED", "2026-12-01T10:00:00Z", Optional.empty()));

        assertEquals("closed", rounds.state());
        assertEquals(2, rounds.rounds().size());
        assertEquals(
                new ReviewRounds.Round("APPROVED", "APPROVED|true|{\"AC-1\":\"PASS\"}", false),
                rounds.rounds().get("2026-12-01T10:00:00Z sha256:scope"));
    }

    @Test
    void records_of_one_round_that_disagree_make_it_ambiguous() {
        ReviewRounds rounds = fold(
                read("sha256:1", "APPROVED", "2026-12-01T10:00:00Z", Optional.of(true)),
                read("sha256:2", "APPROVED", "2026-12-01T10:00:00Z", Optional.of(false)));

        assertEquals("unknown", rounds.state());
        assertEquals(
                new ReviewRounds.Round("APPROVED", "APPROVED|true|{\"AC-1\":\"PASS\"}", true),
                rounds.rounds().get("2026-12-01T10:00:00Z sha256:scope"));
    }

    @Test
    void a_record_without_an_instant_is_uncountable_and_one_without_a_verdict_is_skipped() {
        assertEquals(new ReviewRounds(new TreeMap<>(), 1), fold(read("sha256:1", "APPROVED", null, Optional.of(true))));
        assertEquals(ReviewRounds.NONE, fold(read("sha256:1", null, "2026-12-01T10:00:00Z", Optional.of(true))));
        assertEquals(
                "open",
                fold(read("sha256:1", "NEEDS_CHANGES", "2026-12-01T10:00:00Z", Optional.of(true)))
                        .state());
    }
}
