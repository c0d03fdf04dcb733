package dev.wb.commands.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.base.Failure;
import dev.wb.commands.git.Repositories;
import dev.wb.commands.gitflow.GitFlow;
import dev.wb.commands.impl.ImplCheck;
import dev.wb.commands.impl.ScopeReport;
import dev.wb.commands.preflight.GhLine;
import dev.wb.commands.preflight.RepoPin;
import dev.wb.engine.Digests;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.git.ChangeScope;
import dev.wb.git.GitRepository;
import dev.wb.gitrun.StepOutcome;
import dev.wb.projections.events.run.NodeFinished;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A {@code publish} node (docs/RUNS.md, "Publishing"). {@code pull_request} and
 * {@code documentation_pull_request}: the task's changed files, when every one is in its plan, staged and
 * committed through {@code wb git commit}'s series; the branch pushed through {@code wb git push}'s; a pull
 * request opened with {@code gh} only when {@code git.create_pull_request} is on, checked (gh, its pin) before
 * anything is written. Each step first reads whether it is already done (nothing to commit, the branch's
 * upstream already at HEAD, a pull request already open for the branch), so a node run again after a crash
 * never pushes twice or opens a second pull request. {@code local_artifact}, {@code none} and
 * {@code private_control_workspace_report} write nothing to git. Anything that stops the series is a person's
 * turn ({@code manual}), saying what was done and what was not.
 */
final class PublishNode {

    private final RunContext ctx;
    private final RunLog log;
    private final String policy;
    private final List<String> done = new ArrayList<>();

    private PublishNode(RunContext ctx, RunLog log, String policy) {
        this.ctx = ctx;
        this.log = log;
        this.policy = policy;
    }

    static NodeResult run(RunContext ctx, RunLog log, String policy) {
        return switch (policy) {
            case "none" -> NodeResult.of("done", "publishing none: nothing to publish");
            case "local_artifact" ->
                NodeResult.of(
                        "done",
                        "publishing local_artifact: the work stays in this checkout, uncommitted" + " (wb git commit "
                                + ctx.key() + " commits it)");
            case "private_control_workspace_report" -> privateReport(ctx);
            default -> new PublishNode(ctx, log, policy).publish();
        };
    }

    private static final long MAX_REPORT_BYTES = 16L * 1024 * 1024;

    /** The report stays under {@code .workflow/KEY/}, which no scope check claims and so no publish stages. */
    private static NodeResult privateReport(RunContext ctx) {
        Path report = ctx.session()
                .workspace()
                .workflowDir()
                .resolve(ctx.key().value())
                .resolve("report.md");
        String where = ".workflow/" + ctx.key() + "/report.md";
        if (!Files.isRegularFile(report, LinkOption.NOFOLLOW_LINKS)) {
            return NodeResult.of(
                    "done",
                    "publishing private_control_workspace_report: no report at " + where + "; nothing enters git");
        }
        try {
            if (Files.size(report) > MAX_REPORT_BYTES) {
                return NodeResult.of(
                        NodeResult.MANUAL,
                        where + " is larger than " + MAX_REPORT_BYTES / (1024 * 1024) + " MiB; a report that size is"
                                + " not kept: shorten it, then run wb run again");
            }
            String digest = Digests.hex(ctx.store().put(Files.readAllBytes(report)));
            return new NodeResult(
                    "done",
                    List.of(new NodeFinished.Artifact("report", digest)),
                    Optional.empty(),
                    Optional.empty(),
                    Optional.of("publishing private_control_workspace_report: the report stays at " + where
                            + ", never in git"));
        } catch (IOException e) {
            return NodeResult.of(NodeResult.MANUAL, "cannot read " + where + ": " + e.getMessage());
        }
    }

    private NodeResult publish() {
        try {
            boolean pullRequests = ctx.config().git().createPullRequest();
            Optional<String> pin = pullRequests ? Optional.of(ghReady()) : Optional.empty();
            Optional<String> commit = commit();
            Pushed pushed = push();
            ObjectNode record = CanonicalJson.objectNode()
                    .put("policy", policy)
                    .put("branch", pushed.branch)
                    .put("remote", pushed.remote)
                    .put("commit", pushed.head);
            commit.ifPresent(c -> record.put("committed", c));
            String reason;
            if (pin.isPresent()) {
                String url = PullRequest.open(ctx, pin.get(), pushed.branch, done);
                record.put("pullRequest", url);
                reason = String.join("; ", done);
            } else {
                reason = String.join("; ", done) + "; pull requests are off (git.create_pull_request): none opened";
            }
            String digest = Digests.hex(ctx.store().put(CanonicalJson.bytes(record)));
            return new NodeResult(
                    "done",
                    List.of(new NodeFinished.Artifact("published", digest)),
                    Optional.empty(),
                    Optional.empty(),
                    Optional.of(ctx.redactor().redact(reason)));
        } catch (PublishStop stop) {
            return manual(stop.getMessage());
        } catch (Failure f) {
            return manual(f.getMessage());
        } catch (UncheckedIOException | IllegalStateException e) {
            // the repository or a file could not be read midway: the node stops for a person, never a trace
            return manual("the repository could not be read (" + e.getClass().getSimpleName() + ": " + e.getMessage()
                    + "); fix: check the checkout (git status), then run wb run again");
        }
    }

    private NodeResult manual(String why) {
        String soFar = done.isEmpty() ? "nothing was committed or pushed" : "done before: " + String.join("; ", done);
        return NodeResult.of(
                NodeResult.MANUAL,
                ctx.redactor().redact("publishing " + policy + " stopped: " + why + " (" + soFar + ")"));
    }

