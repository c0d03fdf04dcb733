package dev.wb.cli.demo;

import com.google.common.collect.ImmutableList;
import dev.wb.cli.core.Exit;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.judge.snapshot.Snapshots;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;

/** The demo's walk: its stages, each a few real wb commands with the exit each should end with. */
final class DemoStages {

    static final String KEY = DemoCmd.KEY;

    private DemoStages() {}

    /**
     * One step: what it shows, the command (made when the step runs, from the demo repository, so it can
     * name what an earlier step created), and the exit code the walk expects of it.
     */
    record Step(String narration, Function<Path, List<String>> command, Exit expected) {
        Step(String narration, List<String> args, Exit expected) {
            this(narration, repo -> args, expected);
        }
    }

    /** A group of steps, with the file edits that come before them. */
    record Stage(String title, Runnable before, List<Step> steps) {}

    /** The walk in the demo repository {@code repo}, whose files are read with the run's environment {@code env}. */
    static List<Stage> stages(Path repo, Map<String, String> env) {
        DemoRepository files = new DemoRepository(repo, env);
        return ImmutableList.<Stage>builder()
                .addAll(plan(files))
                .addAll(verification(files))
                .add(git(files), reviewCapture(files), judgeRecord(files))
                .addAll(flowsAndHistory(files))
                .build();
    }

    /** Stages 1 to 5: a plan written, audited, followed, strayed from and fixed. */
    private static List<Stage> plan(DemoRepository files) {
        return List.of(
                new Stage(
                        "1. Set up wb and write a plan",
                        () -> files.copy("sdd.json", ".workflow/DEMO-1/sdd.json"),
                        List.of(new Step(
                                "wb init creates .workflow/; the plan is .workflow/DEMO-1/sdd.json.",
                                List.of("init"),
                                Exit.OK))),
                new Stage(
                        "2. Audit the plan against the code",
                        () -> {},
                        List.of(new Step(
                                "The first audit is strict: every citation must be at its line. Passing, it"
                                        + " records HEAD as the plan's baseline.",
                                List.of("sdd", "audit", KEY),
                                Exit.OK))),
                new Stage(
                        "3. Make the planned change and check its scope",
                        () -> {
                            files.copy("prices-rounded.py", "src/prices.py");
                            files.copy("test_rounding.py", "tests/test_rounding.py");
                        },
                        List.of(new Step(
                                "src/prices.py is edited and tests/test_rounding.py added, as planned.",
                                List.of("impl", "check", KEY),
                                Exit.OK))),
                new Stage(
                        "4. Stray outside the plan",
                        () -> files.copy("cart-stray.py", "src/cart.py"),
                        List.of(new Step(
                                "src/cart.py changes too, and no audited plan lists it: a deviation, exit 7.",
                                List.of("impl", "check", KEY),
                                Exit.CHECK_FAILED))),
                new Stage(
                        "5. Fix the plan, and audit it again",
                        () -> files.planCart(),
                        List.of(
                                new Step(
                                        "The plan now lists src/cart.py. Until it is audited again the gate is"
                                                + " closed: exit 2.",
                                        List.of("impl", "check", KEY),
                                        Exit.USAGE),
                                new Step(
                                        "The plan is under way now: drifted citations pass against the baseline,"
                                                + " each shown with where it is now.",
                                        List.of("sdd", "audit", KEY),
                                        Exit.OK),
                                new Step(
                                        "Every changed path is accounted for.",
                                        List.of("impl", "check", KEY),
                                        Exit.OK))));
    }

