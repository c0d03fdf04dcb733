package dev.wb.commands.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.projections.Folds;
import dev.wb.projections.events.run.EdgeTaken;
import dev.wb.projections.events.run.NodeFinished;
import dev.wb.projections.events.run.NodeKind;
import dev.wb.projections.events.run.NodeStarted;
import dev.wb.projections.events.run.RunFinished;
import dev.wb.projections.events.run.RunStarted;
import dev.wb.projections.run.RunProjection;
import dev.wb.projections.run.RunState;
import dev.wb.testkit.TempGitRepo;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Two runs of one task never interleave: each append is conditional on the version its run last saw. */
class RunLogTest {

    @TempDir
    Path tmp;

    @Test
    void a_run_whose_stream_moved_under_it_stops_and_appends_nothing() {
        TempGitRepo repo = TempGitRepo.create(tmp, "repo");
        StreamId stream = StreamId.task(new TaskKey("ABC-1"));
        try (Session session = Session.open(new Workspace(repo.root()), Map.of(), Clock.systemUTC())) {
            RunLog first = RunLog.open(session, stream, "ABC-1");
            RunLog second = RunLog.open(session, stream, "ABC-1");
            first.append(new RunStarted("f", "d", "c", "f"));
            assertEquals(0, first.version());

            Failure refused = assertThrows(Failure.class, () -> second.append(new RunStarted("f", "d", "c", "f")));

            assertEquals(Failure.Kind.USAGE, refused.kind());
            assertTrue(
                    refused.getMessage().contains("another process appended to ABC-1's stream"), refused.getMessage());
            first.append(
                    new NodeStarted("n", NodeKind.TOOL, 1, 1, Optional.empty()),
                    new RunFinished(RunFinished.Status.DONE, "ok"));
            assertEquals(2, first.version());
            assertEquals(3, session.reader().read(stream).size());
        }
    }

    @Test
    void the_state_it_keeps_is_the_fold_of_the_stream_as_it_stands() {
        TempGitRepo repo = TempGitRepo.create(tmp, "repo");
        StreamId stream = StreamId.task(new TaskKey("ABC-1"));
        try (Session session = Session.open(new Workspace(repo.root()), Map.of(), Clock.systemUTC())) {
            RunLog log = RunLog.open(session, stream, "ABC-1");
            log.append(new RunStarted("f", "d", "c", "f"));
            log.append(new NodeStarted("a", NodeKind.TOOL, 1, 1, Optional.empty()));
            log.append(
                    NodeFinished.of("a", "pass", 5), new EdgeTaken("a", "b", Optional.of("pass"), Optional.empty(), 0));
            assertEquals(Folds.fold(RunProjection.INSTANCE, session.reader().read(stream)), log.state());
            assertEquals(Optional.of("b"), log.state().node());
            assertEquals(1, log.state().attempts("a"));

            log.append(new RunFinished(RunFinished.Status.DONE, "ok"));
            RunState folded =
                    Folds.fold(RunProjection.INSTANCE, session.reader().read(stream));
            assertEquals(folded, log.state());
            assertEquals(RunFinished.Status.DONE.wireName(), log.state().status());
        }
    }

    @Test
    void prompts_fill_known_tokens_and_keep_unknown_ones_verbatim() {
        assertEquals(
                "task ABC-1, {plann_path} and {\"json\": 1}; kept",
                Prompt.render(
                        "task {task_id}, {plann_path} and {\"json\": 1}{?diff_path}; diff {diff_path}{/diff_path}"
                                + "{?task_id}; kept{/task_id}",
                        Map.of("task_id", "ABC-1", "diff_path", "")));
    }
}
