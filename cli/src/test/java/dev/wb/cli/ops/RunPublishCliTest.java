package dev.wb.cli.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.testing.CliRun;
import dev.wb.cli.testing.Fixtures;
import dev.wb.cli.testing.RunFixture;
import dev.wb.commands.ContentStore;
import dev.wb.commands.base.Workspace;
import dev.wb.engine.BootId;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.run.NodeFinished;
import dev.wb.projections.events.run.NodeKind;
import dev.wb.projections.events.run.NodeStarted;
import dev.wb.projections.events.run.RunStarted;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wb run}'s publish node with a pull request policy: a real repository on its task branch, a bare
 * repository on disk as its {@code origin}, and a fake {@code gh} on the PATH that records every call and
 * prints a pull request's address. Nothing reaches the network.
 */
class RunPublishCliTest {

    static final String FLOW = Fixtures.SHIPPING_FLOW;

    static final String BRANCH = "task/" + RunFixture.KEY;
    static final String URL = "https://github.com/acme/app/pull/7";

    @TempDir
    Path tmp;

    RunFixture f;
    Path origin;
    Path ghLog;
    String before;

    @BeforeEach
    void setUp() {
        f = new RunFixture(tmp);
        f.flow("shipping", FLOW);
        origin = TempGitRepo.createBare(tmp, "origin.git");
        f.repo.git("remote", "add", "origin", origin.toString());
        f.repo.git("switch", "-q", "-c", BRANCH);
        f.repo.write(".workflow/" + RunFixture.KEY + "/commit.txt", "ABC-1: value 2\n\nThe value the plan asks for.\n");
        ghLog = tmp.resolve("gh.log");
        before = f.repo.git("rev-parse", "HEAD").strip();
    }

    private void config(boolean pullRequests) {
        f.repo.write(
                ".workflow/config.json",
                "{\"git\": {\"create_pull_request\": " + pullRequests + "},"
                        + " \"repo\": {\"url\": \"https://github.com/acme/app\"}}\n");
        f.audited();
    }

