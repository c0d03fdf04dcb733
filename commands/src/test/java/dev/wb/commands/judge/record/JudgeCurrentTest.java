package dev.wb.commands.judge.record;

import static dev.wb.commands.judge.snapshot.JudgeFixture.ENV;
import static dev.wb.commands.judge.snapshot.JudgeFixture.TASK;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.wb.commands.judge.snapshot.JudgeFixture;
import dev.wb.commands.judge.snapshot.Snapshot;
import dev.wb.projections.events.judge.BoundaryStatus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wb judge current}: status, reviewBoundary and executionMetadata, on real repositories. */
class JudgeCurrentTest {

    static final String SIDECAR = ".workflow/TASK-1/continuation.json";

    @TempDir
    Path tmp;

    JudgeFixture fx;

    @BeforeEach
    void change() {
        fx = JudgeFixture.create(tmp).capsule(TASK, "true\n");
        fx.repo.write("src/App.java", "class App { int x; }\n");
    }

    JudgeCurrent.Classification classify(Snapshot snapshot) {
        return JudgeCurrent.classify(fx.workspace(), snapshot, ENV);
    }

    /** The three axes as their wire names: status, reviewBoundary, executionMetadata. */
    static List<String> axes(JudgeCurrent.Classification c) {
        return List.of(
                c.status().wireName(),
                c.reviewBoundary().wireName(),
                c.executionMetadata().wireName());
    }

    @Test
    void the_untouched_workspace_is_current() {
        Snapshot snapshot = fx.snapshot("main", false).snapshot();

        assertEquals(List.of("CURRENT", "CURRENT", "ABSENT"), axes(classify(snapshot)));
    }

    @Test
    void committing_exactly_the_reviewed_content_stays_current_and_a_later_edit_is_newer() {
        Snapshot snapshot = fx.snapshot("main", false).snapshot();
        fx.repo.commitAll("the reviewed change");

        assertEquals(BoundaryStatus.CURRENT, classify(snapshot).status());

        fx.repo.write("src/App.java", "class App { int x; int y; }\n");
        fx.repo.commitAll("more");
        assertEquals(List.of("NEWER_CHANGES", "NEWER_CHANGES", "ABSENT"), axes(classify(snapshot)));
    }

    @Test
    void an_unrelated_history_is_diverged() {
        Snapshot snapshot = fx.snapshot("main", false).snapshot();
        fx.repo.git("checkout", "-q", "--orphan", "elsewhere");
        fx.repo.commitAll("unrelated");

        assertEquals(BoundaryStatus.DIVERGED, classify(snapshot).status());
        assertEquals(BoundaryStatus.DIVERGED, classify(snapshot).reviewBoundary());
    }

    @Test
    void a_sidecar_created_after_review_moves_the_status_but_not_the_review_boundary() {
        Snapshot snapshot = fx.snapshot("main", false).snapshot();
        fx.repo.write(SIDECAR, "{\"step\": 2}\n");

        assertEquals(List.of("NEWER_CHANGES", "CURRENT", "CREATED"), axes(classify(snapshot)));
    }

    @Test
    void a_sidecar_advanced_or_removed_is_said_so() throws IOException {
        fx.repo.write(SIDECAR, "{\"step\": 1}\n");
        Snapshot snapshot = fx.snapshot("main", false).snapshot();
        fx.repo.write(SIDECAR, "{\"step\": 2}\n");

        assertEquals(List.of("NEWER_CHANGES", "CURRENT", "ADVANCED"), axes(classify(snapshot)));

        Files.delete(fx.repo.resolve(SIDECAR));
        assertEquals(List.of("NEWER_CHANGES", "CURRENT", "REMOVED"), axes(classify(snapshot)));
    }

    @Test
    void an_invalid_sidecar_is_compared_like_any_file() {
        Snapshot snapshot = fx.snapshot("main", false).snapshot();
        fx.repo.write(SIDECAR, "not json\n");

        assertEquals(List.of("NEWER_CHANGES", "NEWER_CHANGES", "CREATED"), axes(classify(snapshot)));
    }

    @Test
    void a_code_change_moves_both() {
        Snapshot snapshot = fx.snapshot("main", false).snapshot();
        fx.repo.write("src/Util.java", "class Util { changed }\n");

        assertEquals(List.of("NEWER_CHANGES", "NEWER_CHANGES", "ABSENT"), axes(classify(snapshot)));
    }
}
