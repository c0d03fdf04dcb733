package dev.wb.commands.capsule;

import dev.wb.commands.EventService;
import dev.wb.commands.Session;
import dev.wb.commands.TaskFolder;
import dev.wb.commands.base.Failure;
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
import java.util.Optional;

/**
 * {@code wb task new KEY}: writes the skeleton of a task's capsule (the five documents, docs/CAPSULE.md)
 * and of its plan ({@code sdd.json}, docs/PLAN.md) into {@code .workflow/KEY/}. Every placeholder is
 * something the readers report until it is filled: an empty {@code ## Validation} block, a criterion
 * without text, empty plan fields. An existing file is never replaced: a run writes what is missing.
 */
public final class NewTask {

    /**
     * What was written and what was already there: paths relative to the repository root, in the order
     * of the skeleton. The event is recorded only when a file was written.
     */
    public record Result(TaskKey key, List<String> files, List<String> kept, Optional<EventEnvelope> event) {}

    /** The longest title {@code --title} takes: one line of a heading, not a document. */
    public static final int TITLE_LIMIT = 200;

    private NewTask() {}

    /**
     * Writes every file of the skeleton that is missing and keeps every one that is there (whatever it
     * holds: a file, a link, a folder), so a second run completes an interrupted first one and changes
     * nothing else. A title, when given, is the heading of a task.md written now.
     */
    public static Result run(Session session, TaskKey key, Optional<String> title) {
        title.ifPresent(NewTask::checkTitle);
        Path root = session.workspace().root();
        Path dir = session.workspace().workflowDir().resolve(key.value());
        TaskFolder.requireInside(root, dir, "wb task new");
        List<String> written = new ArrayList<>();
        List<String> kept = new ArrayList<>();
        for (Map.Entry<String, String> file : files(key, title).entrySet()) {
            Path target = dir.resolve(file.getKey());
            if (!Files.exists(target, LinkOption.NOFOLLOW_LINKS) && create(dir, target, file.getValue())) {
                written.add(relative(root, target));
            } else {
                kept.add(relative(root, target));
            }
        }
        if (written.isEmpty()) {
            return new Result(key, written, kept, Optional.empty());
        }
        // A fact: the files are written whatever the stream holds.
        List<EventEnvelope> recorded = new EventService(session).record(StreamId.task(key), new TaskCreated(written));
        return new Result(key, written, kept, Optional.of(recorded.get(0)));
    }

    private static void checkTitle(String title) {
        if (title.isBlank()) {
            throw Failure.usage("the title is empty", "wb task new KEY --title \"what the task is for\"");
        }
        if (title.length() > TITLE_LIMIT) {
            throw Failure.usage(
                    "the title is " + title.length() + " characters long; a title is at most " + TITLE_LIMIT,
                    "give a short title, and write the rest under ## Goal in task.md");
        }
        if (title.chars().anyMatch(Character::isISOControl)) {
            throw Failure.usage(
                    "the title holds a line break or another control character",
                    "give the title as one line of plain text");
        }
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

    private static String relative(Path root, Path file) {
        return TaskFolder.relative(root, file);
    }

    /** The skeleton's files, in the order they are written: the capsule in digest order, then the plan. */
    static Map<String, String> files(TaskKey key, Optional<String> title) {
        Map<String, String> files = new LinkedHashMap<>();
        String heading = key.value() + title.map(t -> ": " + t.strip()).orElse("");
        files.put("task.md", TASK.replace("{KEY}", heading));
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
