package dev.wb.commands.init;

import dev.wb.commands.EventService;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.schemas.ShippedSchemas;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.engine.fs.AtomicFiles;
import dev.wb.projections.events.WorkspaceInitialized;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code wb init}: creates {@code .workflow/} with its config.json, policy.json and .gitignore, and
 * writes wb's JSON Schemas into {@code .workflow/schemas/} ({@link ShippedSchemas}). The files it
 * creates name their schema in {@code $schema}. Files already there are kept byte for byte (a
 * config.json without {@code $schema} too); only a schema that differs from the one this wb ships is
 * replaced, since wb owns those. Running it again changes nothing on disk.
 */
public final class InitCommand {

    /**
     * What init did: paths relative to {@code .workflow/}; {@code updated} are the schemas it replaced
     * because they differed from this wb's (the event counts them as created: written).
     */
    public record Result(
            Path root, List<String> created, List<String> updated, List<String> kept, EventEnvelope event) {}

    static final String CONFIG = """
            {
              "$schema": "./schemas/config.schema.json",
              "execute": true
            }
            """;

    static final String POLICY = """
            {
              "$schema": "./schemas/policy.schema.json",
              "blockedReadPatterns": [
                ".env",
                ".env.*",
                "**/*.pem",
                "**/*.key",
                "**/id_rsa*",
                "**/.ssh/**"
              ]
            }
            """;

    static final String GITIGNORE = """
            # wb: never committed
            local/
            .env
            # views rendered from the event log (the log is the truth; these are for people)
            */audit.json
            */evidence.md
            */evidence.json
            */git.log.json
            """;

    private InitCommand() {}

    /** The files init owns, in the order it reports them. */
    static Map<String, String> files() {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("config.json", CONFIG);
        files.put("policy.json", POLICY);
        files.put(".gitignore", GITIGNORE);
        return files;
    }

    public static Result run(Session session) {
        Path dir = session.workspace().workflowDir();
        List<String> created = new ArrayList<>();
        List<String> kept = new ArrayList<>();
        for (Map.Entry<String, String> file : files().entrySet()) {
            Path target = dir.resolve(file.getKey());
            try {
                boolean wrote =
                        AtomicFiles.createIfAbsent(target, file.getValue().getBytes(StandardCharsets.UTF_8));
                (wrote ? created : kept).add(file.getKey());
            } catch (IOException e) {
                throw new Failure(
                        Failure.Kind.CONFIG,
                        "cannot write " + target + ": " + e.getMessage(),
                        List.of("check that " + dir + " is writable, then run: wb init"));
            }
        }
        ShippedSchemas.Install schemas = ShippedSchemas.install(dir);
        created.addAll(schemas.created());
        kept.addAll(schemas.kept());
        List<String> written = new ArrayList<>(created);
        written.addAll(schemas.updated());
        // A fact, whatever the workspace stream holds: init records every run, a re-run too.
        EventEnvelope recorded = new EventService(session)
                .record(StreamId.workspace(), new WorkspaceInitialized(written, kept))
                .get(0);
        return new Result(session.workspace().root(), created, schemas.updated(), kept, recorded);
    }
}
