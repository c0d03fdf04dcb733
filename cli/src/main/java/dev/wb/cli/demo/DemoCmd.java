package dev.wb.cli.demo;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.ExitCodes;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Failure;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.gitrun.ScratchRepository;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code wb demo}: a narrated walk through one task in a throwaway repository under the temp
 * folder — write a plan, audit it, make the change, check the scope, stray outside the plan, fix
 * the plan, audit again, replay the history. Every step is the real command, run in-process in the
 * demo repository; the user's own files are never touched.
 */
public final class DemoCmd implements Callable<Integer> {

    static final String KEY = "DEMO-1";

    private final WbCommand root;

    /**
     * One step: what it shows, the command (made when the step runs, from the demo repository, so it can
     * name what an earlier step created), and the exit code the walk expects of it.
     */
    record Step(String narration, java.util.function.Function<Path, List<String>> command, int expected) {
        Step(String narration, List<String> args, int expected) {
            this(narration, repo -> args, expected);
        }
    }

    /** What a step did, with the command as it ran. */
    record Ran(Step step, List<String> args, int exit) {}

    private DemoCmd(WbCommand root) {
        this.root = root;
    }

    public static CommandSpec spec(WbCommand root) {
        CommandSpec spec = Specs.command(
                new DemoCmd(root),
                "demo",
                "Walk through a task in a throwaway"
                        + " repository under the temp folder: plan, audit, change, scope check, a stray edit, a fixed plan,"
                        + " replay. Your own files are not touched.");
        spec.addOption(Specs.json(root));
        return spec;
    }

    @Override
    public Integer call() {
        Path repo;
        try {
            repo = DemoRepository.create();
        } catch (IOException | UncheckedIOException e) {
            throw new Failure(
                    Failure.Kind.NOT_COMPLETED,
                    "cannot create the demo repository: " + e.getMessage(),
                    List.of("check that git is installed and the temp folder is writable"));
        }
        Console console = root.context().console();
        boolean json = root.json();
        List<Ran> ran = new ArrayList<>();
        if (!json) {
            console.line("wb demo: a task in a throwaway repository at " + repo);
            console.line("(every step below is the real wb command, run inside that repository)");
        }
        for (Stage stage : stages(repo)) {
            if (!json) {
                console.line("");
                console.line("── " + stage.title);
            }
            stage.before.run();
            for (Step step : stage.steps) {
                List<String> args = step.command().apply(repo);
                ran.add(new Ran(step, args, run(repo, step, args, json)));
            }
        }
        boolean asExpected = ran.stream().allMatch(r -> r.exit() == r.step().expected());
        if (json) {
            ObjectNode doc = CanonicalJson.objectNode();
            doc.put("repository", repo.toString());
            doc.put("asExpected", asExpected);
            ArrayNode steps = doc.putArray("steps");
            ran.forEach(r -> {
                ObjectNode s = steps.addObject();
                r.args().forEach(s.putArray("command")::add);
                s.put("exit", r.exit());
                s.put("expected", r.step().expected());
            });
            console.json(doc);
        } else {
            console.line("");
            console.line("The demo repository stays at " + repo + " — try: cd " + repo + " && wb replay " + KEY);
        }
        if (!asExpected) {
            throw new Failure(
                    Failure.Kind.NOT_COMPLETED,
                    "the demo did not go as expected (see the exit codes above)",
                    List.of("run it again with WB_DEBUG=1, and report it"));
        }
        return ExitCodes.OK;
    }

    private int run(Path repo, Step step, List<String> args, boolean json) {
        Console console = root.context().console();
        PrintWriter out = json ? new PrintWriter(Writer.nullWriter()) : console.out();
        PrintWriter err = json ? new PrintWriter(Writer.nullWriter()) : console.out();
        if (!json) {
            console.line(step.narration());
            console.line("$ wb " + String.join(" ", args));
            console.flush();
        }
        int exit = root.context().nested().run(repo, out, err, args.toArray(String[]::new));
        if (!json) {
            console.line(
                    exit == step.expected()
                            ? "(exit " + exit + ")"
                            : "(exit " + exit + ", but the demo expected " + step.expected() + ")");
        }
        return exit;
    }

    /** A group of steps, with the file edits that come before them. */
    private record Stage(String title, Runnable before, List<Step> steps) {}

