package dev.wb.commands.handover;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.EventService;
import dev.wb.commands.Session;
import dev.wb.commands.TaskFolder;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.plan.PlanSection;
import dev.wb.engine.Digests;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.fs.AtomicFiles;
import dev.wb.projections.events.WbEvent;
import dev.wb.projections.events.draft.HandoverWritten;
import dev.wb.projections.events.draft.PlanRendered;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BiFunction;

/**
 * {@code wb sdd render} and {@code wb sdd handover}: Markdown written from the plan into the task's
 * folder, atomically and only inside the repository (a {@code .workflow/KEY} that is a link out of it
 * is refused, exit 2, nothing written), each write recorded as its event with the digest of the bytes
 * written ({@code plan.rendered}, {@code handover.written}).
 */
public final class TaskNotes {

    /** What was written: the file relative to the repository root, its digest, and the event recorded. */
    public record Written(String file, String sha256, EventEnvelope event) {}

    private TaskNotes() {}

    /** {@code .workflow/KEY/sdd.md} from sdd.json: exit 6 without a plan, 3 for one that is not a JSON object. */
    public static Written render(Session session, TaskKey key) {
        inside(session.workspace(), key, "wb sdd render");
        JsonNode plan = PlanSection.document(session.workspace(), key);
        return write(session, key, "sdd.md", SpecMarkdown.render(plan), PlanRendered::new);
    }

    /**
     * {@code .workflow/KEY/handover.md} from the plan's handover section: exit 2 when the plan has none,
     * as the original refuses it, naming the fields to add.
     */
    public static Written handover(Session session, TaskKey key) {
        inside(session.workspace(), key, "wb sdd handover");
        JsonNode plan = PlanSection.document(session.workspace(), key);
        if (!HandoverMarkdown.present(plan)) {
            throw Failure.usage(
                    key + " has no handover section",
                    "add handover to .workflow/" + key + "/sdd.json: symptom_plain, cause_plain, fix_plain, scope,"
                            + " workaround, qa_steps");
        }
        return write(session, key, "handover.md", HandoverMarkdown.render(plan), HandoverWritten::new);
    }

    /** Refused before the plan is read: a task folder that is a link out of the repository. */
    private static void inside(Workspace workspace, TaskKey key, String command) {
        TaskFolder.requireInside(workspace.root(), workspace.workflowDir().resolve(key.value()), command);
    }

    private static Written write(
            Session session, TaskKey key, String name, String text, BiFunction<String, String, WbEvent> event) {
        Workspace workspace = session.workspace();
        Path dir = workspace.workflowDir().resolve(key.value());
        Path file = dir.resolve(name);
        String shown = TaskFolder.relative(workspace.root(), file);
        if (Files.isSymbolicLink(file)) {
            throw Failure.usage(
                    shown + " is a link; wb writes only a file of its own there, and wrote nothing",
                    "remove the link: rm " + shown);
        }
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        try {
            AtomicFiles.write(file, bytes);
        } catch (IOException e) {
            throw new Failure(
                    Failure.Kind.CONFIG,
                    "cannot write " + shown + ": " + e.getMessage(),
                    List.of("check that " + TaskFolder.relative(workspace.root(), dir) + " is writable"));
        }
        String digest = Digests.sha256(bytes);
        List<EventEnvelope> recorded = new EventService(session).record(StreamId.task(key), event.apply(shown, digest));
        return new Written(shown, digest, recorded.get(0));
    }
}
