package dev.wb.commands.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.common.io.MoreFiles;
import com.google.common.io.RecursiveDeleteOption;
import dev.wb.commands.InputFiles;
import dev.wb.commands.process.ProcessRequest;
import dev.wb.commands.process.ProcessRunner;
import dev.wb.commands.process.RunResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The pull request of a publish node, through the user's {@code gh}, always with {@code --repo OWNER/NAME}
 * (the pin {@code wb preflight} shows): an open or closed one for the branch is looked for first and reused,
 * so a node run again after a crash never opens a second; else {@code gh pr create}, titled by the first line
 * of {@code .workflow/KEY/commit.txt} with the file as its body (the task's key and a line when there is none).
 * gh prints the new pull request's address; wb records it.
 */
final class PullRequest {

    private static final Duration TIMEOUT = Duration.ofMinutes(5);
    private static final ObjectMapper JSON = new ObjectMapper();

    private PullRequest() {}

    /** The pull request's address: the one already there for {@code branch}, or the one gh opens now. */
    static String open(RunContext ctx, String pin, String branch, List<String> done) {
        Path scratch = ctx.scratch().resolve("publish");
        try {
            Files.createDirectories(scratch);
            Gh list = gh(
                    ctx,
                    scratch,
                    List.of("pr", "list", "--repo", pin, "--head", branch, "--state", "all", "--json", "url,state"));
            if (!list.result.passed()) {
                throw stop("gh pr list " + list.why() + ": wb cannot tell whether " + branch
                        + " has a pull request already, so it opens none; open it by hand (gh pr create --repo "
                        + pin + " --head " + branch + ")");
            }
            Optional<JsonNode> existing = existing(list.output);
            if (existing.isPresent()) {
                String url = existing.get().path("url").asText().strip();
                String state = existing.get().path("state").asText("OPEN");
                if (!state.equalsIgnoreCase("OPEN")) {
                    throw stop("the pull request for " + branch + " is " + state.toLowerCase(Locale.ROOT) + " (" + url
                            + "): wb opens no second one; reopen it, or open a new one by hand (gh pr create --repo "
                            + pin + " --head " + branch + ")");
                }
                done.add("pull request already open: " + url);
                return url;
            }
            Gh create = gh(ctx, scratch, create(ctx, pin, branch));
            Optional<String> url = address(create.output);
            if (!create.result.passed() || url.isEmpty()) {
                throw stop("gh pr create " + (create.result.passed() ? "printed no address" : create.why())
                        + ": open the pull request by hand (gh pr create --repo " + pin + " --head " + branch + ")");
            }
            done.add("pull request opened: " + url.get());
            return url.get();
        } catch (IOException e) {
            throw stop("cannot make " + scratch + ": " + e.getMessage());
        } finally {
            clear(scratch);
        }
    }

    private static List<String> create(RunContext ctx, String pin, String branch) {
        List<String> argv = new ArrayList<>(List.of("pr", "create", "--repo", pin, "--head", branch, "--title"));
        String relative = ".workflow/" + ctx.key() + "/commit.txt";
        Optional<InputFiles.Content> message;
        try {
            message = InputFiles.read(ctx.root(), ctx.root().resolve(relative), InputFiles.Kind.COMMIT_MESSAGE);
        } catch (InputFiles.Unusable e) {
            message = Optional.empty();
        }
        Optional<String> title = message.flatMap(m ->
                m.text().lines().map(String::strip).filter(l -> !l.isEmpty()).findFirst());
        if (title.isPresent()) {
            argv.addAll(List.of(title.get(), "--body-file", relative));
        } else {
            argv.addAll(List.of(ctx.key().value(), "--body", ctx.key() + ", published by wb run."));
        }
        return argv;
    }

    /** The first pull request {@code gh pr list --json url,state} names (its url and state), if any. */
    static Optional<JsonNode> existing(String output) {
        int open = output.indexOf('[');
        int close = output.lastIndexOf(']');
        if (open < 0 || close < open) {
            return Optional.empty();
        }
        try {
            JsonNode list = JSON.readTree(output.substring(open, close + 1));
            for (JsonNode pr : list) {
                if (pr.path("url").isTextual() && !pr.path("url").asText().isBlank()) {
                    return Optional.of(pr);
                }
            }
        } catch (IOException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }

    /** The last line of gh's output that is an address: gh prints the new pull request's last. */
    static Optional<String> address(String output) {
        List<String> lines = output.lines()
                .map(String::strip)
                .filter(l -> l.startsWith("https://") || l.startsWith("http://"))
                .toList();
        return lines.isEmpty() ? Optional.empty() : Optional.of(lines.get(lines.size() - 1));
    }

    private record Gh(RunResult result, String output) {
        String why() {
            return switch (result.outcome()) {
                case NOT_STARTED -> "could not start: " + result.startError();
                case TIMED_OUT -> "timed out after " + result.duration().toSeconds() + " s";
                case INTERRUPTED -> "was interrupted";
                case EXITED -> "exited " + result.exitCode() + lastLine(output);
            };
        }
    }

    private static Gh gh(RunContext ctx, Path scratch, List<String> args) throws IOException {
        List<String> argv = new ArrayList<>();
        argv.add("gh");
        argv.addAll(args);
        Path out = scratch.resolve("gh.out");
        RunResult result = ProcessRunner.run(
                ProcessRequest.of(argv, ctx.root(), ctx.env(), TIMEOUT, out).withRedactor(ctx.redactor()));
        String output = Files.exists(out) ? Files.readString(out, StandardCharsets.UTF_8) : "";
        return new Gh(result, ctx.redactor().redact(output));
    }

    private static String lastLine(String output) {
        List<String> lines = output.strip().lines().toList();
        return lines.isEmpty() ? "" : ": " + lines.get(lines.size() - 1);
    }

    private static RuntimeException stop(String why) {
        return new PublishStop(why);
    }

    /** Deletes the probes' and gh's output files. */
    static void clear(Path scratch) {
        try {
            if (Files.exists(scratch)) {
                MoreFiles.deleteRecursively(scratch, RecursiveDeleteOption.ALLOW_INSECURE);
            }
        } catch (IOException e) {
            // best effort: the scratch folder is wb's own, under .workflow/local/tmp
        }
    }
}