    private static List<Stage> stages(Path repo) {
        DemoRepository files = new DemoRepository(repo);
        return List.of(
                new Stage(
                        "1. Set up wb and write a plan",
                        () -> files.copy("sdd.json", ".workflow/DEMO-1/sdd.json"),
                        List.of(new Step(
                                "wb init creates .workflow/; the plan is .workflow/DEMO-1/sdd.json.",
                                List.of("init"),
                                0))),
                new Stage(
                        "2. Audit the plan against the code",
                        () -> {},
                        List.of(new Step(
                                "The first audit is strict: every citation must be at its line. Passing, it"
                                        + " records HEAD as the plan's baseline.",
                                List.of("sdd", "audit", KEY),
                                0))),
                new Stage(
                        "3. Make the planned change and check its scope",
                        () -> {
                            files.copy("prices-rounded.py", "src/prices.py");
                            files.copy("test_rounding.py", "tests/test_rounding.py");
                        },
                        List.of(new Step(
                                "src/prices.py is edited and tests/test_rounding.py added, as planned.",
                                List.of("impl", "check", KEY),
                                0))),
                new Stage(
                        "4. Stray outside the plan",
                        () -> files.copy("cart-stray.py", "src/cart.py"),
                        List.of(new Step(
                                "src/cart.py changes too, and no audited plan lists it: a deviation, exit 7.",
                                List.of("impl", "check", KEY),
                                7))),
                new Stage(
                        "5. Fix the plan, and audit it again",
                        () -> files.planCart(),
                        List.of(
                                new Step(
                                        "The plan now lists src/cart.py. Until it is audited again the gate is"
                                                + " closed: exit 2.",
                                        List.of("impl", "check", KEY),
                                        2),
                                new Step(
                                        "The plan is under way now: drifted citations pass against the baseline,"
                                                + " each shown with where it is now.",
                                        List.of("sdd", "audit", KEY),
                                        0),
                                new Step("Every changed path is accounted for.", List.of("impl", "check", KEY), 0))),
                new Stage(
                        "6. Verify: the plan's own commands, under a narrow boundary",
                        () -> {},
                        List.of(new Step(
                                "The plan's verify list has `make -s check` and a curl: curl is no test runner,"
                                        + " so it is not run, it is listed under \"Not run\", and the run cannot pass: exit 7.",
                                List.of("impl", "verify", KEY),
                                7))),
                new Stage(
                        "7. Drop the curl from the plan, audit, verify again",
                        () -> files.dropCurl(),
                        List.of(
                                new Step(
                                        "A changed plan is audited again before anything runs from it.",
                                        List.of("sdd", "audit", KEY),
                                        0),
                                new Step(
                                        "Every command ran and passed; evidence.md is ready for the pull request.",
                                        List.of("impl", "verify", KEY),
                                        0))),
                new Stage(
                        "8. The operator's quality gate: the command sets the diff selects",
                        () -> files.write(".workflow/config.json", """
                                {
                                  "execute": true,
                                  "checks": {
                                    "command_sets": {
                                      "shop": {"paths": ["src/**", "tests/**"], "commands": [["make", "-s", "check"]]},
                                      "docs": {"paths": ["docs/**"], "commands": [["make", "-s", "docs"]]}
                                    }
                                  }
                                }
                                """),
                        List.of(new Step(
                                "config.json declares two command sets. The diff touches src/ and tests/, so"
                                        + " only \"shop\" runs; \"docs\" is not selected. The run is an event of DEMO-1.",
                                List.of("checks", KEY),
                                0))),
                new Stage(
                        "9. Git, guarded: the series wb would run",
                        () -> files.copy("commit.txt", ".workflow/DEMO-1/commit.txt"),
                        List.of(
                                new Step(
                                        "Printed, not run: --execute would run exactly these, with your git.",
                                        wb("git start " + KEY),
                                        0),
                                new Step(
                                        "The commit takes its message from .workflow/DEMO-1/commit.txt.",
                                        wb("git commit " + KEY),
                                        0))),
                new Stage(
                        "10. Review capture: the capsule, an immutable snapshot, one validation run",
                        () -> {
                            for (String doc : List.of(
                                    "task.md",
                                    "context.md",
                                    "plan.md",
                                    "acceptance-criteria.md",
                                    "review-checklist.md")) {
                                files.copy(doc, ".workflow/DEMO-1/" + doc);
                            }
                            files.write(".workflow/policy.json", "{\"blockedReadPatterns\": [\".env*\"]}\n");
                            files.write(".env.local", "SHOP_API_KEY=not-for-reviewers\n");
                        },
                        List.of(
                                new Step(
                                        "The capsule (.workflow/DEMO-1/task.md and four more) declares the validation;"
                                                + " policy.json withholds .env*. The snapshot is a private repository holding the base"
                                                + " and the candidate: .env.local is listed as excluded, never copied.",
                                        wb("judge snapshot " + KEY + " --base main"),
                                        0),
                                new Step(
                                        "The judge's scope block, recomputed from the snapshot: the same digests.",
                                        dir -> wb("judge scope " + KEY + " --base main --candidate " + snapshot(dir)),
                                        0),
                                new Step(
                                        "Nothing runs without consent to the declared commands: exit 3.",
                                        dir -> wb("judge run " + KEY + " --candidate " + snapshot(dir)),
                                        3),
                                new Step(
                                        "Approve the declared list once, for this task.",
                                        wb("task approve-commands " + KEY),
                                        0),
                                new Step(
                                        "Run it once, in place: the tree must equal the snapshot before, during and after."
                                                + " The receipt's digest is what you pin for the judge's record.",
                                        dir -> wb("judge run " + KEY + " --candidate " + snapshot(dir)),
                                        0))),
                new Stage(
                        "11. The judge's record, verified against the receipt you pinned",
                        () -> files.review(),
                        List.of(
                                new Step(
                                        "The judge (a model your agent host runs in its own context; wb never runs one)"
                                                + " read the snapshot and the receipt and returned its record, saved as"
                                                + " .workflow/local/judge/DEMO-1/review.json. Verified against the receipt digest"
                                                + " wb judge run printed, it executes nothing.",
                                        dir -> wb("judge verify " + REVIEW + " --receipt-digest " + receipt(dir)),
                                        0),
                                new Step(
                                        "Is the approval still about the live workspace? Nothing changed since the snapshot.",
                                        wb("judge current " + REVIEW),
                                        0),
                                new Step(
                                        "Review rounds, counted from the records: one round, approved, so the task is closed.",
                                        wb("judge rounds " + KEY),
                                        0))),
                new Stage(
                        "12. Flows, validated fail-closed before any task is dispatched",
                        () -> {
                            files.copy("implementation.yaml", ".workflow/flows/implementation.yaml");
                            files.copy("hotfix.yaml", ".workflow/flows/hotfix.yaml");
                        },
                        List.of(new Step(
                                "Two flows in .workflow/flows/: implementation is valid; hotfix has a typo and a"
                                        + " fail loop with no budget, each named with its line: exit 1. (wb preflight checks the"
                                        + " machine's agent CLIs, which this demo does not need.)",
                                List.of("validate-flow", "--all"),
                                1))),
                new Stage(
                        "13. Replay the task's history",
                        () -> {},
                        List.of(
                                new Step(
                                        "Every step above is an event of DEMO-1, in order.", List.of("replay", KEY), 0),
                                new Step(
                                        "The hash chain shows the history was not altered.",
                                        List.of("replay", KEY, "--verify"),
                                        0))));
    }

