package dev.wb.commands.preflight;

import dev.wb.commands.config.ConfigView;
import dev.wb.commands.process.Redactor;
import dev.wb.git.Backend;
import dev.wb.git.GitException;
import dev.wb.git.GitRepository;
import dev.wb.git.Remote;
import dev.wb.projections.events.PreflightCompleted.LineVerdict;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code gh-repo-pin} line: the {@code owner/name} every {@code gh} call is pinned to with
 * {@code --repo}, from {@code repo.url} or, when that names no hosted repository, from the clone's
 * {@code origin}, read once through the read-only git module. A URL parses when it is
 * {@code https://host/owner/name}, {@code ssh://[user@]host[:port]/owner/name} or scp-like
 * {@code user@host:owner/name}, the host holding a dot ({@code .git} dropped); an ssh alias without a
 * user, a {@code file://} URL or a local path does not. No pin is a FAIL when
 * {@code git.create_pull_request} is on and a WARN otherwise. An origin URL shown in the line has any
 * user information masked (a token is often the user name) and then passes through the redactor.
 */
public final class RepoPin {

    private static final Pattern URL = Pattern.compile(
            "^(?:https?|ssh|git)://(?:[^@/]+@)?[^/:]*\\.[^/:]*(?::\\d+)?/([A-Za-z0-9_.-]+)/([A-Za-z0-9_.-]+?)(?:\\.git)?/?$");
    private static final Pattern SCP =
            Pattern.compile("^[^@/]+@[^/:]*\\.[^/:]*:/?([A-Za-z0-9_.-]+)/([A-Za-z0-9_.-]+?)(?:\\.git)?/?$");

    private RepoPin() {}

    /** {@code owner/name} when the URL names a hosted repository. */
    static Optional<String> parse(String url) {
        for (Pattern p : new Pattern[] {URL, SCP}) {
            Matcher m = p.matcher(url.strip());
            if (m.matches()) {
                return Optional.of(m.group(1) + "/" + m.group(2));
            }
        }
        return Optional.empty();
    }

    /**
     * The {@code owner/name} every {@code gh} call names with {@code --repo}: from {@code repo.url}, else from
     * the clone's {@code origin}; empty when neither names a hosted repository (wb run's publish reads it too).
     */
    public static Optional<String> pin(String repoUrl, Path root, Map<String, String> env) {
        Optional<String> pinned = parse(repoUrl);
        return pinned.isPresent() ? pinned : origin(root, env).flatMap(RepoPin::parse);
    }

    static PreflightLine line(
            String repoUrl, boolean createPullRequest, Path root, Map<String, String> env, Redactor redactor) {
        Optional<String> pinned = parse(repoUrl);
        if (pinned.isPresent()) {
            return PreflightLine.of(
                    "gh-repo-pin", LineVerdict.OK, "every gh call pinned to " + pinned.get() + " (from repo.url)");
        }
        Optional<String> origin = origin(root, env);
        Optional<String> fromOrigin = origin.flatMap(RepoPin::parse);
        if (fromOrigin.isPresent()) {
            return PreflightLine.of(
                    "gh-repo-pin", LineVerdict.OK, "every gh call pinned to " + fromOrigin.get() + " (from origin)");
        }
        String why = (repoUrl.isBlank() ? "repo.url is unset" : "repo.url names no owner/name") + " and "
                + origin.map(u -> "origin (" + redactor.redact(ConfigView.maskUrl(u)) + ") names no owner/name")
                        .orElse("the clone has no origin");
        return PreflightLine.of(
                "gh-repo-pin",
                createPullRequest ? LineVerdict.FAIL : LineVerdict.WARN,
                "no pin: " + why
                        + "; gh calls would run unpinned"
                        + (createPullRequest ? " while git.create_pull_request is on" : "")
                        + "; set repo.url to https://HOST/OWNER/REPO");
    }

    private static Optional<String> origin(Path root, Map<String, String> env) {
        try (GitRepository repo = GitRepository.open(root, env, Backend.AUTO)) {
            return repo.remotes().stream()
                    .filter(r -> r.name().equals("origin"))
                    .map(Remote::fetchUrl)
                    .findFirst();
        } catch (GitException e) {
            return Optional.empty();
        }
    }
}
