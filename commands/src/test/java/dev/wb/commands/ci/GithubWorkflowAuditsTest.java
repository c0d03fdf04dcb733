package dev.wb.commands.ci;

import static dev.wb.commands.ci.WorkflowYaml.at;
import static dev.wb.commands.ci.WorkflowYaml.map;
import static dev.wb.commands.ci.WorkflowYaml.steps;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The GitHub workflow {@code wb ci init} writes, read as YAML and held to zizmor's audits (its docs'
 * names), with either source of the archive: written in, or the repository's variables.
 */
class GithubWorkflowAuditsTest {

    static final String URL = "https://example.org/releases/v1.2.0/wb-1.2.0.tar.gz";
    static final String SHA = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
    static final Pattern USES = Pattern.compile("(?m)^\\s*(?:- )?uses: (\\S+)(.*)$");
    static final Pattern EXPRESSION = Pattern.compile("\\$\\{\\{(.*?)}}");

    static Stream<String> workflows() {
        return Stream.of(CiWorkflow.text(WbDist.archive(URL, SHA)), CiWorkflow.text(WbDist.variables()));
    }

    static Map<Object, Object> on(Map<Object, Object> doc) {
        // YAML 1.1 reads the key on as true; GitHub reads it as the trigger.
        return map(doc.containsKey("on") ? doc.get("on") : doc.get(true));
    }

    static List<String> runs(Map<Object, Object> doc) {
        return steps(doc).stream()
                .map(step -> (String) step.get("run"))
                .filter(run -> run != null)
                .toList();
    }

    @ParameterizedTest
    @MethodSource("workflows")
    void unpinned_uses_every_action_is_pinned_by_a_full_commit(String text) {
        List<String> refs = new ArrayList<>();
        for (Map<Object, Object> step : steps(WorkflowYaml.load(text))) {
            if (step.containsKey("uses")) {
                refs.add((String) step.get("uses"));
            }
        }
        assertEquals(PinnedAction.values().length, refs.size(), refs.toString());
        for (String ref : refs) {
            assertTrue(ref.matches("[a-z0-9-]+/[a-z0-9-]+@[0-9a-f]{40}"), ref);
        }
    }