    static final String REVIEW = ".workflow/local/judge/DEMO-1/review.json";

    /** The digest of the demo's one receipt, as wb judge run printed it. */
    private static String receipt(Path repo) {
        Path receipts = repo.resolve(".workflow/local/judge/snapshots")
                .resolve(snapshot(repo).substring(9))
                .resolve("receipts");
        try (java.util.stream.Stream<Path> files = Files.list(receipts)) {
            return files.map(f -> "sha256:" + f.getFileName().toString().replace(".json", ""))
                    .sorted()
                    .findFirst()
                    .orElse("sha256:none");
        } catch (IOException e) {
            return "sha256:none";
        }
    }

    /** The demo's one snapshot, as {@code SNAPSHOT:<id>}. */
    private static String snapshot(Path repo) {
        List<String> ids = dev.wb.commands.judge.snapshot.Snapshots.ids(new dev.wb.commands.Workspace(repo));
        return ids.isEmpty() ? "SNAPSHOT:none" : "SNAPSHOT:" + ids.get(ids.size() - 1);
    }

    /**
     * A wb command line, written as one string: these are wb's own subcommands ({@code wb git
     * commit} prints a series and runs nothing here), not git command lines.
     */
    private static List<String> wb(String commandLine) {
        return List.of(commandLine.split(" "));
    }