    /** Stages 6 to 8: the plan's commands verified, and the operator's command sets. */
    private static List<Stage> verification(DemoRepository files) {
        return List.of(
                new Stage(
                        "6. Verify: the plan's own commands, under a narrow boundary",
                        () -> {},
                        List.of(new Step(
                                "The plan's verify list has `make -s check` and a curl: curl is no test runner,"
                                        + " so it is not run, it is listed under \"Not run\", and the run cannot pass: exit 7.",
                                List.of("impl", "verify", KEY),
                                Exit.CHECK_FAILED))),
                new Stage(
                        "7. Drop the curl from the plan, audit, verify again",
                        () -> files.dropCurl(),
                        List.of(
                                new Step(
                                        "A changed plan is audited again before anything runs from it.",
                                        List.of("sdd", "audit", KEY),
                                        Exit.OK),
                                new Step(
                                        "Every command ran and passed; evidence.md is ready for the pull request.",
                                        List.of("impl", "verify", KEY),
                                        Exit.OK))),
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
                                Exit.OK))));
    }

    /** Stage 9: the git series wb would run, printed. */
    private static Stage git(DemoRepository files) {
        return new Stage(
                "9. Git, guarded: the series wb would run",
                () -> files.copy("commit.txt", ".workflow/DEMO-1/commit.txt"),
                List.of(
                        new Step(
                                "Printed, not run: --execute would run exactly these, with your git.",
                                wb("git start " + KEY),
                                Exit.OK),
                        new Step(
                                "The commit takes its message from .workflow/DEMO-1/commit.txt.",
                                wb("git commit " + KEY),
                                Exit.OK)));
    }

    /** Stage 10: the review capsule, the snapshot, and one consented validation run. */
    private static Stage reviewCapture(DemoRepository files) {
        return new Stage(
                "10. Review capture: the capsule, an immutable snapshot, one validation run",
                () -> {
                    for (String doc : List.of(
                            "task.md", "context.md", "plan.md", "acceptance-criteria.md", "review-checklist.md")) {
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
                                Exit.OK),
                        new Step(
                                "The judge's scope block, recomputed from the snapshot: the same digests.",
                                dir -> wb("judge scope " + KEY + " --base main --candidate " + snapshot(dir)),
                                Exit.OK),
                        new Step(
                                "Nothing runs without consent to the declared commands: exit 3.",
                                dir -> wb("judge run " + KEY + " --candidate " + snapshot(dir)),
                                Exit.APPROVAL_MISSING),
                        new Step(
                                "Approve the declared list once, for this task.",
                                wb("task approve-commands " + KEY),
                                Exit.OK),
                        new Step(
                                "Run it once, in place: the tree must equal the snapshot before, during and after."
                                        + " The receipt's digest is what you pin for the judge's record.",
                                dir -> wb("judge run " + KEY + " --candidate " + snapshot(dir)),
                                Exit.OK)));
    }

    /** Stage 11: the judge's record verified, current, and counted. */
    private static Stage judgeRecord(DemoRepository files) {
        return new Stage(
                "11. The judge's record, verified against the receipt you pinned",
                () -> files.review(),
                List.of(
                        new Step(
                                "The judge (a model your agent host runs in its own context; wb never runs one)"
                                        + " read the snapshot and the receipt and returned its record, saved as"
                                        + " .workflow/local/judge/DEMO-1/review.json. Verified against the receipt digest"
                                        + " wb judge run printed, it executes nothing.",
                                dir -> wb("judge verify " + REVIEW + " --receipt-digest " + receipt(dir)),
                                Exit.OK),
                        new Step(
                                "Is the approval still about the live workspace? Nothing changed since the snapshot.",
                                wb("judge current " + REVIEW),
                                Exit.OK),
                        new Step(
                                "Review rounds, counted from the records: one round, approved, so the task is closed.",
                                wb("judge rounds " + KEY),
                                Exit.OK)));
    }

    /** Stages 12 to 14: flows validated, and the task's history replayed and shown. */
    private static List<Stage> flowsAndHistory(DemoRepository files) {
        return List.of(
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
                                Exit.FLOW_INVALID))),
                new Stage(
                        "13. Replay the task's history",
                        () -> {},
                        List.of(
                                new Step(
                                        "Every step above is an event of DEMO-1, in order.",
                                        List.of("replay", KEY),
                                        Exit.OK),
                                new Step(
                                        "The hash chain shows the history was not altered.",
                                        List.of("replay", KEY, "--verify"),
                                        Exit.OK))),
                new Stage(
                        "14. The task's history as a picture",
                        () -> {},
                        List.of(
                                new Step(
                                        "The same history as a timeline, grouped by stage, with the chain's state last.",
                                        List.of("show", KEY),
                                        Exit.OK),
                                new Step(
                                        "And as one self-contained HTML page (no network): open the path it prints in a"
                                                + " browser and click an event to see its whole payload and hash.",
                                        List.of("show", KEY, "--html"),
                                        Exit.OK))));
    }

    static final String REVIEW = ".workflow/local/judge/DEMO-1/review.json";

    /** The digest of the demo's one receipt, as wb judge run printed it. */
    static String receipt(Path repo) {
        Path receipts = repo.resolve(".workflow/local/judge/snapshots")
                .resolve(snapshot(repo).substring(9))
                .resolve("receipts");
        try (Stream<Path> files = Files.list(receipts)) {
            return files.map(f -> "sha256:" + f.getFileName().toString().replace(".json", ""))
                    .sorted()
                    .findFirst()
                    .orElse("sha256:none");
        } catch (IOException e) {
            return "sha256:none";
        }
    }

    /** The demo's one snapshot, as {@code SNAPSHOT:<id>}. */
    static String snapshot(Path repo) {
        List<String> ids = Snapshots.ids(new Workspace(repo));
        return ids.isEmpty() ? "SNAPSHOT:none" : "SNAPSHOT:" + ids.get(ids.size() - 1);
    }

    /**
     * A wb command line, written as one string: these are wb's own subcommands ({@code wb git
     * commit} prints a series and runs nothing here), not git command lines.
     */
    private static List<String> wb(String commandLine) {
        return List.of(commandLine.split(" "));
    }
}