    /** A fake gh: records its argv a line; lists the pull request it opened, if it opened one. */
    private void fakeGh() {
        Path state = tmp.resolve("gh.state");
        String script = "#!/bin/sh\n"
                + "echo \"$*\" >> '" + ghLog + "'\n"
                + "case \"$1 $2\" in\n"
                + "  '--version '*) echo 'gh version 2.62.0 (fake)'; exit 0 ;;\n"
                + "  'auth status') echo 'Logged in to github.com account octo'; exit 0 ;;\n"
                + "  'pr list') if [ -f '" + state + "' ]; then read -r u < '" + state + "';"
                + " echo \"[{\\\"url\\\":\\\"$u\\\",\\\"state\\\":\\\"OPEN\\\"}]\"; else echo '[]'; fi; exit 0 ;;\n"
                + "  'pr create') echo '" + URL + "' > '" + state + "'; echo 'Creating pull request' >&2;"
                + " echo '" + URL + "'; exit 0 ;;\n"
                + "esac\n"
                + "echo \"fake gh: unexpected $*\" >&2; exit 2\n";
        try {
            Path gh = f.bin.resolve("gh");
            Files.writeString(gh, script, StandardCharsets.UTF_8);
            Files.setPosixFilePermissions(gh, PosixFilePermissions.fromString("rwxr-xr-x"));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private List<String> ghCalls() throws IOException {
        return Files.exists(ghLog) ? Files.readAllLines(ghLog) : List.of();
    }

    private NodeFinished publish() {
        List<NodeFinished> publishes = f.events().stream()
                .filter(NodeFinished.TYPE::matches)
                .map(NodeFinished.TYPE::read)
                .filter(n -> n.node().equals("publish"))
                .toList();
        return publishes.get(publishes.size() - 1);
    }

    private String remoteBranch() {
        return TempGitRepo.Processes.run(
                        origin,
                        List.of("git", "rev-parse", "--verify", "-q", "refs/heads/" + BRANCH),
                        TempGitRepo.gitEnvironment(),
                        60)
                .stdout()
                .strip();
    }

    private long pushes() {
        return f.events().stream()
                .filter(e -> e.type().equals("git.step.ran"))
                .filter(e -> e.payload().toString().contains("\"push\""))
                .count();
    }

    @Test
    void a_pull_request_flow_commits_pushes_to_the_remote_and_opens_the_pull_request_with_gh() throws IOException {
        config(true);
        fakeGh();

        CliRun.Result run = f.wb("run", RunFixture.KEY, "--flow", "shipping");

        assertEquals(0, run.code(), run.toString());
        String head = f.repo.git("rev-parse", "HEAD").strip();
        assertFalse(head.equals(before), "the task's change was committed");
        assertEquals(before, f.repo.git("rev-parse", "HEAD~1").strip());
        assertEquals("# app\nvalue = 2\n", f.repo.git("show", "HEAD:src/app.py"));
        assertEquals("ABC-1: value 2", f.repo.git("log", "-1", "--format=%s").strip());
        assertEquals(head, remoteBranch(), "the push landed in the bare repository");
        assertEquals(
                "origin/" + BRANCH,
                f.repo.git("rev-parse", "--abbrev-ref", "@{u}").strip());
        List<String> calls = ghCalls();
        assertTrue(
                calls.contains("pr list --repo acme/app --head " + BRANCH + " --state all --json url,state"),
                calls.toString());
        assertTrue(
                calls.contains("pr create --repo acme/app --head " + BRANCH
                        + " --title ABC-1: value 2 --body-file .workflow/ABC-1/commit.txt"),
                calls.toString());
        NodeFinished publish = publish();
        assertEquals("done", publish.outcome());
        assertTrue(publish.reason().orElseThrow().contains("pull request opened: " + URL), publish.toString());
        assertEquals("published", publish.artifacts().get(0).name());
        byte[] record = new ContentStore(new Workspace(f.repo.root()))
                .get("sha256:" + publish.artifacts().get(0).digest())
                .orElseThrow();
        ObjectNode json = CanonicalJson.parseObject(record);
        assertEquals(URL, json.path("pullRequest").asText());
        assertEquals(head, json.path("commit").asText());
        assertEquals("origin", json.path("remote").asText());
        assertEquals(BRANCH, json.path("branch").asText());
        assertTrue(f.types().contains("scope.checked"), f.types().toString());
    }

    @Test
    void with_pull_requests_off_the_branch_is_pushed_and_gh_is_never_called() throws IOException {
        config(false);
        fakeGh();

        CliRun.Result run = f.wb("run", RunFixture.KEY, "--flow", "shipping");

        assertEquals(0, run.code(), run.toString());
        assertEquals(f.repo.git("rev-parse", "HEAD").strip(), remoteBranch());
        assertEquals(List.of(), ghCalls());
        assertTrue(
                publish().reason().orElseThrow().contains("pull requests are off"),
                publish().toString());
    }

    @Test
    void gh_missing_while_pull_requests_are_on_ends_for_a_person_before_anything_is_written() throws IOException {
        config(true);

        CliRun.Result run = f.wb("run", RunFixture.KEY, "--flow", "shipping");

        assertEquals(2, run.code(), run.toString());
        NodeFinished publish = publish();
        assertEquals("manual", publish.outcome());
        assertTrue(publish.reason().orElseThrow().contains("gh executable not found"), publish.toString());
        assertTrue(publish.reason().orElseThrow().contains("nothing was committed or pushed"), publish.toString());
        assertEquals("manual_action_required", f.state().status());
        assertEquals(before, f.repo.git("rev-parse", "HEAD").strip());
        assertEquals("", remoteBranch());
    }

    @Test
    void a_change_outside_the_plan_is_refused_and_nothing_is_staged_committed_or_pushed() throws IOException {
        config(false);
        fakeGh();
        f.agent("implementation", "printf '# app\\nvalue = 2\\n' > src/app.py; echo x > src/extra.py; echo done");

        CliRun.Result run = f.wb("run", RunFixture.KEY, "--flow", "shipping");

        assertEquals(2, run.code(), run.toString());
        NodeFinished publish = publish();
        assertEquals("manual", publish.outcome());
        assertTrue(publish.reason().orElseThrow().contains("src/extra.py (deviation)"), publish.toString());
        assertEquals(before, f.repo.git("rev-parse", "HEAD").strip());
        assertEquals("", f.repo.git("diff", "--cached", "--name-only").strip(), "nothing staged");
        assertEquals("", remoteBranch());
        assertEquals(0, pushes());
    }

    @Test
    void a_publish_run_again_after_a_crash_neither_pushes_twice_nor_opens_a_second_pull_request() throws IOException {
        config(true);
        fakeGh();
        assertEquals(0, f.wb("run", RunFixture.KEY, "--flow", "shipping").code());
        String head = f.repo.git("rev-parse", "HEAD").strip();
        // a run that crashed with its publish in flight after the push and the pull request went out
        f.append(
                new RunStarted("shipping", f.digest("shipping"), "0".repeat(64), "shipping"),
                new NodeStarted("publish", NodeKind.PUBLISH, 1, RunResumeCliTest.DEAD, BootId.current()));

        CliRun.Result resumed = f.wb("run", RunFixture.KEY);

        assertEquals(0, resumed.code(), resumed.toString());
        assertEquals(head, f.repo.git("rev-parse", "HEAD").strip(), "no second commit");
        assertEquals(head, remoteBranch());
        assertEquals(1, pushes(), "one push in the whole log");
        List<String> creates =
                ghCalls().stream().filter(c -> c.startsWith("pr create")).toList();
        assertEquals(1, creates.size(), ghCalls().toString());
        String reason = publish().reason().orElseThrow();
        assertTrue(reason.contains("nothing to commit"), reason);
        assertTrue(reason.contains("already on origin"), reason);
        assertTrue(reason.contains("pull request already open: " + URL), reason);
        List<EventEnvelope> finished =
                f.events().stream().filter(NodeFinished.TYPE::matches).toList();
        assertEquals(
                2,
                finished.stream()
                        .filter(e -> NodeFinished.TYPE.read(e).node().equals("publish"))
                        .count());
    }

    @Test
    void a_private_report_stays_under_workflow_and_nothing_enters_git() throws IOException {
        config(true);
        fakeGh();
        f.flow("audit", """
                flow:
                  name: audit
                  task_type: audit
                  permission_ceiling: read-only
                  output_policy: private_control_workspace_report
                  publishing: private_control_workspace_report
                  nodes:
                    - {id: publish, kind: publish, policy: private_control_workspace_report}
                """);
        f.repo.write(".workflow/" + RunFixture.KEY + "/report.md", "# findings\n");

        CliRun.Result run = f.wb("run", RunFixture.KEY, "--flow", "audit");

        assertEquals(0, run.code(), run.toString());
        NodeFinished publish = publish();
        assertEquals("report", publish.artifacts().get(0).name());
        assertEquals(
                "# findings\n",
                new String(
                        new ContentStore(new Workspace(f.repo.root()))
                                .get("sha256:" + publish.artifacts().get(0).digest())
                                .orElseThrow(),
                        StandardCharsets.UTF_8));
        assertEquals(before, f.repo.git("rev-parse", "HEAD").strip());
        assertEquals("", remoteBranch());
        assertEquals(List.of(), ghCalls());
    }
}