    /** The demo's files, from wb's own resources. */
    static final class DemoRepository {
        private final Path root;

        DemoRepository(Path root) {
            this.root = root;
        }

        /**
         * A new repository in the temp folder with the demo shop committed on main, made by the one
         * module that writes to repositories (gitrun's scratch repository).
         */
        static Path create() throws IOException {
            Path root = Files.createTempDirectory("wb-demo-").toRealPath();
            Map<String, String> files = new java.util.LinkedHashMap<>();
            files.put("src/prices.py", resource("prices.py"));
            files.put("src/cart.py", resource("cart.py"));
            files.put("Makefile", resource("Makefile"));
            files.put("README.md", "# demo shop\n\nA scratch repository made by wb demo.\n");
            ScratchRepository.create(root, files, "demo shop");
            return root;
        }

        static String resource(String name) throws IOException {
            try (InputStream in = DemoCmd.class.getResourceAsStream(name)) {
                if (in == null) {
                    throw new IOException("wb's demo resource is missing: " + name);
                }
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        }

        /** The plan without its curl: a changed plan, audited again before verify runs. */
        void dropCurl() {
            edit(json -> {
                ArrayNode verify = json.putArray("verify");
                verify.add("make -s check");
            });
        }

        void copy(String resource, String target) {
            try (InputStream in = DemoCmd.class.getResourceAsStream(resource)) {
                if (in == null) {
                    throw new IllegalStateException("wb's demo resource is missing: " + resource);
                }
                Path file = root.resolve(target);
                Files.createDirectories(file.getParent());
                Files.write(file, in.readAllBytes());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        void write(String target, String content) {
            try {
                Path file = root.resolve(target);
                Files.createDirectories(file.getParent());
                Files.writeString(file, content, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /**
         * The record the judge would return for the demo's snapshot: its scope block copied whole from
         * what wb judge scope --json prints, every criterion with its evidence, the receipt's results.
         */
        void review() {
            dev.wb.commands.Workspace workspace = new dev.wb.commands.Workspace(root);
            String candidate = snapshot(root);
            ObjectNode scope = dev.wb.commands.judge.snapshot.JudgeScope.compute(
                            workspace,
                            new dev.wb.commands.judge.snapshot.JudgeScope.Request(
                                    new dev.wb.engine.TaskKey(KEY),
                                    "main",
                                    dev.wb.commands.judge.snapshot.Candidate.parse(candidate),
                                    List.of()),
                            System.getenv())
                    .toJson();
            ObjectNode record = CanonicalJson.objectNode();
            record.put("schemaVersion", 6);
            record.put("taskId", KEY);
            record.set("scope", scope);
            record.put("verdict", "APPROVED");
            record.putArray("tests")
                    .addObject()
                    .put("command", "make -s check")
                    .put("status", "passed")
                    .put("evidence", "receipt: passed, exit code 0");
            ArrayNode criteria = record.putArray("criteria");
            criteria.addObject()
                    .put("id", "AC-1")
                    .put("status", "pass")
                    .put(
                            "evidence",
                            "src/prices.py: total() returns round(sum, 2); make -s check passed in the receipt");
            criteria.addObject()
                    .put("id", "AC-2")
                    .put("status", "pass")
                    .put("evidence", "src/cart.py prints total(); no other module in the boundary changes behaviour");
            record.putArray("observations").add("tests/test_rounding.py is not run by make check");
            record.put(
                    "reviewedAt",
                    java.time.Instant.now()
                            .truncatedTo(java.time.temporal.ChronoUnit.SECONDS)
                            .toString());
            record.put("receiptDigest", receipt(root));
            write(REVIEW, CanonicalJson.text(record, true) + "\n");
        }

        /** The plan, amended to list src/cart.py. */
        void planCart() {
            edit(json -> ((ArrayNode) json.get("files"))
                    .addObject()
                    .put("path", "src/cart.py")
                    .put("change", "edit")
                    .put("why", "the cart shows the rounded total"));
        }

        private void edit(java.util.function.Consumer<ObjectNode> change) {
            Path plan = root.resolve(".workflow/DEMO-1/sdd.json");
            try {
                ObjectNode json = CanonicalJson.parseObject(Files.readAllBytes(plan));
                change.accept(json);
                Files.writeString(plan, CanonicalJson.text(json, true) + "\n", StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
