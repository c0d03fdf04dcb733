package dev.wb.projections.events.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.NewEvent;
import dev.wb.engine.json.CanonicalJson;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The events of reading, verifying and classifying a review record, byte for byte as before. */
class JudgeRecordEventsTest {

    static JudgeRecordRead read() {
        Map<String, String> criteria = new LinkedHashMap<>();
        criteria.put("AC-1", "PASS");
        criteria.put("AC-2", "FAIL");
        return new JudgeRecordRead(
                ".workflow/local/judge/TASK-1/review.json",
                "sha256:rec",
                Optional.of(6),
                Optional.of("NEEDS_CHANGES"),
                Optional.of("2026-12-01T10:00:00+01:00"),
                Optional.of("2026-12-01T09:00:00Z"),
                Optional.of("sha256:scope"),
                Optional.of("SNAPSHOT:0123456789abcdef0123"),
                Optional.of(false),
                criteria,
                RecordCategory.ORDINARY);
    }

    @Test
    void a_record_read_writes_its_facts() {
        NewEvent event = read().toNewEvent();

        assertEquals("judge.record.read", event.type());
        assertEquals(1, event.schemaVersion());
        assertEquals(
                "{\"file\":\".workflow/local/judge/TASK-1/review.json\",\"recordDigest\":\"sha256:rec\","
                        + "\"schemaVersion\":6,\"verdict\":\"NEEDS_CHANGES\",\"reviewedAt\":\"2026-12-01T10:00:00+01:00\","
                        + "\"reviewedInstant\":\"2026-12-01T09:00:00Z\",\"scopeDigest\":\"sha256:scope\","
                        + "\"candidate\":\"SNAPSHOT:0123456789abcdef0123\",\"independent\":false,"
                        + "\"criteria\":{\"AC-1\":\"PASS\",\"AC-2\":\"FAIL\"},\"category\":\"ordinary\"}",
                read().payload().toString());
        assertEquals(read(), JudgeRecordRead.TYPE.read(read().payload()));
    }

    @Test
    void an_unreadable_record_has_its_facts_null() {
        JudgeRecordRead unreadable = new JudgeRecordRead(
                "/elsewhere/r.json",
                "sha256:x",
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Map.of(),
                RecordCategory.UNKNOWN);

        assertEquals(
                "{\"file\":\"/elsewhere/r.json\",\"recordDigest\":\"sha256:x\",\"schemaVersion\":null,"
                        + "\"verdict\":null,\"reviewedAt\":null,\"reviewedInstant\":null,\"scopeDigest\":null,"
                        + "\"candidate\":null,\"independent\":null,\"criteria\":{},\"category\":\"unknown\"}",
                unreadable.payload().toString());
        assertEquals(unreadable, JudgeRecordRead.TYPE.read(unreadable.payload()));
    }

    @Test
    void a_category_this_wb_does_not_know_reads_as_unknown() {
        ObjectNode payload = read().payload();
        payload.put("category", "rework");

        assertEquals(RecordCategory.UNKNOWN, JudgeRecordRead.TYPE.read(payload).category());
        payload.remove("category");
        assertEquals(RecordCategory.UNKNOWN, JudgeRecordRead.TYPE.read(payload).category());
    }

    @Test
    void a_verification_writes_what_backed_it_and_where_the_boundary_stands() {
        JudgeRecordVerified verified = new JudgeRecordVerified(
                "r.json",
                "sha256:rec",
                JudgeVerifyMode.RECEIPT,
                Optional.of("sha256:receipt"),
                true,
                true,
                false,
                Optional.of("APPROVED"),
                List.of(),
                List.of("a notice"),
                new JudgeRecordVerified.VerifiedNow(
                        RuntimeValidation.VERIFIED, BoundaryStatus.CURRENT, Optional.of(ExecutionMetadata.ABSENT)));

        assertEquals("judge.record.verified", verified.toNewEvent().type());
        assertEquals(
                "{\"file\":\"r.json\",\"recordDigest\":\"sha256:rec\",\"mode\":\"receipt\","
                        + "\"receiptDigest\":\"sha256:receipt\",\"valid\":true,\"approved\":true,\"legacy\":false,"
                        + "\"verdict\":\"APPROVED\",\"reasons\":[],\"notices\":[\"a notice\"],"
                        + "\"verifiedNow\":{\"runtime\":\"verified\",\"reviewBoundary\":\"CURRENT\","
                        + "\"executionMetadata\":\"ABSENT\"}}",
                verified.payload().toString());
        assertEquals(verified, JudgeRecordVerified.TYPE.read(verified.payload()));
    }

