package dev.wb.commands.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Which verify commands run test files named after their words, and how a target names its file. */
class TestFileRunnerTest {

    static Optional<TestFileRunner> shape(String command) {
        List<String> argv = CommandWords.split(command);
        return TestFileRunner.of(argv, VerifyPolicy.runnerOf(argv));
    }

    @Test
    void runners_that_take_test_files_are_recognised_by_their_words() {
        assertEquals(Optional.of(TestFileRunner.PYTEST), shape("pytest -q"));
        assertEquals(Optional.of(TestFileRunner.PYTHON_MODULE), shape("python3 -m pytest -x"));
        assertEquals(Optional.of(TestFileRunner.PYTHON_MODULE), shape("python -m unittest -q"));
        assertEquals(Optional.of(TestFileRunner.NODE_TEST), shape("node --test"));
        assertEquals(Optional.of(TestFileRunner.SUBCOMMAND_TEST), shape("deno test -A"));
        assertEquals(Optional.of(TestFileRunner.JEST), shape("./node_modules/.bin/jest --ci"));
    }

    @Test
    void commands_that_name_no_test_file_are_not_used_for_a_target() {
        assertEquals(Optional.empty(), shape("python -m unittest discover -s tests"));
        assertEquals(Optional.empty(), shape("python -m mypy src"));
        assertEquals(Optional.empty(), shape("mvn -q test"));
        assertEquals(Optional.empty(), shape("go test ./..."));
        assertEquals(Optional.empty(), shape("node scripts/build.js"));
        assertEquals(Optional.empty(), shape("bun run build"));
    }

    @Test
    void a_target_names_its_file_without_a_node_id_or_a_leading_dot_slash() {
        assertEquals("tests/test_x.py", BranchChanges.testPath("./tests/test_x.py::TestX::test_y"));
        assertEquals("tests/unit", BranchChanges.testPath("tests\\unit\\"));
        BranchChanges changes = new BranchChanges(
                List.of("src/app.py", "tests/unit/test_a.py"), Optional.empty(), "", java.nio.file.Path.of("/r"));
        assertEquals(true, changes.changed("tests/unit/"));
        assertEquals(true, changes.changed("tests/unit/test_a.py::test_one"));
        assertEquals(false, changes.changed("tests/unit/test_b.py"));
        assertEquals(false, changes.changed("tests/un"));
    }
}
