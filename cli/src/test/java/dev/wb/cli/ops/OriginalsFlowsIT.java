package dev.wb.cli.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.testkit.TempGitRepo;
import dev.wb.testkit.TempGitRepo.ProcessResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wb validate-flow} through bin/wb, a real process, as someone bringing the orchestrator's flows
 * runs it: the reference's three example flows and the audit flow (the fixtures of OriginalsFlowsTest),
 * copied unchanged into {@code .workflow/flows/} with the tool they run delivered to
 * {@code .workflow/tools/}, validate with exit 0; a flow in wb's old invented vocabulary does not.
 */
class OriginalsFlowsIT {

    private static final Path WB =
            Path.of(System.getProperty("user.dir")).getParent().resolve("bin/wb");
    private static final Path FIXTURES = Path.of(System.getProperty("user.dir"))
            .getParent()
            .resolve("commands/src/test/resources/dev/wb/commands/flow/originals");

    @TempDir
    Path tmp;

    @Test
    void the_originals_flows_validate_unchanged_and_an_invented_one_fails() throws IOException {
        TempGitRepo repo = TempGitRepo.create(tmp, "repo");
        repo.write("README.md", "flows\n");
        repo.commitAll("base");
        Files.createDirectories(repo.resolve(".workflow/flows"));
        for (String stem : List.of("custom", "implementation", "content_chapter", "security_audit")) {
            Files.copy(FIXTURES.resolve(stem + ".yaml"), repo.resolve(".workflow/flows/" + stem + ".yaml"));
        }
        Path tool = repo.write(".workflow/tools/check_journey", "#!/bin/sh\nexit 0\n");
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));
        Map<String, String> env = new HashMap<>(TempGitRepo.gitEnvironment());
        env.put("HOME", Files.createDirectories(tmp.resolve("home")).toString());

        ProcessResult all = run(repo.root(), env, "validate-flow", "--all");

        assertEquals(0, all.exitCode(), all.stdout() + all.stderr());
        assertEquals(
                List.of(
                        "flow content_chapter: OK",
                        "flow content_chapter: WARN — node 'constraints': the"
                                + " declared fix budget of 8 holds as written only while the tool emits a top-level 'findings'"
                                + " array; without one it is the number of identical failures that ends the loop, not the fix"
                                + " rounds it plans",
                        "flow custom: OK",
                        "flow implementation: OK",
                        "flow security_audit: OK"),
                all.stdout().lines().toList());

        repo.write(".workflow/flows/invented.yaml", """
                flow:
                  name: x
                  task_type: invented
                  permission_ceiling: workspace-write
                  output_policy: diff
                  publishing: pull-request
                  nodes:
                    - {id: work, kind: agent, role_file: w.md, session_scope: task}
                """);
        ProcessResult invented = run(repo.root(), env, "validate-flow", "invented");

        assertEquals(1, invented.exitCode(), invented.stdout() + invented.stderr());
        assertTrue(
                invented.stdout()
                        .contains("output_policy must be one of code_change, repository_document,"
                                + " private_control_workspace_report, not 'diff'"),
                invented.stdout());
        assertTrue(
                invented.stdout()
                        .contains("session_scope must be one of fresh_disposable, editing_lineage,"
                                + " resume_own_lineage, not 'task'"),
                invented.stdout());
    }

    private static ProcessResult run(Path cwd, Map<String, String> env, String... args) {
        List<String> argv = new ArrayList<>();
        argv.add(WB.toString());
        argv.addAll(List.of(args));
        return TempGitRepo.Processes.run(cwd, argv, env, 60);
    }
}
