package dev.wb.house;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * gitrun is the one module that writes to a repository: every other module's main sources are read
 * and held to {@link WriteBoundary}. A new writer anywhere else fails this test with its file and
 * line; the few files that start processes for other reasons are listed in WriteBoundary with why.
 */
class WriteBoundaryTest {

    private static final WriteBoundary BOUNDARY = new WriteBoundary(gitCommands());

    @Test
    void no_module_but_gitrun_can_write_to_a_repository() throws IOException {
        Path root = Tree.projectRoot();
        List<String> offences = new ArrayList<>();
        List<Path> files = Tree.mainSources(root);
        for (Path file : files) {
            String relative = root.relativize(file).toString().replace('\\', '/');
            BOUNDARY.check(relative, Files.readString(file, StandardCharsets.UTF_8))
                    .forEach(offence -> offences.add(offence.toString()));
        }
        assertTrue(files.size() > 50, "the scan found only " + files.size() + " source files under " + root);
        assertTrue(
                files.stream().anyMatch(file -> file.endsWith("dev/wb/git/GitBinary.java")),
                "the git module was scanned");
        assertEquals(
                List.of(),
                offences,
                () -> "only gitrun may write to a repository; found:\n  " + String.join("\n  ", offences) + "\n");
    }

    @Test
    void the_git_modules_own_runner_is_scanned_and_reads_only() throws IOException {
        Path binary = Tree.projectRoot().resolve("git/src/main/java/dev/wb/git/CliGitReads.java");
        String text = Files.readString(binary, StandardCharsets.UTF_8);
        assertTrue(JavaSource.of(text).literals().stream()
                .anyMatch(literal -> literal.value().equals("status")));
        assertEquals(List.of(), BOUNDARY.check("git/src/main/java/dev/wb/git/CliGitReads.java", text));
    }

    // --- the scan itself, on made-up sources -------------------------------------------------------

    @Test
    void a_process_started_outside_the_git_module_is_named_with_its_file_and_line() {
        String source = """
                package x;
                class Writer {
                  void run() throws Exception {
                    new ProcessBuilder("git", "push").start();
                  }
                }
                """;
        List<WriteBoundary.Offence> offences = BOUNDARY.check("cli/src/main/java/x/Writer.java", source);
        assertTrue(
                offences.stream()
                        .anyMatch(o -> o.line() == 4 && o.reason().startsWith("starts a process (ProcessBuilder)")),
                offences::toString);
        assertTrue(offences.stream().anyMatch(o -> o.reason().contains("(\"git\", \"push\")")), offences::toString);
        assertEquals(
                "cli/src/main/java/x/Writer.java:4: ",
                offences.get(0).toString().substring(0, 35));
    }

    @Test
    void runtime_exec_counts_as_starting_a_process() {
        String source = "class R { void r() throws Exception { Runtime.getRuntime().exec(new String[] {\"make\"}); } }";
        assertFalse(BOUNDARY.check("commands/src/main/java/x/R.java", source).isEmpty());
    }

    @Test
    void a_process_or_git_word_in_a_comment_or_a_message_is_not_an_offence() {
        String source = """
                class Doc {
                  // a ProcessBuilder would search wb's PATH; "git", "commit" here is prose
                  /* new ProcessBuilder("git", "push") */
                  String message = "use ProcessBuilder? no: run git commit yourself";
                  String spec = "commit";
                }
                """;
        assertEquals(List.of(), BOUNDARY.check("cli/src/main/java/x/Doc.java", source));
    }

    @Test
    void a_git_command_line_handed_to_another_runner_is_an_offence_but_a_read_is_not() {
        String writes = "class C { List<String> argv = List.of(\"git\", \"-c\", \"user.name=x\", \"commit\"); }";
        String reads =
                "class C { Set<String> runners = Set.of(\"git\", \"curl\", \"sh\"); List<String> r = List.of(\"git\", \"status\"); }";
        assertEquals(
                1, BOUNDARY.check("commands/src/main/java/x/C.java", writes).size());
        assertEquals(List.of(), BOUNDARY.check("commands/src/main/java/x/C.java", reads));
    }

    @Test
    void jgit_porcelain_and_ref_updates_are_offences_in_every_module_but_gitrun() {
        String porcelain =
                "import org.eclipse.jgit.api.Git;\nclass P { void p(Git git) throws Exception { git.commit().call(); } }";
        String refUpdate = "import org.eclipse.jgit.lib.RefUpdate;\nclass U {}";
        String inserter =
                "import org.eclipse.jgit.lib.Repository;\nclass I { void i(Repository r) { r.newObjectInserter(); r.lockDirCache(); } }";
        assertFalse(
                BOUNDARY.check("git/src/main/java/dev/wb/git/P.java", porcelain).isEmpty());
        assertFalse(BOUNDARY.check("engine/src/main/java/x/U.java", refUpdate).isEmpty());
        assertEquals(
                2,
                BOUNDARY.check("git/src/main/java/dev/wb/git/I.java", inserter).size());
        assertEquals(List.of(), BOUNDARY.check("gitrun/src/main/java/dev/wb/gitrun/P.java", porcelain));
    }

    @Test
    void jgit_names_that_are_common_words_count_only_in_files_that_use_jgit() {
        String own = "class Transport { LockFile lock; void commit() { queue.commit(); } }";
        assertEquals(List.of(), BOUNDARY.check("engine/src/main/java/x/Transport.java", own));
    }

    @Test
    void the_git_module_may_name_read_only_subcommands_only() {
        String reads =
                "class R { void r() { git.run(root, \"rev-parse\", \"HEAD\"); git.run(root, \"config\", \"--null\", \"--get\", key);"
                        + " git.run(root, \"remote\", \"-v\"); git.run(root, \"branch\", \"--list\", \"--format=%(refname)\"); } }";
        assertEquals(List.of(), BOUNDARY.check("git/src/main/java/dev/wb/git/R.java", reads));
        for (String writes : List.of(
                "git.run(root, \"commit\", \"-m\", m);",
                "git.run(root, \"update-index\", \"--refresh\");",
                "git.run(root, \"config\", key, value);",
                "git.run(root, \"config\", \"--get\", \"--unset\", key);",
                "git.run(root, \"remote\", \"add\", name, url);",
                "git.run(root, \"branch\", name);",
                "String[] args = {\"gc\", \"--auto\"};")) {
            assertFalse(
                    BOUNDARY.check("git/src/main/java/dev/wb/git/W.java", "class W { void w() { " + writes + " } }")
                            .isEmpty(),
                    writes);
        }
    }

    @Test
    void a_listed_process_user_that_names_git_is_an_offence() {
        String file = WriteBoundary.PROCESS_USERS.keySet().iterator().next();
        String source = "class P { void p() { new ProcessBuilder(List.of(\"git\", \"x\")); } }";
        assertEquals(1, BOUNDARY.check(file, source).size());
        assertEquals(
                List.of(), BOUNDARY.check(file, "class P { void p() { new ProcessBuilder(List.of(\"make\")); } }"));
    }

    /** Every subcommand name this machine's git knows ({@code git --list-cmds}); empty if git cannot say. */
    static Set<String> gitCommands() {
        TempGitRepo.ProcessResult listed = TempGitRepo.Processes.run(
                Path.of("").toAbsolutePath(), List.of("git", "--list-cmds=main,others,nohelpers"), Map.of(), 60);
        Set<String> names = new HashSet<>();
        if (listed.exitCode() == 0) {
            names.addAll(List.of(listed.stdout().split("\\s+")));
        }
        names.remove("");
        return names;
    }
}
