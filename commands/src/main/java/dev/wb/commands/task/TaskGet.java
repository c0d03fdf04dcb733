package dev.wb.commands.task;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.EventService;
import dev.wb.commands.Failure;
import dev.wb.commands.Session;
import dev.wb.commands.process.ProcessRunner;
import dev.wb.commands.process.RunResult;
import dev.wb.engine.Digests;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.fs.AtomicFiles;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.TaskFetched;
import dev.wb.projections.events.TicketProvider;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * {@code wb task get KEY}: a ticket distilled into {@code .workflow/KEY/triage.json} ({@link Triage}),
 * from a GitHub issue through {@code gh issue view} (a child process with a deadline; gh holds the
 * credential, nothing goes on its command line), or from the local backlog's {@code
 * .workflow/tasks/KEY.json}. A GitHub read is cached for 15 minutes in {@code .workflow/KEY/.cache/};
 * every get is recorded as {@code task.fetched}.
 */
public final class TaskGet {

    /** How long a GitHub read is reused. */
    public static final Duration CACHE_FOR = Duration.ofMinutes(15);

    /** How long gh may take. */
    static final Duration GH_DEADLINE = Duration.ofSeconds(30);

    static final String GH_FIELDS = "number,title,body,labels,state,stateReason,assignees,updatedAt,url";

    private static final Pattern REPO = Pattern.compile("[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+");

    /**
     * Where to read the ticket: a GitHub issue (its number, and its repository or empty for the one gh
     * finds from the checkout), or, with no issue, the local backlog.
     */
    public record Source(Optional<Integer> issue, Optional<String> repo) {
        public Source {
            repo.filter(r -> !REPO.matcher(r).matches()).ifPresent(r -> {
                throw Failure.usage("--repo " + r + " is not OWNER/NAME", "wb task get KEY --issue 12 --repo octo/app");
            });
            if (repo.isPresent() && issue.isEmpty()) {
                throw Failure.usage(
                        "--repo names where an issue is, and no --issue was given",
                        "wb task get KEY --issue 12 --repo octo/app");
            }
            issue.filter(n -> n < 1).ifPresent(n -> {
                throw Failure.usage("--issue " + n + " is not an issue number", "wb task get KEY --issue 12");
            });
        }

        String describe() {
            return issue.map(n -> "github:" + repo.orElse("") + "#" + n).orElse("local");
        }
    }

    /** What a get wrote: triage.json's document and path, whether it came from the cache, and the event. */
    public record Result(ObjectNode triage, String file, boolean cached, String source, long version) {}

    private TaskGet() {}

    public static Result run(Session session, TaskKey key, Source source, boolean refresh, Clock clock) {
        Path folder = session.workspace().workflowDir().resolve(key.value());
        ObjectNode triage;
        String described;
        boolean cached = false;
        if (source.issue().isPresent()) {
            described = source.describe();
            Path cache = folder.resolve(".cache").resolve("triage.json");
            Optional<ObjectNode> hit = refresh ? Optional.empty() : cachedFor(cache, described, clock);
            cached = hit.isPresent();
            triage = hit.orElseGet(() -> Triage.fromGithub(key, gh(session, source)));
            if (!cached) {
                writeCache(cache, described, triage, clock);
            }
        } else {
            Path local = session.workspace().workflowDir().resolve("tasks").resolve(key.value() + ".json");
            described = ".workflow/tasks/" + key.value() + ".json";
            triage = Triage.fromLocal(key, readLocal(local, key), local.toUri().toString());
        }
        byte[] bytes = (CanonicalJson.text(triage, true) + "\n").getBytes(StandardCharsets.UTF_8);
        write(folder.resolve("triage.json"), bytes);
        long version = new EventService(session)
                .record(
                        StreamId.task(key),
                        new TaskFetched(
                                source.issue().isPresent() ? TicketProvider.GITHUB : TicketProvider.LOCAL,
                                described,
                                Digests.sha256(bytes),
                                cached))
                .get(0)
                .version();
        return new Result(triage, ".workflow/" + key.value() + "/triage.json", cached, described, version);
    }

    private static JsonNode gh(Session session, Source source) {
        List<String> argv = new ArrayList<>(
                List.of("gh", "issue", "view", String.valueOf(source.issue().orElseThrow())));
        source.repo().ifPresent(r -> argv.addAll(List.of("--repo", r)));
        argv.addAll(List.of("--json", GH_FIELDS));
        Path output;
        try {
            output = Files.createTempFile(session.workspace().ensureLocalDir(), "gh-issue-", ".out");
        } catch (IOException e) {
            throw new Failure(
                    Failure.Kind.CONFIG,
                    "cannot write under .workflow/local/: " + e.getMessage(),
                    List.of("ls -la .workflow"));
        }
        try {
            RunResult result = ProcessRunner.run(
                    argv, session.workspace().root(), session.env(), GH_DEADLINE, output, elapsed -> {});
            return ghOutput(result, output);
        } finally {
            try {
                Files.deleteIfExists(output);
            } catch (IOException e) {
                // a leftover capture under .workflow/local/ is harmless
            }
        }
    }

