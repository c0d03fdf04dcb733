package dev.wb.commands.ci;

import static dev.wb.commands.ci.WorkflowYaml.at;
import static dev.wb.commands.ci.WorkflowYaml.list;
import static dev.wb.commands.ci.WorkflowYaml.map;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.base.Failure;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The GitLab CI job {@code wb ci init --provider gitlab} writes, read back as GitLab reads it. */
class GitlabPipelineTest {

    static final String URL = GithubWorkflowAuditsTest.URL;
    static final String SHA = GithubWorkflowAuditsTest.SHA;
    static final String DIGEST = "sha256:" + "ab".repeat(32);

    static String script(Map<Object, Object> doc) {
        List<Object> lines = list(at(doc, "wb-task-gate", "script"));
        assertEquals(1, lines.size(), "one script: its shell variables last to the end");
        return (String) lines.get(0);
    }

    @Test
    void the_job_parses_and_runs_on_merge_requests_from_task_branches_only() {
        Map<Object, Object> doc = WorkflowYaml.load(GitlabPipeline.text(WbDist.archive(URL, SHA), "x:1"));

        assertEquals(List.of("wb-task-gate"), List.copyOf(doc.keySet()));
        Map<Object, Object> job = map(doc.get("wb-task-gate"));
        List<Object> rules = list(job.get("rules"));
        assertEquals(1, rules.size());
        assertEquals(
                "$CI_PIPELINE_SOURCE == \"merge_request_event\" && $CI_MERGE_REQUEST_SOURCE_BRANCH_NAME =~ /^task\\//",
                map(rules.get(0)).get("if"));
        assertEquals("0", at(job, "variables", "GIT_DEPTH"), "the whole history, a string as GitLab wants");
        assertEquals("15 minutes", job.get("timeout"));
        assertEquals(true, job.get("interruptible"));
        assertEquals(URL, at(job, "variables", "WB_DIST_URL"));
        assertEquals(SHA, at(job, "variables", "WB_DIST_SHA256"));
    }

    @Test
    void the_script_checks_the_digest_before_unpacking_then_fetches_then_gates_against_the_diff_base() {
        String script = script(WorkflowYaml.load(GitlabPipeline.text(WbDist.archive(URL, SHA), "x:1")));

        assertTrue(script.startsWith("set -eu\n"), script);
        assertTrue(script.contains("--proto '=https' --proto-redir '=https'"), script);
        int check = script.indexOf("| sha256sum -c -");
        int unpack = script.indexOf("tar xzf");
        int fetch = script.indexOf("\"$wb\" sync fetch origin");
        int gate = script.indexOf("\"$wb\" ci check \"${CI_MERGE_REQUEST_SOURCE_BRANCH_NAME#task/}\" --base"
                + " \"$CI_MERGE_REQUEST_DIFF_BASE_SHA\"");
        assertTrue(check > 0 && check < unpack && unpack < fetch && fetch < gate, script);
    }

    @Test
    void values_from_the_merge_request_reach_the_script_only_as_quoted_variables() {
        String script = script(WorkflowYaml.load(GitlabPipeline.text(WbDist.variables(), "x:1")));

        Matcher m = Pattern.compile("\\$\\{?CI_MERGE_REQUEST_[A-Z_]+").matcher(script);
        int seen = 0;
        while (m.find()) {
            seen++;
            int lineStart = script.lastIndexOf('\n', m.start()) + 1;
            String before = script.substring(lineStart, m.start());
            assertEquals(1, before.chars().filter(c -> c == '"').count() % 2, "inside double quotes: " + before);
        }
        assertTrue(seen >= 3, script);
        assertFalse(script.contains("$[["), "no GitLab input spliced into the script");
    }

    @Test
    void without_an_archive_the_job_reads_the_projects_variables_and_fails_when_they_are_unset() {
        String text = GitlabPipeline.text(WbDist.variables(), "x:1");
        Map<Object, Object> job = map(WorkflowYaml.load(text).get("wb-task-gate"));

        assertFalse(map(job.get("variables")).containsKey("WB_DIST_URL"), "set in the project, not here");
        String script = script(WorkflowYaml.load(text));
        assertTrue(script.contains("if [ -z \"${WB_DIST_URL:-}\" ] || [ -z \"${WB_DIST_SHA256:-}\" ]; then"), script);
    }

    @Test
    void unpinned_images_a_digest_is_written_as_given_and_a_tag_says_how_to_pin_it() {
        String pinned = GitlabPipeline.text(WbDist.variables(), "eclipse-temurin@" + DIGEST);
        assertEquals("eclipse-temurin@" + DIGEST, at(WorkflowYaml.load(pinned), "wb-task-gate", "image"));
        assertFalse(pinned.contains("# By tag"), pinned);

        String tagged = GitlabPipeline.text(WbDist.variables(), GitlabPipeline.DEFAULT_IMAGE);
        assertEquals(GitlabPipeline.DEFAULT_IMAGE, at(WorkflowYaml.load(tagged), "wb-task-gate", "image"));
        assertTrue(tagged.contains("# By tag: pin it with wb ci init --provider gitlab --image"), tagged);
    }

    @Test
    void a_malformed_image_is_a_usage_error_naming_a_working_one() {
        for (String image : List.of("Bad Image", "x'y", "eclipse-temurin@sha256:abc", "")) {
            Failure f = assertThrows(Failure.class, () -> GitlabPipeline.text(WbDist.variables(), image));
            assertEquals(Failure.Kind.USAGE, f.kind(), image);
            assertTrue(
                    f.fixes().get(0).contains("--image " + GitlabPipeline.DEFAULT_IMAGE),
                    f.fixes().toString());
        }
    }
}
