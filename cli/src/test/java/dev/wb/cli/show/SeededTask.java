package dev.wb.cli.show;

import dev.wb.engine.EventLog;
import dev.wb.engine.ExpectedVersion;
import dev.wb.engine.NewEvent;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.TestEvents;
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
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A task's history written fast, straight through the engine's log API into a workspace's log: the
 * workflow's own events (an audit with two citations, a scope check, a verify run of two commands, a
 * commit of two git steps) cycle after cycle, in batches of 50 a minute apart, as bench/src's
 * SeedWorkspace writes them. For pages of many events, and workspaces of a few tasks.
 */
final class SeededTask {

    static final Instant START = Instant.parse("2026-06-01T08:00:00Z");
    static final String[] COMMANDS = {"make -s check", "npm run lint"};

    private static final String DIGEST = "sha256:" + "cd".repeat(32);
    private static final String COMMIT = "4b825dc642cb6eb9a060e54bf8d69288fbee4904";

    private SeededTask() {}

    /**
     * Appends {@code count} events to task {@code key}'s stream in the log of the repository at {@code
     * root}; every {@code failEvery}-th verify command fails (0: none does).
     */
    static void write(Path root, String key, int count, int failEvery) {
        List<NewEvent> events = new ArrayList<>();
        int cycle = 0;
        while (events.size() < count) {
            events.addAll(cycle(cycle++, failEvery));
        }
        events = events.subList(0, count);
        StreamId stream = StreamId.task(new TaskKey(key));
        try (EventLog log = EventLogs.chronicle(root.resolve(".workflow/local/log"))) {
            for (int from = 0, batch = 0; from < count; from += 50, batch++) {
                Clock at = Clock.fixed(START.plus(Duration.ofMinutes(batch)), ZoneOffset.UTC);
                log.append(
                        stream,
                        ExpectedVersion.any(),
                        events.subList(from, Math.min(count, from + 50)),
                        TestEvents.invocation(at));
            }
        }
    }

    private static List<NewEvent> cycle(int n, int failEvery) {
        List<NewEvent> events = new ArrayList<>();
        events.add(new PlanAudited(
                        Verdict.PASS,
                        new PlanAudited.Rigour(AuditTier.LIGHT, Optional.of("2 file(s), no critical zone")),
                        PlanAudited.Anchor.of(
                                n == 0 ? AuditMode.FIRST : AuditMode.UNDER_WAY,
                                Optional.of(COMMIT),
                                Optional.of(COMMIT)),
                        new PlanAudited.AuditedPlan(
                                DIGEST, List.of(new PlannedFile("src/app.py", "edit", Optional.empty())), List.of()),
                        new PlanAudited.Findings(
                                List.of(
                                        new PlanAudited.Citation(
                                                0,
                                                Optional.of("src/app.py"),
                                                2,
                                                CitationVerdict.OK,
                                                true,
                                                Optional.empty()),
                                        new PlanAudited.Citation(
                                                1,
                                                Optional.of("src/util.py"),
                                                7,
                                                CitationVerdict.MOVED,
                                                true,
                                                Optional.of(9))),
                                List.of(),
                                List.of(),
                                List.of()),
                        false)
                .toNewEvent());
        events.add(new ScopeChecked(
                        Verdict.PASS,
                        ScopeChecked.Mode.WORKTREE,
                        Optional.empty(),
                        DIGEST,
                        new ScopeChecked.Counts(0, 0, 0, 1, 0, 0),
                        List.of(new ScopeChecked.PathEntry(
                                "src/app.py", ScopeChecked.PathStatus.OK, "edit", List.of(), List.of())),
                        0,
                        List.of())
                .toNewEvent());
        List<VerifyStarted.Command> commands = new ArrayList<>();
        for (int i = 0; i < COMMANDS.length; i++) {
            commands.add(new VerifyStarted.Command(i, COMMANDS[i], COMMANDS[i].split(" ", 0)[0]));
        }
        events.add(new VerifyStarted(DIGEST, 600, commands, List.of(), List.of("CI"), List.of()).toNewEvent());
        int failed = 0;
        for (int i = 0; i < COMMANDS.length; i++) {
            boolean passed = failEvery == 0 || (n * COMMANDS.length + i) % failEvery != failEvery - 1;
            failed += passed ? 0 : 1;
            List<String> argv = List.of(COMMANDS[i].split(" ", 0));
            events.add(new VerifyCommandRan(
                            i,
                            COMMANDS[i],
                            argv,
                            argv.get(0),
                            ProcessOutcome.EXITED,
                            passed ? 0 : 1,
                            passed,
                            1000 + 100 * i,
                            "[INFO] Tests run: 12, Failures: " + (passed ? 0 : 1) + "\n",
                            passed ? "BUILD SUCCESS\n" : "BUILD FAILURE\n",
                            0,
                            "sha256:" + "0".repeat(63) + i,
                            40,
                            Optional.empty(),
                            Optional.empty())
                    .toNewEvent());
        }
        events.add(new VerifyFinished(
                        failed == 0 ? Verdict.PASS : Verdict.FAIL,
                        COMMANDS.length,
                        COMMANDS.length - failed,
                        failed,
                        0,
                        0,
                        2200)
                .toNewEvent());
        events.add(new GitStepRan(
                        GitSeriesName.COMMIT,
                        0,
                        List.of("add", "--", "src/app.py"),
                        GitStatus.OK,
                        0,
                        "",
                        Optional.empty(),
                        30,
                        Optional.empty())
                .toNewEvent());
        events.add(new GitStepRan(
                        GitSeriesName.COMMIT,
                        1,
                        List.of("commit", "-F", "commit.txt"),
                        GitStatus.OK,
                        0,
                        "",
                        Optional.empty(),
                        30,
                        Optional.empty())
                .toNewEvent());
        events.add(
                new GitSeriesFinished(GitSeriesName.COMMIT, GitStatus.OK, 2, List.of(), Optional.empty()).toNewEvent());
        return events;
    }
}
