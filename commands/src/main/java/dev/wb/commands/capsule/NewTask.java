package dev.wb.commands.capsule;

import dev.wb.commands.EventService;
import dev.wb.commands.Failure;
import dev.wb.commands.Session;
import dev.wb.commands.TaskFolder;
import dev.wb.commands.sdd.BlankPlan;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.fs.AtomicFiles;
import dev.wb.projections.events.TaskCreated;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code wb task new KEY}: writes the skeleton of a task's capsule (the five documents, docs/CAPSULE.md)
 * and of its plan ({@code sdd.json}, docs/PLAN.md) into {@code .workflow/KEY/}. Every placeholder is
 * something the readers report until it is filled: an empty {@code ## Validation} block, a criterion
 * without text, empty plan fields. An existing file is never replaced: if any is there, nothing is written.
 */
public final class NewTask {

    /** What was written: paths relative to the repository root, in the order written. */
    public record Result(TaskKey key, List<String> files, EventEnvelope event) {}

    private NewTask() {}

    public static Result run(Session session, TaskKey key) {
        Path root = session.workspace().root();
        Path dir = session.workspace().workflowDir().resolve(key.value());
        Map<String, String> files = files(key);
        List<String> present = new ArrayList<>();
        files.keySet().forEach(name -> {
            if (Files.exists(dir.resolve(name), LinkOption.NOFOLLOW_LINKS)) {
                present.add(relative(root, dir.resolve(name)));
            }
        });
        if (!present.isEmpty()) {
            throw refusal(key, present);
        }
        TaskFolder.requireInside(root, dir, "wb task new");
        List<String> written = new ArrayList<>();
        for (Map.Entry<String, String> file : files.entrySet()) {
            Path target = dir.resolve(file.getKey());
            if (!create(dir, target, file.getValue())) {
                throw refusal(key, List.of(relative(root, target)));
            }
            written.add(relative(root, target));
        }
        // A fact: the files are written whatever the stream holds.
        List<EventEnvelope> recorded = new EventService(session).record(StreamId.task(key), new TaskCreated(written));
        return new Result(key, written, recorded.get(0));
    }

    private static boolean create(Path dir, Path target, String content) {
        try {
            Files.createDirectories(dir);
            return AtomicFiles.createIfAbsent(target, content.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new Failure(
                    Failure.Kind.CONFIG,
                    "cannot write " + target + ": " + e.getMessage(),
                    List.of("check that " + dir + " is writable"));
        }
    }

    private static Failure refusal(TaskKey key, List<String> present) {
        return Failure.usage(
                "the task " + key + " already has " + String.join(", ", present)
                        + ": wb task new never replaces a file, and wrote nothing",
                "edit the capsule in .workflow/" + key + "/ as it is, or move these files away and run: wb task new "
                        + key);
    }

    private static String relative(Path root, Path file) {
        return TaskFolder.relative(root, file);
    }

    /** The skeleton's files, in the order they are written: the capsule in digest order, then the plan. */
    static Map<String, String> files(TaskKey key) {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("task.md", TASK.replace("{KEY}", key.value()));
        files.put("context.md", CONTEXT);
        files.put("plan.md", PLAN);
        files.put(AcceptanceCriteria.FILE, CRITERIA);
        files.put("review-checklist.md", CHECKLIST);
        files.put("sdd.json", BlankPlan.text(key, "", ""));
        return files;
    }

    static final String TASK = """
            # {KEY}

            ## Goal

            What this task is for, in a sentence or two.

            ## Contract

            - What the change guarantees, one observable behaviour a bullet.

            ## Out Of Scope

            - None recorded yet.

            ## Clarifications

            - None recorded yet.

            ## Open Questions

            - None recorded yet.

            ## Validation

            The only commands that count as evidence, one a line (docs/CAPSULE.md); end a line with
            `# optional` for a command whose failure is a warning, or write one line
            `no-runtime-validation: <reason>` for a change nothing can run. Until this block is filled,
            approval is refused.

            ```text
            ```
            """;

    static final String CONTEXT = """
            # Context

            What a reviewer needs to know that the code does not say.
            """;

    static final String PLAN = """
            # Plan

            How the change is made. The machine-checked plan is sdd.json beside this file.
            """;

    static final String CRITERIA = """
            # Acceptance criteria

            One `- AC-<n>: …` bullet a criterion, with optional `proof-command:` and `proof-doc:` lines
            indented under it. Until AC-1 has its text, verification reports it.

            - AC-1:
            """;

    static final String CHECKLIST = """
            # Review checklist

            - What the judge checks besides the criteria.
            """;
}
