package dev.wb.commands.judge.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.DeciderSpec;
import dev.wb.commands.Decision;
import dev.wb.projections.events.judge.JudgeRecordRead;
import dev.wb.projections.events.judge.RecordCategory;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A record's reading is recorded once per content digest and task: the rule, with no disk or git. */
class RecordLogDeciderTest {

    static RecordFacts facts(String content) {
        return RecordFacts.of(("{\"taskId\":\"ABC-12\",\"verdict\":\"APPROVED\",\"note\":\"" + content + "\"}")
                .getBytes(StandardCharsets.UTF_8));
    }

    static JudgeRecordRead read(RecordFacts facts) {
        return new JudgeRecordRead(
                "r.json",
                facts.digest(),
                facts.schemaVersion(),
                facts.verdict(),
                facts.reviewedAt(),
                Optional.empty(),
                facts.scopeDigest(),
                facts.candidate(),
                facts.independent(),
                Map.of(),
                RecordCategory.UNKNOWN);
    }

    @Test
    void a_record_never_read_is_recorded() {
        RecordFacts first = facts("one");

        Decision<Boolean> decision =
                DeciderSpec.given(RecordsRead.INSTANCE).decide(s -> RecordLog.decide(s, first, read(first)));

        assertTrue(decision.result());
        assertEquals(1, decision.events().size());
        assertEquals("judge.record.read", decision.events().get(0).type());
    }

    @Test
    void the_same_bytes_read_again_add_nothing() {
        RecordFacts first = facts("one");

        Decision<Boolean> decision = DeciderSpec.given(
                        RecordsRead.INSTANCE, read(first).toNewEvent())
                .decide(s -> RecordLog.decide(s, first, read(first)));

        assertFalse(decision.result());
        assertEquals(0, decision.events().size());
    }

    @Test
    void other_bytes_of_the_same_record_are_a_new_reading() {
        RecordFacts first = facts("one");
        RecordFacts second = facts("two");

        Set<String> after = DeciderSpec.given(RecordsRead.INSTANCE, read(first).toNewEvent())
                .thenState(s -> RecordLog.decide(s, second, read(second)));

        assertEquals(Set.of(first.digest(), second.digest()), after);
    }
}
