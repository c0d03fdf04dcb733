package dev.wb.bench;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.Actor;
import dev.wb.engine.Digests;
import dev.wb.engine.EventLog;
import dev.wb.engine.ExpectedVersion;
import dev.wb.engine.Invocation;
import dev.wb.engine.NewEvent;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.engine.logs.EventLogs;
import dev.wb.projections.events.GitSeriesFinished;
import dev.wb.projections.events.GitSeriesName;
import dev.wb.projections.events.GitStatus;
import dev.wb.projections.events.GitStepRan;
import dev.wb.projections.events.PlannedFile;
import dev.wb.projections.events.ScopeChecked;
import dev.wb.projections.events.Verdict;
import dev.wb.projections.events.audit.AuditMode;
import dev.wb.projections.events.audit.AuditTier;
import dev.wb.projections.events.audit.CitationVerdict;
import dev.wb.projections.events.audit.PlanAudited;
import dev.wb.projections.events.verify.ProcessOutcome;
import dev.wb.projections.events.verify.VerifyCommandRan;
import dev.wb.projections.events.verify.VerifyFinished;
import dev.wb.projections.events.verify.VerifyStarted;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * Fills a repository's log with task streams, for start-up measurements:
 * {@code java -cp bench/target/benchmarks.jar <flags> dev.wb.bench.SeedWorkspace REPO TASKS EVENTS_PER_TASK [--stages]
 * [--first N]}: tasks TASK-N … (TASK-1 … without {@code --first}), so that a workspace can grow by new tasks.
 * Without {@code --stages} ({@code bench/cold-start}) the events are of made-up types. With it
 * ({@code bench/status-stats}) each task's history is the workflow's own events in the shapes of
 * docs/EVENTS.md, over and over: an audit with four citations, a scope check, a verify run of three
 * commands, a commit of two git steps; a fixed seed decides what passes. Each task also gets the
 * sdd.json its audits name (every seventh task's plan has changed since), so a status hashes real plans.
 */
public final class SeedWorkspace {

    private static final String[] TYPES = {"sdd.audited", "impl.checked", "impl.verified", "git.committed"};

    private SeedWorkspace() {}

    public static void main(String[] args) throws IOException {
        Path repo = Path.of(args[0]);
        int tasks = Integer.parseInt(args[1]);
        int eventsPerTask = Integer.parseInt(args[2]);
        boolean stages = List.of(args).contains("--stages");
        int first = List.of(args).indexOf("--first") > 0
                ? Integer.parseInt(args[List.of(args).indexOf("--first") + 1])
                : 1;
        Invocation invocation = Invocation.start(Actor.current(System.getenv()), Clock.systemUTC());
        Random random = new Random(42);
        try (EventLog log = EventLogs.chronicle(repo.resolve(".workflow/local/log"))) {
            for (int t = first; t < first + tasks; t++) {
                TaskKey key = new TaskKey("TASK-" + t);
                List<NewEvent> events = stages
                        ? new TaskHistory(key, repo, random).events(t % 10, eventsPerTask)
                        : madeUp(t, eventsPerTask);
                // Workflow events in batches of 50: ~40 KB frames, well under the 120 KiB limit.
                int batch = stages ? 50 : 10;
                for (int from = 0; from < events.size(); from += batch) {
                    log.append(
                            StreamId.task(key),
                            ExpectedVersion.any(),
                            events.subList(from, Math.min(events.size(), from + batch)),
                            invocation);
                }
            }
        }
        System.out.println("seeded " + tasks + " tasks x " + eventsPerTask + " events in " + repo
                + (stages ? " (workflow events, plans written)" : ""));
    }

    private static List<NewEvent> madeUp(int task, int count) {
        List<NewEvent> events = new ArrayList<>();
        for (int e = 0; e < count; e++) {
            ObjectNode payload = CanonicalJson.object(Map.of("task", task, "n", e, "note", "seeded for a benchmark"));
            events.add(new NewEvent(TYPES[e % TYPES.length], 1, payload));
        }
        return events;
    }

    /** One task's plan and its workflow events, cycle after cycle. */
    private static final class TaskHistory {

        private static final String[] COMMANDS = {
            "mvn -q -B test",
            "npm run lint",
            "make check",
            "pytest -q tests/unit",
            "gradle build --offline",
            "cargo test --quiet"
        };
        private static final String OUTPUT = "[INFO] Tests run: 412, Failures: 0, Errors: 0, Skipped: 3\n".repeat(4);

        private final TaskKey key;
        private final Random random;
        private final List<String> commands = new ArrayList<>();
        private final String digest;

        TaskHistory(TaskKey key, Path repo, Random random) throws IOException {
            this.key = key;
            this.random = random;
            int n = Integer.parseInt(key.value().substring(5));
            for (int i = 0; i < 3; i++) {
                commands.add(COMMANDS[(n + i) % COMMANDS.length]);
            }
            byte[] plan = plan("make the change " + key + " describes");
            digest = Digests.sha256(CanonicalJson.bytes(CanonicalJson.parse(plan)));
            Path file =
                    Files.createDirectories(repo.resolve(".workflow/" + key)).resolve("sdd.json");
            Files.write(file, n % 7 == 0 ? plan("an objective edited since the audit") : plan);
        }

        private byte[] plan(String objective) {
            ObjectNode plan = CanonicalJson.objectNode()
                    .put("schema", 1)
                    .put("key", key.value())
                    .put("preset", "scaleup")
                    .put("persona", "fullstack-specialist")
                    .put("objective", objective);
            ArrayNode evidence = plan.putArray("evidence");
            ArrayNode files = plan.putArray("files");
            for (int i = 0; i < 4; i++) {
                String path = "src/" + key.value().toLowerCase(Locale.ROOT) + "/module" + i + ".py";
                evidence.addObject()
                        .put("claim", "the code does " + i)
                        .put("file", path)
                        .put("line", 2 + i)
                        .put("quote", "def handler_" + i + "(request):");
                files.addObject().put("path", path).put("change", "edit").put("why", "the task needs it");
            }
            plan.putObject("zones");
            plan.putArray("steps").addObject().put("do", "make the change");
            plan.putArray("tests").addObject().put("kind", "unit").put("asserts", "the change holds");
            commands.forEach(plan.putArray("verify")::add);
            plan.put("rollback", "revert the commit");
            plan.putObject("product");
            plan.putArray("questions");
            return CanonicalJson.text(plan, true).getBytes(StandardCharsets.UTF_8);
        }

        /** {@code count} events, the first cycle entered {@code skip} events in, so tasks end at different stages. */
        List<NewEvent> events(int skip, int count) {
            List<NewEvent> events = new ArrayList<>();
            while (events.size() < count + skip) {
                events.addAll(cycle());
            }
            return new ArrayList<>(events.subList(skip, skip + count));
        }

        private List<NewEvent> cycle() {
            List<NewEvent> events = new ArrayList<>();
            events.add(audited());
            events.add(scope().toNewEvent());
            events.add(started().toNewEvent());
            boolean allPassed = true;
            for (int i = 0; i < commands.size(); i++) {
                boolean passed = random.nextInt(100) >= 15;
                allPassed &= passed;
                events.add(ran(i, passed).toNewEvent());
            }
            events.add(new VerifyFinished(
                            allPassed ? Verdict.PASS : Verdict.FAIL,
                            3,
                            allPassed ? 3 : 2,
                            allPassed ? 0 : 1,
                            0,
                            0,
                            40_000)
                    .toNewEvent());
            int roll = random.nextInt(100);
            GitStatus status = roll < 90 ? GitStatus.OK : roll < 97 ? GitStatus.FAILED : GitStatus.REFUSED;
            events.add(step(0, GitStatus.OK).toNewEvent());
            events.add(step(1, status).toNewEvent());
            events.add(new GitSeriesFinished(
                            GitSeriesName.COMMIT,
                            status,
                            status == GitStatus.REFUSED ? 1 : 2,
                            List.of(),
                            Optional.empty())
                    .toNewEvent());
            return events;
        }

        private NewEvent audited() {
            List<PlanAudited.Citation> citations = new ArrayList<>();
            boolean pass = true;
            for (int i = 0; i < 4; i++) {
                int roll = random.nextInt(100);
                CitationVerdict verdict = roll < 80
                        ? CitationVerdict.OK
                        : roll < 90
                                ? CitationVerdict.MOVED
                                : roll < 95 ? CitationVerdict.MISMATCH : CitationVerdict.MISSING_FILE;
                pass &= roll < 90;
                citations.add(new PlanAudited.Citation(
                        i, Optional.of(module(i)), 2 + i, verdict, roll < 90, Optional.empty()));
            }
            List<PlannedFile> files = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                files.add(new PlannedFile(module(i), "edit", Optional.empty()));
            }
            Optional<String> commit = Optional.of("4b825dc642cb6eb9a060e54bf8d69288fbee4904");
            return new PlanAudited(
                            pass ? Verdict.PASS : Verdict.FAIL,
                            new PlanAudited.Rigour(AuditTier.STANDARD, Optional.of("4 files (light is up to 2)")),
                            PlanAudited.Anchor.of(AuditMode.UNDER_WAY, commit, commit),
                            new PlanAudited.AuditedPlan(digest, files, List.of()),
                            new PlanAudited.Findings(citations, List.of(), List.of(), List.of()),
                            false)
                    .toNewEvent();
        }

        private String module(int i) {
            return "src/" + key.value().toLowerCase(Locale.ROOT) + "/module" + i + ".py";
        }

        private ScopeChecked scope() {
            boolean deviation = random.nextInt(100) < 15;
            List<ScopeChecked.PathEntry> paths = new ArrayList<>();
            if (deviation) {
                paths.add(new ScopeChecked.PathEntry(
                        "lib/stray.py", ScopeChecked.PathStatus.DEVIATION, "edit", List.of(), List.of()));
            }
            paths.add(new ScopeChecked.PathEntry(module(0), ScopeChecked.PathStatus.OK, "edit", List.of(), List.of()));
            return new ScopeChecked(
                    deviation ? Verdict.DEVIATION : Verdict.PASS,
                    ScopeChecked.Mode.WORKTREE,
                    Optional.empty(),
                    digest,
                    new ScopeChecked.Counts(deviation ? 1 : 0, 0, 0, 4, 0, 2),
                    paths,
                    0,
                    List.of());
        }

        private VerifyStarted started() {
            List<VerifyStarted.Command> list = new ArrayList<>();
            for (int i = 0; i < commands.size(); i++) {
                list.add(new VerifyStarted.Command(
                        i, commands.get(i), commands.get(i).split(" ", 0)[0]));
            }
            List<VerifyStarted.Refused> refused = random.nextInt(100) < 5
                    ? List.of(new VerifyStarted.Refused(
                            3,
                            "curl -s http://localhost:8080/health",
                            "refused: \"curl\" is not a known build, test or lint runner"))
                    : List.of();
            List<VerifyStarted.RefusedEnv> refusedEnv = random.nextInt(100) < 3
                    ? List.of(new VerifyStarted.RefusedEnv(
                            "LD_PRELOAD", "forbidden: it changes what every program loads"))
                    : List.of();
            return new VerifyStarted(digest, 600, list, refused, List.of("CI"), refusedEnv);
        }

        private VerifyCommandRan ran(int index, boolean passed) {
            String command = commands.get(index);
            List<String> argv = List.of(command.split(" "));
            return new VerifyCommandRan(
                    index,
                    command,
                    argv,
                    argv.get(0),
                    ProcessOutcome.EXITED,
                    passed ? 0 : 1,
                    passed,
                    2_000 + random.nextInt(30_000),
                    OUTPUT,
                    passed ? "BUILD SUCCESS\n" : "BUILD FAILURE\n",
                    0,
                    Digests.PREFIX + "0".repeat(63) + index,
                    OUTPUT.length() + 14,
                    Optional.empty(),
                    Optional.empty());
        }

        private GitStepRan step(int index, GitStatus status) {
            List<String> argv = index == 0
                    ? List.of("add", "--", "src/" + key.value().toLowerCase(Locale.ROOT) + "/module0.py")
                    : List.of("commit", "-F", ".workflow/" + key + "/commit.txt");
            return new GitStepRan(
                    GitSeriesName.COMMIT,
                    index,
                    argv,
                    status,
                    status == GitStatus.OK ? 0 : status == GitStatus.FAILED ? 1 : -1,
                    status == GitStatus.OK ? "" : "error: the step did not complete",
                    status == GitStatus.REFUSED
                            ? Optional.of("the tree has changes outside the plan")
                            : Optional.empty(),
                    30,
                    Optional.empty());
        }
    }
}