    private static JsonNode ghOutput(RunResult result, Path output) {
        switch (result.outcome()) {
            case NOT_STARTED ->
                throw new Failure(
                        Failure.Kind.CONFIG,
                        "gh did not start: " + result.startError(),
                        List.of("install the GitHub CLI (cli.github.com), then: gh auth login"));
            case TIMED_OUT ->
                throw new Failure(
                        Failure.Kind.NOT_COMPLETED,
                        "gh issue view did not answer within " + GH_DEADLINE.toSeconds() + " s",
                        List.of("gh auth status", "wb task get KEY --issue N --refresh"));
            case INTERRUPTED ->
                throw new Failure(
                        Failure.Kind.NOT_COMPLETED, "interrupted while gh issue view ran", List.of("run it again"));
            case EXITED -> {}
        }
        String text;
        try {
            text = Files.readString(output, StandardCharsets.UTF_8);
        } catch (IOException e) {
            text = "";
        }
        if (result.exitCode() != 0) {
            throw new Failure(
                    Failure.Kind.NOT_COMPLETED,
                    "gh issue view exited " + result.exitCode() + ": " + firstLine(text),
                    List.of("gh auth status", "gh issue view N --repo OWNER/NAME"));
        }
        try {
            JsonNode issue = CanonicalJson.parse(text.getBytes(StandardCharsets.UTF_8));
            if (!issue.isObject()) {
                throw new IllegalArgumentException("not a JSON object");
            }
            return issue;
        } catch (IllegalArgumentException e) {
            throw new Failure(
                    Failure.Kind.NOT_COMPLETED,
                    "gh issue view printed no issue JSON: " + firstLine(text),
                    List.of("gh issue view N --json " + GH_FIELDS));
        }
    }

    private static JsonNode readLocal(Path file, TaskKey key) {
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            throw Failure.missing(
                    "no ticket for " + key + ": .workflow/tasks/" + key + ".json does not exist",
                    "read it from GitHub: wb task get " + key + " --issue N [--repo OWNER/NAME]",
                    "or write the local ticket: .workflow/tasks/" + key + ".json");
        }
        try {
            JsonNode task = CanonicalJson.parse(Files.readAllBytes(file));
            if (!task.isObject()) {
                throw new IllegalArgumentException("not a JSON object");
            }
            return task;
        } catch (IOException | IllegalArgumentException e) {
            throw new Failure(
                    Failure.Kind.CONFIG,
                    ".workflow/tasks/" + key + ".json does not read as a ticket: " + e.getMessage(),
                    List.of("fix the file: a JSON object with key, title, type, status, desc"));
        }
    }

    private static Optional<ObjectNode> cachedFor(Path cache, String source, Clock clock) {
        try {
            JsonNode doc = CanonicalJson.parse(Files.readAllBytes(cache));
            Instant at = Instant.parse(doc.path("fetchedAt").asText(""));
            boolean fresh = !at.isAfter(clock.instant()) && at.plus(CACHE_FOR).isAfter(clock.instant());
            if (fresh
                    && source.equals(doc.path("source").asText())
                    && doc.path("triage").isObject()) {
                return Optional.of((ObjectNode) doc.get("triage"));
            }
        } catch (IOException | IllegalArgumentException | DateTimeParseException e) {
            // no cache, or one that does not read: ask the tracker
        }
        return Optional.empty();
    }

    private static void writeCache(Path cache, String source, ObjectNode triage, Clock clock) {
        ObjectNode doc = CanonicalJson.objectNode();
        doc.put("fetchedAt", clock.instant().toString());
        doc.put("source", source);
        doc.set("triage", triage);
        write(cache, (CanonicalJson.text(doc, true) + "\n").getBytes(StandardCharsets.UTF_8));
    }

    private static void write(Path file, byte[] bytes) {
        try {
            Files.createDirectories(file.getParent());
            AtomicFiles.write(file, bytes);
        } catch (IOException e) {
            throw new Failure(
                    Failure.Kind.CONFIG,
                    "cannot write " + file + ": " + e.getMessage(),
                    List.of("ls -la " + file.getParent()));
        }
    }

    private static String firstLine(String text) {
        String line = text.strip().lines().findFirst().orElse("(no output)");
        return line.length() > 200 ? line.substring(0, 200) + "…" : line;
    }
}
