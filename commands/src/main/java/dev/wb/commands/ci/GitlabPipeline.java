package dev.wb.commands.ci;

import dev.wb.commands.base.Failure;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * {@code wb ci init --provider gitlab}: the GitLab CI job of docs/CI.md, in a file of its own
 * ({@code .gitlab/wb-ci.yml}) that the project's {@code .gitlab-ci.yml} includes, so wb never rewrites
 * the project's own pipeline. On a merge request from a {@code task/KEY} branch it installs wb from its
 * archive (address and SHA-256 in the file, or the project's CI/CD variables {@code WB_DIST_URL} and
 * {@code WB_DIST_SHA256}), fetches the team's task histories and runs {@code wb ci check KEY} against the
 * merge request's diff base ({@code CI_MERGE_REQUEST_DIFF_BASE_SHA}). Values from the merge request reach
 * the script as environment variables, always quoted, never spliced into its text.
 */
public final class GitlabPipeline {

    /** The image by default: a tag, since wb reaches no registry to read (and vouch for) its digest. */
    public static final String DEFAULT_IMAGE = "eclipse-temurin:17-jdk";

    static final String MARK = "# wb-generated: wb ci init --provider gitlab (docs/CI.md); edit freely,"
            + " wb ci init --provider gitlab --force rewrites it";

    private static final Pattern IMAGE = Pattern.compile("[a-z0-9][a-z0-9._/:-]{0,200}(@sha256:[0-9a-f]{64})?");

    private GitlabPipeline() {}

    /** The job's text, installing wb from {@code dist} in {@code image}. */
    public static String text(WbDist dist, String image) {
        if (!IMAGE.matcher(image).matches()) {
            throw Failure.usage(
                    "--image must be an image reference (NAME:TAG or NAME@sha256:<64 hex>), lowercase, without"
                            + " spaces or quotes",
                    "wb ci init --provider gitlab --image " + DEFAULT_IMAGE);
        }
        boolean pinned = image.contains("@sha256:");
        List<String> lines = new ArrayList<>(List.of(
                MARK,
                "# Include it from the project's .gitlab-ci.yml:",
                "#   include:",
                "#     - local: " + CiProvider.GITLAB.path(),
                "# On a merge request from a task/KEY branch: install wb, fetch the team's task histories, and fail",
                "# when the task's plan has no passing audit, the change deviates from it, or the head commit has",
                "# no passing verify run.",
                "wb-task-gate:"));
        if (!pinned) {
            lines.add("  # By tag: pin it with wb ci init --provider gitlab --image NAME@sha256:DIGEST (docs/CI.md)");
        }
        lines.add("  image: " + CiWorkflow.quoted(image));
        lines.addAll(List.of(
                "  rules:",
                "    - if: $CI_PIPELINE_SOURCE == \"merge_request_event\" && $CI_MERGE_REQUEST_SOURCE_BRANCH_NAME =~"
                        + " /^task\\//",
                "  interruptible: true",
                "  timeout: 15 minutes",
                "  variables:",
                "    GIT_STRATEGY: clone",
                "    GIT_DEPTH: \"0\""));
        dist.url().ifPresent(url -> lines.add("    WB_DIST_URL: " + CiWorkflow.quoted(url)));
        dist.sha256().ifPresent(digest -> lines.add("    WB_DIST_SHA256: " + CiWorkflow.quoted(digest)));
        lines.addAll(List.of("  script:", "    - |", "      set -eu"));
        if (dist.fromVariables()) {
            lines.add("      if [ -z \"${WB_DIST_URL:-}\" ] || [ -z \"${WB_DIST_SHA256:-}\" ]; then");
            lines.add("        echo 'error: set the CI/CD variables WB_DIST_URL and WB_DIST_SHA256 (docs/CI.md)'");
            lines.add("        exit 1");
            lines.add("      fi");
        }
        lines.addAll(List.of(
                "      if ! command -v git >/dev/null; then",
                "        apt-get update -qq && apt-get install -y -qq --no-install-recommends git",
                "      fi",
                "      wb_home=$(mktemp -d)",
                "      curl -fsSL --proto '=https' --proto-redir '=https' --retry 3 --max-time 300 \\",
                "        -o \"$wb_home/wb.tar.gz\" \"$WB_DIST_URL\"",
                "      echo \"$WB_DIST_SHA256  $wb_home/wb.tar.gz\" | sha256sum -c -",
                "      tar xzf \"$wb_home/wb.tar.gz\" -C \"$wb_home\" --strip-components=1 --no-same-owner",
                "      wb=\"$wb_home/bin/wb\"",
                "      \"$wb\" --version",
                "      # A merged results pipeline checks out a merge commit: the gate judges the branch's own head.",
                "      if [ -n \"${CI_MERGE_REQUEST_SOURCE_BRANCH_SHA:-}\" ]; then",
                "        git checkout -q --detach \"$CI_MERGE_REQUEST_SOURCE_BRANCH_SHA\"",
                "      fi",
                "      \"$wb\" sync fetch origin",
                "      \"$wb\" ci check \"${CI_MERGE_REQUEST_SOURCE_BRANCH_NAME#task/}\" --base"
                        + " \"$CI_MERGE_REQUEST_DIFF_BASE_SHA\"",
                ""));
        return String.join("\n", lines);
    }
}
