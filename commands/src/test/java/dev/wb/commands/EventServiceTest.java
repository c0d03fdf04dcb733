package dev.wb.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.base.Workspace;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.ExpectedVersion;
import dev.wb.engine.NewEvent;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.TestEvents;
import dev.wb.engine.VersionConflictException;
import dev.wb.projections.activity.Activity;
import dev.wb.projections.events.WorkspaceInitialized;
import dev.wb.testkit.TempGitRepo;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The decide loop: fold, decide, append at the folded version, and decide again when another writer got in first. */
class EventServiceTest {

    private static final StreamId TASK = StreamId.task(new TaskKey("ABC-1"));

    @TempDir
    Path tmp;

    private Session session() {
        Workspace workspace = Workspace.require(TempGitRepo.create(tmp, "repo").root());
        return new Session(workspace, System.getenv(), TestEvents.invocation());
    }

    private static Decision<Void> events(NewEvent... events) {
        return new Decision<>(null, List.of(events));
    }

    @Test
    void a_decision_is_appended_at_the_version_it_was_made_on_and_its_result_returned() {
        try (Session session = session()) {
            EventService service = new EventService(session);
            service.decide(TASK, Activity.INSTANCE, state -> events(TestEvents.note(0)));

            EventService.Decided<Activity.State, String> second = service.decide(
                    TASK,
                    Activity.INSTANCE,
                    state -> new Decision<>("saw " + state.events(), List.of(TestEvents.note((int) state.events()))));

            assertEquals(1, second.stateBefore().events());
            assertEquals("saw 1", second.result());
            assertEquals(1, second.appended().get(0).version());
        }
    }

    @Test
    void when_another_writer_gets_in_first_the_facts_are_gathered_again_and_the_decision_made_again() {
        try (Session session = session()) {
            List<Long> gathered = new ArrayList<>();
            EventService.Decided<Activity.State, Long> outcome = new EventService(session)
                    .decide(
                            TASK,
                            Activity.INSTANCE,
                            state -> {
                                gathered.add(state.events());
                                if (gathered.size() == 1) {
                                    // Another process appends between this decision's read and its append.
                                    session.log()
                                            .append(
                                                    TASK,
                                                    ExpectedVersion.any(),
                                                    List.of(TestEvents.note(99)),
                                                    TestEvents.invocation());
                                }
                                return state.events();
                            },
                            (state, facts) -> new Decision<>(facts, List.of(TestEvents.note(1))));

            assertEquals(List.of(0L, 1L), gathered);
            assertEquals(1L, outcome.result(), "decided on the facts of the attempt that landed");
            assertEquals(1, outcome.appended().get(0).version());
            assertEquals(2, session.log().read(TASK).size());
        }
    }

    @Test
    void a_conflict_that_never_clears_reaches_the_caller_naming_the_task() {
        try (Session session = session()) {
            VersionConflictException e = assertThrows(
                    VersionConflictException.class,
                    () -> new EventService(session).decide(TASK, Activity.INSTANCE, state -> {
                        session.log()
                                .append(
                                        TASK,
                                        ExpectedVersion.any(),
                                        List.of(TestEvents.note(9)),
                                        TestEvents.invocation());
                        return events(TestEvents.note(1));
                    }));

            assertTrue(e.getMessage().startsWith("task ABC-1 changed while this command ran"), e.getMessage());
            assertEquals(EventService.ATTEMPTS, session.log().read(TASK).size(), "only the rival's events landed");
        }
    }

    @Test
    void deciding_nothing_appends_nothing() {
        try (Session session = session()) {
            EventService.Decided<Activity.State, String> outcome =
                    new EventService(session).decide(TASK, Activity.INSTANCE, state -> Decision.nothing("none"));

            assertEquals("none", outcome.result());
            assertTrue(outcome.appended().isEmpty());
            assertTrue(session.log().head(TASK).isEmpty());
        }
    }

    @Test
    void a_fact_is_recorded_whatever_the_stream_holds_and_read_folds_without_appending() {
        try (Session session = session()) {
            EventService service = new EventService(session);
            service.decide(TASK, Activity.INSTANCE, state -> events(TestEvents.note(0)));

            List<EventEnvelope> recorded =
                    service.record(TASK, new WorkspaceInitialized(List.of("config.json"), List.of()));

            assertEquals(1, recorded.get(0).version());
            assertEquals("workspace.initialized", recorded.get(0).type());
            assertEquals(2, service.read(TASK, Activity.INSTANCE).events());
            assertEquals(2, session.log().read(TASK).size(), "a read appends nothing");
        }
    }
}
