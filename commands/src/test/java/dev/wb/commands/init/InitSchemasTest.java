package dev.wb.commands.init;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.policy.ReadPolicy;
import dev.wb.commands.schemas.SchemaCheck;
import dev.wb.commands.schemas.ShippedSchemas;
import dev.wb.commands.sdd.BlankPlan;
import dev.wb.engine.TaskKey;
import dev.wb.engine.TestEvents;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.WorkspaceInitialized;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wb init} writes wb's schemas into .workflow/schemas/ and names them in the config.json and
 * policy.json it creates; what it writes fits the schemas and is read by wb; a re-run changes nothing;
 * a user's config.json is never rewritten; a schema that differs is wb's to update; a link or a folder
 * in a schema's place is refused, not followed.
 */
class InitSchemasTest {

    @TempDir
    Path tmp;

    TempGitRepo repo;

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "repo");
    }

    InitCommand.Result init() {
        try (Session session = new Session(Workspace.require(repo.root()), System.getenv(), TestEvents.invocation())) {
            return InitCommand.run(session);
        }
    }

    Path workflow(String relative) {
        return repo.root().resolve(".workflow").resolve(relative);
    }

    @Test
    void init_writes_the_schemas_and_files_that_name_them_and_fit_them() throws IOException {
        InitCommand.Result result = init();

        assertEquals(
                List.of(
                        "config.json",
                        "policy.json",
                        ".gitignore",
                        "schemas/config.schema.json",
                        "schemas/policy.schema.json",
                        "schemas/sdd.schema.json",
                        "schemas/review.schema.json",
                        "schemas/flow.schema.json"),
                result.created());
        for (String name : ShippedSchemas.NAMES) {
            assertArrayEquals(
                    ShippedSchemas.bytes(name), Files.readAllBytes(workflow("schemas/" + name + ".schema.json")));
        }
        for (String name : List.of("config", "policy")) {
            Path file = workflow(name + ".json");
            JsonNode doc = CanonicalJson.parse(Files.readAllBytes(file));
            String schema = doc.path("$schema").asText();
            assertEquals("./schemas/" + name + ".schema.json", schema);
            assertTrue(Files.isRegularFile(file.getParent().resolve(schema).normalize()), schema + " resolves");
            assertEquals(List.of(), SchemaCheck.errors(name, doc), name);
        }
        assertTrue(WorkspaceConfig.load(Workspace.require(repo.root())).execute());
        assertTrue(ReadPolicy.load(repo.root()).blocked(".env"));
        WorkspaceInitialized event =
                WorkspaceInitialized.TYPE.read(result.event().payload().json());
        assertEquals(result.created(), event.created());
    }

    @Test
    void a_rerun_keeps_every_file_and_a_blank_plans_schema_resolves() throws IOException {
        init();
        byte[] config = Files.readAllBytes(workflow("config.json"));

        InitCommand.Result again = init();

        assertEquals(List.of(), again.created());
        assertEquals(List.of(), again.updated());
        assertEquals(8, again.kept().size());
        assertArrayEquals(config, Files.readAllBytes(workflow("config.json")));
        BlankPlan.write(Workspace.require(repo.root()), new TaskKey("ABC-1"), "", "");
        Path plan = workflow("ABC-1/sdd.json");
        JsonNode doc = CanonicalJson.parse(Files.readAllBytes(plan));
        Path schema = plan.getParent().resolve(doc.path("$schema").asText()).normalize();
        assertEquals(workflow("schemas/sdd.schema.json"), schema);
        assertEquals(List.of(), SchemaCheck.errors("sdd", doc));
    }

    @Test
    void a_users_config_without_schema_is_kept_byte_for_byte_and_a_changed_schema_is_updated() throws IOException {
        String mine = "{\"execute\":false,  \"branches\": {\"prefix\": \"feat/\"}}\n";
        Files.createDirectories(workflow("schemas"));
        Files.writeString(workflow("config.json"), mine);
        Files.writeString(workflow("schemas/sdd.schema.json"), "{\"old\": true}\n");

        InitCommand.Result result = init();

        assertEquals(mine, Files.readString(workflow("config.json")));
        assertTrue(result.kept().contains("config.json"), result::toString);
        assertEquals(List.of("schemas/sdd.schema.json"), result.updated());
        assertArrayEquals(ShippedSchemas.bytes("sdd"), Files.readAllBytes(workflow("schemas/sdd.schema.json")));
        WorkspaceInitialized event =
                WorkspaceInitialized.TYPE.read(result.event().payload().json());
        assertTrue(event.created().contains("schemas/sdd.schema.json"), "the event counts it as written");
        assertFalse(event.kept().contains("schemas/sdd.schema.json"));
    }

    @Test
    void a_link_or_a_folder_in_a_schemas_place_is_refused_and_nothing_is_written_through_it() throws IOException {
        Path outside = tmp.resolve("outside.json");
        Files.writeString(outside, "mine\n");
        Files.createDirectories(workflow("schemas"));
        Files.createSymbolicLink(workflow("schemas/config.schema.json"), outside);

        Failure link = assertThrows(Failure.class, this::init);

        assertEquals(Failure.Kind.CONFIG, link.kind());
        assertTrue(link.getMessage().contains("symbolic link"), link.getMessage());
        assertEquals("mine\n", Files.readString(outside));
        Files.delete(workflow("schemas/config.schema.json"));
        Files.createDirectories(workflow("schemas/policy.schema.json"));

        Failure folder = assertThrows(Failure.class, this::init);

        assertTrue(folder.getMessage().contains("not a regular file"), folder.getMessage());
        assertTrue(folder.fixes().get(0).contains("remove it"), folder.fixes()::toString);
    }

    @Test
    void a_linked_schemas_folder_is_refused() throws IOException {
        Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere"));
        Files.createDirectories(workflow(""));
        Files.createSymbolicLink(workflow("schemas"), elsewhere);

        Failure failure = assertThrows(Failure.class, this::init);

        assertEquals(Failure.Kind.CONFIG, failure.kind());
        try (Stream<Path> files = Files.list(elsewhere)) {
            assertEquals(0, files.count(), "nothing written through the link");
        }
    }
}
