package dev.wb.cli.ci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.cli.testing.CliRun;
import dev.wb.commands.ci.PinnedAction;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/** {@code wb ci init}: the workflow file written, kept, replaced or refused, and what GitHub would read in it. */
class CiInitCliTest {

    private static final Pattern STACK_FRAME = Pattern.compile("(?m)^\\s+at [\\w.$]+\\(");
    private static final String WORKFLOW = ".github/workflows/wb.yml";
    private static final String URL = "https://example.invalid/wb-1.0.0.tar.gz";
    private static final String GITLAB = ".gitlab/wb-ci.yml";
    private static final String SHA = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

    @TempDir
    Path tmp;

    TempGitRepo repo;
    final List<CliRun.Result> seen = new ArrayList<>();

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("src/app.py", "value = 1\n");
        repo.commitAll("app");
    }

    @AfterEach
    void neverAStackTrace() {
        for (CliRun.Result r : seen) {
            assertFalse(STACK_FRAME.matcher(r.err()).find(), r.toString());
        }
    }

    CliRun.Result wb(String... args) {
        CliRun.Result r = CliRun.wb(repo.root(), args);
        seen.add(r);
        return r;
    }

    String workflow() throws IOException {
        return Files.readString(repo.resolve(WORKFLOW), StandardCharsets.UTF_8);
    }

    @SuppressWarnings("unchecked") // snakeyaml's safe loader gives maps, lists and strings
    static Map<String, Object> yaml(String text) {
        Object doc = new Yaml(new SafeConstructor(new LoaderOptions())).load(text);
        return (Map<String, Object>) doc;
    }

    @SuppressWarnings("unchecked") // as above
    static Object at(Object node, Object... path) {
        Object here = node;
        for (Object step : path) {
            here = ((Map<Object, Object>) here).get(step);
        }
        return here;
    }

    @SuppressWarnings("unchecked") // as above
    static Map<String, Object> map(Object node) {
        return (Map<String, Object>) node;
    }

    @SuppressWarnings("unchecked") // as above
    static List<Map<String, Object>> steps(Object doc) {
        return (List<Map<String, Object>>) at(doc, "jobs", "task-gate", "steps");
    }

    @Test
    void init_from_variables_writes_a_workflow_github_can_read_with_the_gate_on_task_branches() throws IOException {
        CliRun.Result r = wb("ci", "init", "--from-variables");

        assertEquals(0, r.code(), r.toString());
        assertTrue(r.out().startsWith("wrote " + WORKFLOW + "\n"), r.out());
        assertTrue(r.out().contains("WB_DIST_URL and WB_DIST_SHA256"), r.out());
        String text = workflow();
        Map<String, Object> doc = yaml(text);
        assertEquals("wb", doc.get("name"));
        // YAML 1.1 reads the key on as true; GitHub reads it as the trigger.
        Map<String, Object> on = map(at(doc, doc.containsKey("on") ? "on" : true));
        assertTrue(on.containsKey("pull_request"), doc.toString());
        assertEquals("read", at(doc, "permissions", "contents"));
        Map<String, Object> job = map(at(doc, "jobs", "task-gate"));
        assertEquals("startsWith(github.head_ref, 'task/')", job.get("if"));
        List<Map<String, Object>> steps = steps(doc);
        assertEquals(
                PinnedAction.CHECKOUT.action() + "@" + PinnedAction.CHECKOUT.commit(),
                steps.get(0).get("uses"));
        assertTrue(text.contains("uses: " + PinnedAction.CHECKOUT.uses() + "\n"), "the tag as a comment");
        assertEquals(false, at(steps.get(0), "with", "persist-credentials"));
        assertEquals("0", String.valueOf(at(steps.get(0), "with", "fetch-depth")));
        assertEquals(
                PinnedAction.SETUP_JAVA.action() + "@" + PinnedAction.SETUP_JAVA.commit(),
                steps.get(1).get("uses"));
        assertEquals("17", at(steps.get(1), "with", "java-version"));
        Map<String, Object> install = steps.get(2);
        assertEquals("${{ vars.WB_DIST_URL }}", at(install, "env", "WB_DIST_URL"));
        assertEquals("${{ vars.WB_DIST_SHA256 }}", at(install, "env", "WB_DIST_SHA256"));
        String script = (String) install.get("run");
        assertTrue(script.contains("| sha256sum -c -"), script);
        assertTrue(
                script.indexOf("sha256sum -c") < script.indexOf("tar xzf"), "the digest is checked before unpacking");
        List<String> runs = steps.stream()
                .map(step -> (String) step.get("run"))
                .filter(run -> run != null)
                .map(String::strip)
                .toList();
        assertTrue(runs.get(1).endsWith("\"$RUNNER_TEMP/wb/bin/wb\" sync fetch origin"), runs.toString());
        assertEquals("\"$RUNNER_TEMP/wb/bin/wb\" ci check --base \"origin/$GITHUB_BASE_REF\"", runs.get(2));
        assertFalse(text.contains("${{ github.head_ref }}"), "no pull request value is spliced into a script");
    }

    @Test
    void init_in_a_development_build_without_an_archive_is_refused_and_says_what_to_give() {
        CliRun.Result r = wb("ci", "init");

        assertEquals(2, r.code(), r.toString());
        assertTrue(r.err().startsWith("error: this wb (0.1.0-SNAPSHOT) is a development build"), r.err());
        assertTrue(r.err().contains("fix: wb ci init --from-variables"), r.err());
        assertFalse(r.err().contains("<"), "no placeholder: " + r.err());
        assertFalse(Files.exists(repo.resolve(".github")), "nothing written");
    }

    @Test
    void dist_url_and_sha256_are_written_into_the_install_step() throws IOException {
        CliRun.Result r = wb("ci", "init", "--dist-url", URL, "--sha256", SHA, "--json");

        assertEquals(0, r.code(), r.toString());
        assertEquals("written", r.json().get("action").asText());
        assertEquals(WORKFLOW, r.json().get("path").asText());
        assertEquals("github", r.json().get("provider").asText());
        assertEquals(URL, r.json().get("distUrl").asText());
        assertEquals(SHA, r.json().get("sha256").asText());
        assertFalse(r.json().get("dryRun").asBoolean());
        List<Map<String, Object>> steps = steps(yaml(workflow()));
        assertEquals(URL, at(steps.get(2), "env", "WB_DIST_URL"));
        assertEquals(SHA, at(steps.get(2), "env", "WB_DIST_SHA256"));
    }

    @Test
    void the_digest_is_read_from_a_sums_file_given_relative_to_the_current_folder() throws IOException {
        String other = "f".repeat(64);
        repo.write("dl/SHA256SUMS", other + "  wb-1.0.0.zip\n" + SHA + "  wb-1.0.0.tar.gz\n");

        CliRun.Result r = wb("ci", "init", "--dist-url", URL, "--sums", "dl/SHA256SUMS");

        assertEquals(0, r.code(), r.toString());
        assertTrue(r.out().contains("installs " + URL + " (sha256 " + SHA + ")"), r.out());
        assertEquals(SHA, at(steps(yaml(workflow())).get(2), "env", "WB_DIST_SHA256"));
    }

    @Test
    void gitlab_writes_a_job_to_include_that_gitlab_can_read() throws IOException {
        CliRun.Result r = wb("ci", "init", "--provider", "gitlab", "--dist-url", URL, "--sha256", SHA);

        assertEquals(0, r.code(), r.toString());
        assertTrue(r.out().startsWith("wrote " + GITLAB + "\n"), r.out());
        assertTrue(r.out().contains("include it from .gitlab-ci.yml:  include: [{local: " + GITLAB + "}]"), r.out());
        String text = Files.readString(repo.resolve(GITLAB), StandardCharsets.UTF_8);
        Map<String, Object> job = map(yaml(text).get("wb-task-gate"));
        assertEquals(URL, at(job, "variables", "WB_DIST_URL"));
        assertEquals(SHA, at(job, "variables", "WB_DIST_SHA256"));
        assertTrue(String.valueOf(job.get("script")).contains("--base \"$CI_MERGE_REQUEST_DIFF_BASE_SHA\""), text);
        assertFalse(Files.exists(repo.resolve(".github")), "no GitHub workflow");

        CliRun.Result again = wb("ci", "init", "--provider", "gitlab", "--dist-url", URL, "--sha256", SHA, "--json");
        assertEquals("unchanged", again.json().get("action").asText(), again.toString());

        CliRun.Result other = wb("ci", "init", "--provider", "gitlab", "--from-variables");
        assertEquals(2, other.code(), other.toString());
        assertTrue(other.err().contains("fix: the same wb ci init with --force replaces it"), other.err());
    }

    @Test
    void an_unknown_provider_or_an_image_for_github_is_a_usage_error() {
        CliRun.Result provider = wb("ci", "init", "--provider", "jenkins", "--from-variables");
        assertEquals(2, provider.code(), provider.toString());
        assertTrue(
                provider.err().startsWith("error: --provider jenkins is not one wb writes a gate for: github, gitlab"),
                provider.err());
        assertTrue(provider.err().contains("fix: wb ci init --provider gitlab"), provider.err());

        CliRun.Result image = wb("ci", "init", "--from-variables", "--image", "eclipse-temurin:17-jdk");
        assertEquals(2, image.code(), image.toString());
        assertTrue(
                image.err().contains("fix: wb ci init --provider gitlab --image eclipse-temurin:17-jdk"), image.err());
        assertFalse(Files.exists(repo.resolve(".github")), "nothing written");
    }

    @Test
    void a_second_run_leaves_an_equal_file_alone_and_says_unchanged() throws IOException {
        assertEquals(0, wb("ci", "init", "--from-variables").code());
        String first = workflow();

        CliRun.Result again = wb("ci", "init", "--from-variables");

        assertEquals(0, again.code(), again.toString());
        assertTrue(again.out().startsWith("unchanged: " + WORKFLOW), again.out());
        assertEquals(first, workflow());
        assertEquals(
                "unchanged",
                wb("ci", "init", "--from-variables", "--json")
                        .json()
                        .get("action")
                        .asText());
    }

    @Test
    void a_different_file_is_kept_with_exit_2_unless_force_replaces_it() throws IOException {
        repo.write(WORKFLOW, "name: mine\n");

        CliRun.Result refused = wb("ci", "init", "--from-variables");

        assertEquals(2, refused.code(), refused.toString());
        assertTrue(refused.err().startsWith("error: " + WORKFLOW + " is already there and differs"), refused.err());
        assertTrue(refused.err().contains("fix: the same wb ci init with --force replaces it"), refused.err());
        assertEquals("name: mine\n", workflow());

        CliRun.Result forced = wb("ci", "init", "--from-variables", "--force", "--json");

        assertEquals(0, forced.code(), forced.toString());
        assertEquals("updated", forced.json().get("action").asText());
        assertTrue(workflow().startsWith("# wb-generated: wb ci init"), workflow());
    }

    @Test
    void dry_run_and_stdout_write_nothing() throws IOException {
        CliRun.Result dry = wb("ci", "init", "--from-variables", "--dry-run");
        assertEquals(0, dry.code(), dry.toString());
        assertTrue(dry.out().startsWith("would write " + WORKFLOW), dry.out());
        assertFalse(Files.exists(repo.resolve(".github")), "nothing written");

        CliRun.Result stdout = wb("ci", "init", "--stdout", "--dist-url", URL, "--sha256", SHA);
        assertEquals(0, stdout.code(), stdout.toString());
        assertTrue(stdout.out().startsWith("# wb-generated: wb ci init"), stdout.out());
        assertTrue(stdout.out().contains("WB_DIST_URL: '" + URL + "'"), stdout.out());
        assertFalse(Files.exists(repo.resolve(".github")), "nothing written");

        repo.write(WORKFLOW, "name: mine\n");
        CliRun.Result dryForce = wb("ci", "init", "--from-variables", "--dry-run", "--force", "--json");
        assertEquals(0, dryForce.code(), dryForce.toString());
        assertEquals("updated", dryForce.json().get("action").asText());
        assertTrue(dryForce.json().get("dryRun").asBoolean());
        assertEquals("name: mine\n", workflow());
    }

    @Test
    void a_link_at_the_path_is_refused_and_its_target_untouched() throws IOException {
        Path outside = Files.writeString(tmp.resolve("elsewhere.yml"), "name: elsewhere\n");
        Files.createDirectories(repo.resolve(".github/workflows"));
        Files.createSymbolicLink(repo.resolve(WORKFLOW), outside);

        for (String[] args : List.of(
                new String[] {"ci", "init", "--from-variables"},
                new String[] {"ci", "init", "--from-variables", "--force"})) {
            CliRun.Result r = wb(args);
            assertEquals(2, r.code(), r.toString());
            assertTrue(r.err().startsWith("error: " + WORKFLOW + " is not a regular file"), r.err());
            assertTrue(r.err().contains("fix: "), r.err());
        }
        assertEquals("name: elsewhere\n", Files.readString(outside));
        assertTrue(Files.isSymbolicLink(repo.resolve(WORKFLOW)));
    }

    @Test
    void a_github_folder_linking_out_of_the_repository_is_refused() throws IOException {
        Path outside = Files.createDirectories(tmp.resolve("outside/workflows"));
        Files.createSymbolicLink(repo.resolve(".github"), outside.getParent());

        CliRun.Result r = wb("ci", "init", "--from-variables", "--force");

        assertEquals(2, r.code(), r.toString());
        assertTrue(r.err().contains("resolves outside the repository"), r.err());
        try (var files = Files.list(outside)) {
            assertEquals(0, files.count(), "nothing written outside");
        }
    }

    @Test
    void a_fifo_at_the_path_is_refused_without_blocking() throws IOException, InterruptedException {
        Path fifo = repo.resolve(WORKFLOW);
        Files.createDirectories(fifo.getParent());
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());

        CliRun.Result r = wb("ci", "init", "--from-variables", "--force");

        assertEquals(2, r.code(), r.toString());
        assertTrue(r.err().startsWith("error: " + WORKFLOW + " is not a regular file"), r.err());
        assertFalse(Files.isRegularFile(fifo, LinkOption.NOFOLLOW_LINKS), "the FIFO is still there");
        assertTrue(Files.exists(fifo, LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void a_malformed_or_lone_dist_option_is_a_usage_error_and_writes_nothing() {
        for (String[] args : List.of(
                new String[] {"ci", "init", "--dist-url", URL},
                new String[] {"ci", "init", "--dist-url", "http://plain.invalid/wb.tar.gz", "--sha256", SHA},
                new String[] {"ci", "init", "--dist-url", "https://x.invalid/a b", "--sha256", SHA},
                new String[] {"ci", "init", "--dist-url", URL, "--sha256", "ABC"},
                new String[] {"ci", "init", "--dist-url", URL, "--sha256", SHA, "--sums", "SHA256SUMS"},
                new String[] {"ci", "init", "--dist-url", URL, "--sums", "no-such-SHA256SUMS"},
                new String[] {"ci", "init", "--from-variables", "--sha256", SHA},
                new String[] {"ci", "init", "--provider", "gitlab", "--from-variables", "--image", "Not An Image"})) {
            CliRun.Result r = wb(args);
            assertEquals(2, r.code(), r.toString());
            assertTrue(r.err().startsWith("error: "), r.err());
            assertTrue(r.err().contains("fix: "), r.err());
        }
        assertFalse(Files.exists(repo.resolve(".github")), "nothing written");
        assertFalse(Files.exists(repo.resolve(".gitlab")), "nothing written");
    }
}
