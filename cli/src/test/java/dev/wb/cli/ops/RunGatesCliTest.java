package dev.wb.cli.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.cli.testing.CliRun;
import dev.wb.cli.testing.RunFixture;
import dev.wb.projections.events.run.NodeFinished;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wb run}: a non-blocking evaluator's spent budget, {@code when} facts, and the --json document. */
class RunGatesCliTest {

    static final String REVIEWED = """
            flow:
              name: reviewed
              task_type: reviewed
              permission_ceiling: workspace-write
              output_policy: code_change
              publishing: none
              nodes:
                - {id: work, kind: agent, role_file: roles/work.md, when: {fact: config.security.allow_git_evidence, equals: true}}
                - {id: style, kind: evaluator, role: styler, role_file: roles/style.md, blocking: false, max_rework_per_stage: 3}
                - {id: polish, kind: agent, role_file: roles/polish.md}
                - {id: out, kind: publish, policy: none}
              edges:
                - {from: work, to: style}
                - {from: style, to: out, outcome: accept}
                - {from: style, to: polish, outcome: rework, loop: style_fix}
                - {from: polish, to: style}
              budgets: {style_fix: 1}
            """;

    @TempDir
    Path tmp;

    RunFixture f;

    @BeforeEach
    void setUp() {
        f = new RunFixture(tmp);
        f.flow("reviewed", REVIEWED);
        f.agent(
                "style",
                "echo '{\"verdict\": \"rework\", \"severity\": \"high\", \"usage\": {\"tokens\": 120, \"cost\": \"0.01\"}}'");
    }

    private List<String> outcomes() {
        return f.events().stream()
                .filter(NodeFinished.TYPE::matches)
                .map(e -> NodeFinished.TYPE.read(e).node() + ":"
                        + NodeFinished.TYPE.read(e).outcome())
                .toList();
    }

    @Test
    void a_non_blocking_evaluator_accepts_with_a_warning_once_its_budget_is_spent() {
        CliRun.Result run = f.wb("run", RunFixture.KEY, "--flow", "reviewed");

        assertEquals(0, run.code(), run.toString());
        // the fact is not in config.json as written, so false: work is skipped, not run
        assertEquals(List.of("work:done", "style:rework", "polish:done", "style:accept", "out:done"), outcomes());
        NodeFinished accepted = f.events().stream()
                .filter(NodeFinished.TYPE::matches)
                .map(NodeFinished.TYPE::read)
                .filter(n -> n.node().equals("style") && n.outcome().equals("accept"))
                .findFirst()
                .orElseThrow();
        assertEquals("⚠️ accept (rework budget exhausted)", accepted.reason().orElseThrow());
        assertEquals(240, f.state().tokens());
        assertTrue(
                f.events().stream()
                        .filter(NodeFinished.TYPE::matches)
                        .map(NodeFinished.TYPE::read)
                        .anyMatch(n -> n.node().equals("work")
                                && n.reason()
                                        .orElse("")
                                        .startsWith("skipped: when config.security.allow_git_evidence")),
                outcomes().toString());
    }

    @Test
    void a_config_fact_that_holds_runs_the_node_and_json_reports_the_end() {
        f.repo.write(".workflow/config.json", "{\"security\": {\"allow_git_evidence\": true}}\n");
        f.agent("work", "echo working");

        CliRun.Result run = f.wb("run", RunFixture.KEY, "--flow", "reviewed", "--json");

        assertEquals(List.of("work:done", "style:rework", "polish:done", "style:accept", "out:done"), outcomes());
        assertTrue(
                f.events().stream()
                        .filter(NodeFinished.TYPE::matches)
                        .map(NodeFinished.TYPE::read)
                        .anyMatch(n -> n.node().equals("work") && n.reason().isEmpty()),
                "work ran");
        assertEquals(0, run.code(), run.toString());
        JsonNode doc = run.json();
        assertEquals("ABC-1", doc.get("task").asText());
        assertEquals("done", doc.get("status").asText());
        assertEquals(0, doc.get("exitCode").asInt());
    }
}
