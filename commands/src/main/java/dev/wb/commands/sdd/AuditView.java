package dev.wb.commands.sdd;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.Failure;
import dev.wb.commands.Workspace;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.TaskKey;
import dev.wb.engine.fs.AtomicFiles;
import dev.wb.engine.json.CanonicalJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code .workflow/KEY/audit.json}: the latest audit, rendered from its event for people and other
 * tools. It is a view: editing it opens no gate, because the gate reads the log.
 */
public final class AuditView {

    private AuditView() {}

    public static ObjectNode render(EventEnvelope audit) {
        ObjectNode view = CanonicalJson.objectNode();
        view.put("note", "rendered by wb from the event log; editing this file changes nothing");
        view.put("task", audit.stream().name());
        view.put("event", audit.eventId());
        view.put("version", audit.version());
        view.put("time", audit.time().toString());
        view.put("actor", audit.actor().describe());
        view.put("hash", audit.hash());
        view.setAll(audit.payload().json());
        return view;
    }

    public static Path write(Workspace workspace, TaskKey key, EventEnvelope audit) {
        Path file = workspace.workflowDir().resolve(key.value()).resolve("audit.json");
        try {
            Files.createDirectories(file.getParent());
            AtomicFiles.write(file, (CanonicalJson.text(render(audit), true) + "\n").getBytes(StandardCharsets.UTF_8));
            return file;
        } catch (IOException e) {
            throw new Failure(Failure.Kind.CONFIG, "cannot write " + file + ": " + e.getMessage(),
                    List.of("check that " + file.getParent() + " is writable"));
        }
    }
}
