package dev.wb.projections.events.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.wb.engine.NewEvent;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class JudgeSnapshotCapturedTest {

    static JudgeSnapshotCaptured catchUp() {
        Map<String, String> documents = new LinkedHashMap<>();
        documents.put("README.md", "sha256:d1");
        documents.put("PLAN.md", "sha256:d2");
        return new JudgeSnapshotCaptured(
                "0123456789abcdef0123",
                8,
                false,
                "b".repeat(40),
                Optional.of("main"),
                "h".repeat(40),
                "c".repeat(40),
                new JudgeSnapshotCaptured.Digests("sha256:s", "sha256:ch", "sha256:t", "sha256:co", documents),
                "0.15.0",
                new JudgeSnapshotCaptured.Boundary(List.of("a.txt", "b.txt"), List.of(".env"), List.of(), 12, false),
                Optional.of("fedcba9876543210fedc"),
                Optional.of("sha256:r"));
    }

    @Test
    void a_catch_up_capture_writes_every_field_as_the_judge_wrote_it() {
        NewEvent event = catchUp().toNewEvent();

        assertEquals("judge.snapshot.captured", event.type());
        assertEquals(1, event.schemaVersion());
        assertEquals(
                "{\"snapshot\":\"0123456789abcdef0123\",\"format\":8,\"reused\":false,\"base\":\"" + "b".repeat(40)
                        + "\",\"baseRef\":\"main\",\"head\":\"" + "h".repeat(40) + "\",\"candidateCommit\":\""
                        + "c".repeat(40)
                        + "\",\"scopeDigest\":\"sha256:s\",\"changeDigest\":\"sha256:ch\",\"taskDigest\":\"sha256:t\","
                        + "\"cliVersion\":\"0.15.0\",\"contentDigest\":\"sha256:co\","
                        + "\"changedFiles\":[\"a.txt\",\"b.txt\"],\"excludedPaths\":[\".env\"],\"includedTaskIds\":[],"
                        + "\"coveredFiles\":12,\"emptyBoundaryAuthorized\":false,"
                        + "\"documentDigests\":{\"README.md\":\"sha256:d1\",\"PLAN.md\":\"sha256:d2\"},"
                        + "\"parent\":\"fedcba9876543210fedc\",\"parentRecordDigest\":\"sha256:r\"}",
                catchUp().payload().toString());
    }

    @Test
    void a_first_capture_has_a_null_parent_and_neither_base_ref_nor_parent_record() {
        JudgeSnapshotCaptured first = new JudgeSnapshotCaptured(
                "0123456789abcdef0123",
                8,
                true,
                "b",
                Optional.empty(),
                "h",
                "c",
                new JudgeSnapshotCaptured.Digests("s", "ch", "t", "co", Map.of()),
                null,
                new JudgeSnapshotCaptured.Boundary(List.of(), List.of(), List.of("TASK-2"), 0, true),
                Optional.empty(),
                Optional.empty());

        assertEquals(
                "{\"snapshot\":\"0123456789abcdef0123\",\"format\":8,\"reused\":true,\"base\":\"b\",\"head\":\"h\","
                        + "\"candidateCommit\":\"c\",\"scopeDigest\":\"s\",\"changeDigest\":\"ch\",\"taskDigest\":\"t\","
                        + "\"cliVersion\":null,\"contentDigest\":\"co\",\"changedFiles\":[],\"excludedPaths\":[],"
                        + "\"includedTaskIds\":[\"TASK-2\"],\"coveredFiles\":0,\"emptyBoundaryAuthorized\":true,"
                        + "\"documentDigests\":{},\"parent\":null}",
                first.payload().toString());
        assertEquals(first, JudgeSnapshotCaptured.TYPE.read(first.payload()));
    }

    @Test
    void a_payload_reads_back_into_the_record_it_was_written_from() {
        JudgeSnapshotCaptured written = catchUp();

        assertEquals(written, JudgeSnapshotCaptured.TYPE.read(written.payload()));
    }
}
