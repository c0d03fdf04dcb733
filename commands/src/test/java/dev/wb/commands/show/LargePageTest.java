package dev.wb.commands.show;

import static dev.wb.commands.show.ShowFixture.A;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.EventService;
import dev.wb.commands.Session;
import dev.wb.engine.StreamId;
import dev.wb.projections.events.GitSeriesName;
import dev.wb.projections.events.GitStatus;
import dev.wb.projections.events.GitStepRan;
import dev.wb.projections.events.WbEvent;
import dev.wb.projections.events.judge.BoundaryStatus;
import dev.wb.projections.events.judge.ExecutionMetadata;
import dev.wb.projections.events.judge.JudgeCurrentClassified;
import dev.wb.projections.events.judge.JudgeReceiptWritten;
import dev.wb.projections.events.judge.JudgeRunMode;
import dev.wb.projections.events.judge.JudgeRunOutcome;
import dev.wb.testkit.TempGitRepo;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A page of 10,000 events holds every one, numbered in order (how fast a browser renders it is the
 * browser test's to measure, not a unit test's).
 */
class LargePageTest {

    static final int EVENTS = 10_000;

    @TempDir
    Path tmp;

    @Test
    void a_page_of_ten_thousand_events_holds_every_one() {
        ShowFixture fx = new ShowFixture(TempGitRepo.create(tmp, "repo"));
        fx.plan(A, "a long history", "make -s ok");
        int written = 0;
        while (written < EVENTS) {
            List<WbEvent> batch = new ArrayList<>();
            for (int i = 0; i < 150 && written < EVENTS; i++, written++) {
                batch.add(event(written));
            }
            try (Session session = fx.session()) {
                new EventService(session).record(StreamId.task(A), batch);
            }
        }
        String page;
        try (Session session = fx.session()) {
            page = TaskPage.html(session, A, Instant.now());
        }
        JsonNode data = ShowFixture.events(page);
        assertEquals(EVENTS, data.size());
        for (int i = 0; i < EVENTS; i++) {
            assertEquals(i, data.get(i).path("n").asInt());
        }
        assertTrue(page.contains("Timeline: 10,000 events"));
        assertTrue(page.length() < 12 * EVENTS * 1024 / 10, "about a kilobyte an event at most: " + page.length());
    }

    static WbEvent event(int i) {
        return switch (i % 3) {
            case 0 ->
                new GitStepRan(
                        GitSeriesName.COMMIT,
                        i,
                        List.of("commit", "-m", "step " + i),
                        i % 7 == 0 ? GitStatus.FAILED : GitStatus.OK,
                        0,
                        "ok " + i,
                        Optional.empty(),
                        i % 50,
                        Optional.empty());
            case 1 ->
                new JudgeReceiptWritten(
                        "0123456789abcdef0123",
                        "sha256:" + "4".repeat(64),
                        "receipts/" + i + ".json",
                        JudgeRunMode.ISOLATED,
                        i % 5 != 0,
                        JudgeRunOutcome.PASSED);
            default ->
                new JudgeCurrentClassified(
                        "sha256:" + "5".repeat(64),
                        "0123456789abcdef0123",
                        BoundaryStatus.CURRENT,
                        BoundaryStatus.CURRENT,
                        ExecutionMetadata.ABSENT);
        };
    }
}