    @Test
    void a_plain_verification_of_an_unreadable_record_leaves_out_the_receipt_and_nulls_the_rest() {
        JudgeRecordVerified verified = new JudgeRecordVerified(
                "r.json",
                "sha256:rec",
                JudgeVerifyMode.PLAIN,
                Optional.empty(),
                false,
                false,
                false,
                Optional.empty(),
                List.of("not JSON"),
                List.of(),
                new JudgeRecordVerified.VerifiedNow(
                        RuntimeValidation.UNKNOWN, BoundaryStatus.NOT_CLASSIFIED, Optional.empty()));

        assertEquals(
                "{\"file\":\"r.json\",\"recordDigest\":\"sha256:rec\",\"mode\":\"plain\",\"valid\":false,"
                        + "\"approved\":false,\"legacy\":false,\"verdict\":null,\"reasons\":[\"not JSON\"],"
                        + "\"notices\":[],\"verifiedNow\":{\"runtime\":\"unknown\",\"reviewBoundary\":"
                        + "\"not classified for this boundary type\","
                        + "\"executionMetadata\":null}}",
                verified.payload().toString());
        assertEquals(verified, JudgeRecordVerified.TYPE.read(verified.payload()));
    }

    @Test
    void a_classification_writes_the_three_states() {
        JudgeCurrentClassified classified = new JudgeCurrentClassified(
                "sha256:rec",
                "0123456789abcdef0123",
                BoundaryStatus.NEWER_CHANGES,
                BoundaryStatus.CURRENT,
                ExecutionMetadata.CREATED);

        assertEquals("judge.current.classified", classified.toNewEvent().type());
        assertEquals(
                "{\"recordDigest\":\"sha256:rec\",\"snapshot\":\"0123456789abcdef0123\",\"status\":\"NEWER_CHANGES\","
                        + "\"reviewBoundary\":\"CURRENT\",\"executionMetadata\":\"CREATED\"}",
                classified.payload().toString());
        assertEquals(classified, JudgeCurrentClassified.TYPE.read(classified.payload()));
    }

    @Test
    void a_classification_or_verification_this_wb_cannot_read_fails_closed() {
        ObjectNode classified = new JudgeCurrentClassified(
                        "sha256:rec",
                        "0123456789abcdef0123",
                        BoundaryStatus.CURRENT,
                        BoundaryStatus.CURRENT,
                        ExecutionMetadata.UNCHANGED)
                .payload();
        classified.put("status", "SIDEWAYS");
        classified.remove("reviewBoundary");
        classified.put("executionMetadata", "MOVED");

        JudgeCurrentClassified read = JudgeCurrentClassified.TYPE.read(classified);
        assertEquals(BoundaryStatus.DIVERGED, read.status());
        assertEquals(BoundaryStatus.DIVERGED, read.reviewBoundary());
        assertEquals(ExecutionMetadata.ADVANCED, read.executionMetadata());
    }

    @Test
    void a_verification_whose_standing_this_wb_cannot_read_fails_closed() {
        ObjectNode verified = CanonicalJson.objectNode();
        ObjectNode now = verified.putObject("verifiedNow");
        now.put("runtime", "proven");
        now.put("reviewBoundary", "not classified");
        now.put("executionMetadata", "MOVED");

        JudgeRecordVerified.VerifiedNow readNow =
                JudgeRecordVerified.TYPE.read(verified).verifiedNow();
        assertEquals(RuntimeValidation.UNKNOWN, readNow.runtime());
        assertEquals(BoundaryStatus.DIVERGED, readNow.reviewBoundary());
        assertEquals(Optional.of(ExecutionMetadata.ADVANCED), readNow.executionMetadata());
    }
}