    @ParameterizedTest
    @MethodSource("workflows")
    void ref_version_mismatch_each_pin_carries_its_own_tag_as_a_comment(String text) {
        Matcher m = USES.matcher(text);
        int seen = 0;
        while (m.find()) {
            seen++;
            String ref = m.group(1);
            PinnedAction pin = Arrays.stream(PinnedAction.values())
                    .filter(p -> ref.equals(p.action() + "@" + p.commit()))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("not a pinned action: " + ref));
            assertEquals(" # " + pin.tag(), m.group(2), "the tag comment of " + ref);
        }
        assertEquals(PinnedAction.values().length, seen);
    }

    @ParameterizedTest
    @MethodSource("workflows")
    void artipacked_the_checkout_keeps_no_credentials(String text) {
        Map<Object, Object> checkout = steps(WorkflowYaml.load(text)).stream()
                .filter(step -> String.valueOf(step.get("uses")).startsWith("actions/checkout@"))
                .findFirst()
                .orElseThrow();
        assertEquals(false, at(checkout, "with", "persist-credentials"));
        assertEquals(0, at(checkout, "with", "fetch-depth"), "the whole history: verify runs name old commits");
    }

    @ParameterizedTest
    @MethodSource("workflows")
    void excessive_permissions_the_token_may_only_read_the_repository(String text) {
        Map<Object, Object> doc = WorkflowYaml.load(text);
        assertEquals(Map.of("contents", "read"), doc.get("permissions"));
        for (Object job : map(doc.get("jobs")).values()) {
            assertFalse(map(job).containsKey("permissions"), "no job widens them: " + job);
        }
        assertFalse(Pattern.compile(":\\s*write").matcher(text).find(), "nothing asks to write");
    }

    @ParameterizedTest
    @MethodSource("workflows")
    void template_injection_no_expression_is_spliced_into_a_script(String text) {
        Map<Object, Object> doc = WorkflowYaml.load(text);
        for (String run : runs(doc)) {
            assertFalse(run.contains("${{"), run);
        }
        // Every expression the file holds, and where: none of them a value an author of a pull request sets.
        Set<String> allowed = Set.of(
                "github.event.pull_request.number",
                "github.event.pull_request.head.sha",
                "github.token",
                "vars.WB_DIST_URL",
                "vars.WB_DIST_SHA256");
        Matcher m = EXPRESSION.matcher(text);
        while (m.find()) {
            assertTrue(allowed.contains(m.group(1).strip()), m.group());
        }
        assertEquals("startsWith(github.head_ref, 'task/')", at(doc, "jobs", "task-gate", "if"));
    }

    @ParameterizedTest
    @MethodSource("workflows")
    void dangerous_triggers_it_runs_on_pull_request_only(String text) {
        Map<Object, Object> doc = WorkflowYaml.load(text);
        assertEquals(Set.of("pull_request"), on(doc).keySet());
    }

    @ParameterizedTest
    @MethodSource("workflows")
    void cache_poisoning_nothing_is_restored_from_a_cache(String text) {
        for (Map<Object, Object> step : steps(WorkflowYaml.load(text))) {
            Object with = step.get("with");
            assertFalse(with instanceof Map<?, ?> w && w.containsKey("cache"), step.toString());
            assertFalse(String.valueOf(step.get("uses")).startsWith("actions/cache"), step.toString());
        }
    }

    @ParameterizedTest
    @MethodSource("workflows")
    void concurrency_limits_a_newer_push_cancels_the_older_run(String text) {
        Map<Object, Object> doc = WorkflowYaml.load(text);
        assertEquals(true, at(doc, "concurrency", "cancel-in-progress"));
        assertTrue(String.valueOf(at(doc, "concurrency", "group")).contains("github.event.pull_request.number"));
    }

    @ParameterizedTest
    @MethodSource("workflows")
    void anonymous_definition_the_workflow_and_its_job_are_named(String text) {
        Map<Object, Object> doc = WorkflowYaml.load(text);
        assertEquals("wb", doc.get("name"));
        assertNotNull(at(doc, "jobs", "task-gate", "name"));
    }

    @ParameterizedTest
    @MethodSource("workflows")
    void github_env_no_step_changes_the_environment_or_path_of_later_steps(String text) {
        for (String run : runs(WorkflowYaml.load(text))) {
            assertFalse(run.contains("GITHUB_ENV"), run);
            assertFalse(run.contains("GITHUB_PATH"), run);
        }
        assertFalse(text.contains("ACTIONS_ALLOW_UNSECURE_COMMANDS"), "insecure-commands");
    }

    @ParameterizedTest
    @MethodSource("workflows")
    void self_hosted_runner_and_timeout_a_github_hosted_runner_for_at_most_15_minutes(String text) {
        Map<Object, Object> job = map(at(WorkflowYaml.load(text), "jobs", "task-gate"));
        assertEquals("ubuntu-24.04", job.get("runs-on"));
        assertEquals(15, job.get("timeout-minutes"));
    }

    @ParameterizedTest
    @MethodSource("workflows")
    void secrets_none_is_read_and_the_token_reaches_only_the_fetch_step(String text) {
        assertFalse(text.contains("secrets."), "overprovisioned-secrets, secrets-outside-env, unredacted-secrets");
        List<Map<Object, Object>> holding = steps(WorkflowYaml.load(text)).stream()
                .filter(step -> String.valueOf(step.get("env")).contains("github.token"))
                .toList();
        assertEquals(1, holding.size(), holding.toString());
        String run = (String) holding.get(0).get("run");
        assertTrue(run.contains("trap 'git config --local --unset-all"), "the step removes the header it set");
        assertTrue(run.indexOf("trap ") < run.indexOf("git config --local \"$header\""), run);
        assertTrue(run.contains("::add-mask::"), run);
    }

    @ParameterizedTest
    @MethodSource("workflows")
    void the_archive_is_fetched_over_https_only_and_checked_before_it_is_unpacked(String text) {
        String install = runs(WorkflowYaml.load(text)).get(0);
        assertTrue(install.contains("--proto '=https' --proto-redir '=https'"), install);
        assertTrue(install.indexOf("sha256sum -c -") < install.indexOf("tar xzf"), install);
        List<String> all = runs(WorkflowYaml.load(text));
        assertTrue(all.get(1).strip().endsWith("\"$RUNNER_TEMP/wb/bin/wb\" sync fetch origin"), all.get(1));
        assertEquals(
                "\"$RUNNER_TEMP/wb/bin/wb\" ci check --base \"origin/$GITHUB_BASE_REF\"",
                all.get(2).strip());
    }
}
