package dev.wb.commands.review;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.Session;
import dev.wb.commands.base.Workspace;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.TestEvents;
import dev.wb.testkit.TempGitRepo;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wb review context}: the computed facts about the branch's diff, a read that records nothing. */
class ReviewContextTest {

    @TempDir
    Path tmp;

    TempGitRepo repo;

    @BeforeEach
    void branch() {
        repo = TempGitRepo.create(tmp, "repo");
        repo.git("checkout", "-q", "-b", "feature");
    }

    ReviewContext context(boolean staged) {
        try (Session session = new Session(Workspace.require(repo.root()), System.getenv(), TestEvents.invocation())) {
            return ReviewContext.read(session, new ReviewDiff.Request(staged, Optional.empty()));
        }
    }

    @Test
    void changed_files_zones_and_untested_sources_by_whole_name_words() {
        repo.write("src/id.py", "x = 1\n");
        repo.write("src/billing/invoice.py", "x = 1\n");
        repo.commitAll("committed on the branch");
        repo.write("tests/test_validator.py", "def test_it(): pass\n");
        repo.write("src/validator.py", "x = 1\n");
        repo.write("node_modules/dep/index.js", "x\n");

        ReviewContext context = context(false);

        assertEquals(
                List.of("src/billing/invoice.py", "src/id.py", "src/validator.py", "tests/test_validator.py"),
                context.diff().changed(),
                "committed and untracked alike; build output left out");
        assertEquals(Map.of("billing", new TreeSet<>(List.of("src/billing/invoice.py"))), context.zones());
        assertEquals(
                List.of("src/billing/invoice.py", "src/id.py"),
                context.untested(),
                "validator.py is covered by test_validator.py; id.py is not, though 'id' is inside 'validator'");
        assertEquals(ReviewContext.FLOOR, context.gates(), "no preset recorded: the floor");
        assertEquals("", context.preset());
    }

    @Test
    void the_strictest_preset_a_changed_path_is_held_to_adds_its_gates() {
        repo.write(
                ".workflow/config.json",
                "{\"preset\": \"prototype\", \"preset_paths\": {\"packages/pay/**\": \"enterprise\"}}\n");
        repo.write("packages/pay/charge.go", "package pay\n");

        ReviewContext context = context(false);

        assertEquals("enterprise", context.preset());
        assertEquals(ReviewContext.FLOOR.size() + 5, context.gates().size());
        assertTrue(context.gates().contains("state the blast radius across services and owning teams"));
    }

    @Test
    void staged_lists_the_index_only_and_a_read_records_nothing() {
        repo.write("src/a.py", "x = 1\n");
        repo.git("add", "src/a.py");
        repo.write("src/b.py", "x = 1\n");

        ReviewContext context = context(true);

        assertEquals(List.of("src/a.py"), context.diff().changed());
        try (Session session = new Session(Workspace.require(repo.root()), System.getenv(), TestEvents.invocation())) {
            SortedSet<String> none = new TreeSet<>();
            session.reader()
                    .read(StreamId.task(TaskKey.parse("ABC-1").orElseThrow()))
                    .forEach(e -> none.add(e.type()));
            assertEquals(new TreeSet<>(), none);
            assertTrue(session.reader().read(StreamId.workspace()).isEmpty(), "nothing recorded in the workspace");
        }
    }
}