    /** gh present and logged in, and the owner/name it is pinned to, before anything is written. */
    private String ghReady() {
        Optional<String> pin = RepoPin.pin(ctx.config().repo().url(), ctx.root(), ctx.env());
        if (pin.isEmpty()) {
            throw new PublishStop("git.create_pull_request is on but neither repo.url nor origin names an owner/name to"
                    + " pin gh to: set repo.url to https://HOST/OWNER/REPO (wb preflight, gh-repo-pin)");
        }
        Path probes = ctx.scratch().resolve("publish");
        try {
            Files.createDirectories(probes);
            Optional<String> problem = GhLine.problem(probes, ctx.env(), ctx.root());
            if (problem.isPresent()) {
                throw new PublishStop(problem.get() + " (wb preflight, gh)");
            }
        } catch (IOException e) {
            throw new PublishStop("cannot make " + probes + ": " + e.getMessage());
        } finally {
            PullRequest.clear(probes);
        }
        return pin.get();
    }

    /**
     * The task's changed files, committed when each is in its plan; any other change refuses the whole
     * publish. Empty when there was nothing to commit (already committed, or a run again after a crash).
     */
    private Optional<String> commit() {
        ImplCheck.Result check =
                ImplCheck.run(ctx.session(), new ImplCheck.Request(ctx.key(), ChangeScope.WORKTREE, Optional.empty()));
        log.recorded(check.event());
        List<ScopeReport.Entry> changed = check.report().entries().stream()
                .filter(e -> e.status() != ScopeReport.Status.PENDING)
                .toList();
        if (changed.isEmpty()) {
            done.add("nothing to commit");
            return Optional.empty();
        }
        List<ScopeReport.Entry> outside = changed.stream()
                .filter(e -> e.status() != ScopeReport.Status.OK && e.status() != ScopeReport.Status.OVERLAP)
                .toList();
        if (!outside.isEmpty()) {
            throw new PublishStop("changes outside " + ctx.key() + "'s plan: "
                    + outside.stream()
                            .map(e -> e.path() + " (" + e.status().wireName()
                                    + (e.tasks().isEmpty() ? "" : ": " + String.join(", ", e.tasks())) + ")")
                            .collect(Collectors.joining(", "))
                    + "; take them out, or add them to the plan and audit it again (wb impl check " + ctx.key()
                    + ")");
        }
        List<String> paths = changed.stream().map(ScopeReport.Entry::path).toList();
        GitFlow.Executed executed = GitFlow.execute(
                ctx.session(),
                GitFlow.stageAndCommit(ctx.session(), ctx.key(), ctx.env(), paths),
                ctx.env(),
                ctx.config().git().runHooks());
        series(executed);
        String head = head().orElse("");
        done.add("committed " + paths.size() + " file(s) as " + abbrev(head));
        return Optional.of(head);
    }

    private record Pushed(String branch, String remote, String head) {}

    /** The branch pushed once through wb git push's series; a branch whose upstream is already at HEAD is not. */
    private Pushed push() {
        String branch;
        String head;
        Optional<String> remote;
        Optional<String> upstreamAt;
        try (GitRepository git =
                Repositories.open(ctx.session().workspace(), ctx.session().env())) {
            branch = git.currentBranch().orElseThrow(() -> new PublishStop("HEAD is not on a branch"));
            head = git.head().orElseThrow(() -> new PublishStop("the branch has no commit"));
            Optional<String> upstream = git.upstream(branch);
            remote = git.config("branch." + branch + ".remote");
            upstreamAt = upstream.flatMap(u -> git.resolveCommit("refs/remotes/" + u));
            if (upstream.isPresent() && !upstreamAt.equals(Optional.of(head))) {
                throw new PublishStop("branch " + branch + " was published before (it tracks " + upstream.get()
                        + ", which is not at HEAD) and a published branch is never pushed again (docs/GIT.md):"
                        + " push the new commits by hand");
            }
        }
        if (upstreamAt.isPresent()) {
            done.add(branch + " is already on " + remote.orElse("its remote") + " at " + abbrev(head));
            return new Pushed(branch, remote.orElse(""), head);
        }
        GitFlow.Planned planned = GitFlow.push(ctx.session());
        series(GitFlow.execute(
                ctx.session(), planned, ctx.env(), ctx.config().git().runHooks()));
        String to = planned.steps().get(0).argv().get(2);
        done.add("pushed " + branch + " (" + abbrev(head) + ") to " + to);
        return new Pushed(branch, to, head);
    }

    /** Takes note of the series' events on the run's stream, and stops when the series did not complete. */
    private void series(GitFlow.Executed executed) {
        for (EventEnvelope event : executed.events()) {
            if (event.stream().equals(log.stream())) {
                log.recorded(event);
            }
        }
        Optional<StepOutcome> failed = executed.result().failed();
        if (failed.isPresent()) {
            StepOutcome f = failed.get();
            String detail = f.status() == StepOutcome.Status.REFUSED
                    ? "refused: " + f.refusal()
                    : "exited " + f.exitCode() + lastLine(f.output());
            throw new PublishStop("git " + String.join(" ", f.step().argv()) + " " + detail);
        }
    }

    private Optional<String> head() {
        try (GitRepository git =
                Repositories.open(ctx.session().workspace(), ctx.session().env())) {
            return git.head();
        }
    }

    private static String lastLine(String output) {
        List<String> lines = output.strip().lines().toList();
        return lines.isEmpty() ? "" : ": " + lines.get(lines.size() - 1);
    }

    static String abbrev(String commit) {
        return commit.substring(0, Math.min(12, commit.length()));
    }
}
