package dev.wb.projections.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.wb.engine.EventEnvelope;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.Folds;
import dev.wb.projections.events.Verdict;
import dev.wb.projections.events.verify.ProcessOutcome;
import dev.wb.projections.events.verify.VerifyCommandRan;
import dev.wb.projections.events.verify.VerifyFinished;
import dev.wb.projections.events.verify.VerifyStarted;
import dev.wb.projections.status.StageEvents;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A task's verify runs, folded from the records: counts, and the latest run as its events recorded it. */
class VerificationsTest {

    static final VerifyStarted STARTED = new VerifyStarted(
            "sha256:" + "a".repeat(64),
            600,
            List.of(new VerifyStarted.Command(0, "pytest", "pytest"), new VerifyStarted.Command(1, "ruff", "ruff")),
            List.of(),
            List.of("CI"),
            List.of());

    static VerifyCommandRan ran(int index, String command, int exitCode) {
        return new VerifyCommandRan(
                index,
                command,
                List.of(command),
                command,
                ProcessOutcome.EXITED,
                exitCode,
                exitCode == 0,
                10,
                "out",
                "",
                0,
                "sha256:" + "b".repeat(64),
                3,
                Optional.empty(),
                Optional.empty());
    }

    static List<EventEnvelope> sealed(List<? extends dev.wb.projections.events.WbEvent> events) {
        return StageEvents.sealed(events.stream()
                .map(dev.wb.projections.events.WbEvent::toNewEvent)
                .toArray(dev.wb.engine.NewEvent[]::new));
    }

    @Test
    void a_finished_run_is_counted_by_its_verdict_and_kept_as_recorded() {
        VerifyFinished finished = new VerifyFinished(Verdict.FAIL, 2, 1, 1, 0, 0, 20);
        List<EventEnvelope> events = sealed(List.of(STARTED, ran(0, "pytest", 0), ran(1, "ruff", 1), finished));

        Verifications.State state = Folds.fold(Verifications.INSTANCE, events);

        assertEquals(1, state.runs());
        assertEquals(1, state.failed());
        Verifications.Run run = state.latest().orElseThrow();
        assertEquals(STARTED, run.started());
        assertEquals(List.of(ran(0, "pytest", 0), ran(1, "ruff", 1)), run.commands());
        assertEquals(Optional.of(finished), run.finished());
        assertEquals(Verdict.FAIL, run.verdict());
    }

    @Test
    void a_run_whose_end_was_never_recorded_is_incomplete_never_a_pass() {
        Verifications.State state = Folds.fold(Verifications.INSTANCE, sealed(List.of(STARTED, ran(0, "pytest", 0))));

        assertEquals(Verdict.INCOMPLETE, state.latest().orElseThrow().verdict());
        assertEquals(0, state.passed());
    }

    @Test
    void the_state_holds_each_payload_as_stored_and_reads_back_equal() {
        List<EventEnvelope> events =
                sealed(List.of(STARTED, ran(0, "pytest", 0), new VerifyFinished(Verdict.PASS, 1, 1, 0, 0, 1, 20)));
        Verifications.State state = Folds.fold(Verifications.INSTANCE, events);

        var json = Verifications.INSTANCE.toJson(state);

        assertEquals(
                new String(events.get(0).payload().bytes(), StandardCharsets.UTF_8),
                CanonicalJson.text(json.path("latest").path("started"), false),
                "the started payload, keys in the stored order");
        assertEquals(state, Verifications.INSTANCE.fromJson(json));
    }
}
