package dev.wb.cli.workspace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.cli.testing.CliRun;
import dev.wb.commands.schemas.ShippedSchemas;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wb init} writes the flow schema into .workflow/schemas/ and names the modeline that points a
 * YAML editor at it; a flow that starts with that modeline is read by validate-flow unchanged.
 */
class FlowSchemaCliTest {

    @TempDir
    Path tmp;

    @Test
    void init_installs_the_flow_schema_and_names_the_modeline_a_flow_keeps() throws IOException {
        TempGitRepo repo = TempGitRepo.create(tmp, "r");

        CliRun.Result init = CliRun.wb(repo.root(), "init");

        assertEquals(0, init.code(), init::toString);
        assertArrayEquals(
                ShippedSchemas.bytes("flow"), Files.readAllBytes(repo.resolve(".workflow/schemas/flow.schema.json")));
        assertTrue(
                init.out()
                        .contains("\"# yaml-language-server: $schema=../schemas/flow.schema.json\" the first line of"),
                init::toString);
        String modeline = ShippedSchemas.FLOW_MODELINE;
        Path schema = repo.resolve(".workflow/flows")
                .resolve(modeline.substring(modeline.indexOf("$schema=") + "$schema=".length()));
        assertEquals(repo.resolve(".workflow/schemas/flow.schema.json"), schema.normalize(), "the modeline resolves");

        repo.write(".workflow/tools/build.sh", "#!/bin/sh\nexit 0\n");
        Files.setPosixFilePermissions(
                repo.resolve(".workflow/tools/build.sh"), PosixFilePermissions.fromString("rwxr-xr-x"));
        repo.write(".workflow/flows/x.yaml", ShippedSchemas.FLOW_MODELINE + "\n" + """
                flow:
                  name: x
                  task_type: x
                  permission_ceiling: workspace-write
                  output_policy: code_change
                  publishing: none
                  nodes:
                    - id: build
                      kind: tool
                      tool: build.sh
                """);

        CliRun.Result valid = CliRun.wb(repo.root(), "validate-flow", "x");

        assertEquals(0, valid.code(), valid::toString);
        assertEquals("flow x: OK\n", valid.out());
    }
}
