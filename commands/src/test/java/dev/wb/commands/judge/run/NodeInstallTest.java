package dev.wb.commands.judge.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.base.Failure;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Real files and real processes: /bin/sh scripts named pnpm, npm and yarn stand in for the installers. */
@DisabledOnOs(OS.WINDOWS)
class NodeInstallTest {

    static final String WITH_DEPENDENCIES = "{\"name\":\"app\",\"dependencies\":{\"left-pad\":\"1.3.0\"}}";
    static final List<String> PNPM = List.of("pnpm", "install", "--frozen-lockfile");
    static final List<String> NPM = List.of("npm", "ci");
    static final List<String> YARN = List.of("yarn", "install", "--frozen-lockfile");

    @TempDir
    Path tmp;

    Path project;
    Path bin;
    Map<String, String> env;

    @BeforeEach
    void a_project_and_a_bin_folder_with_every_installer() throws IOException {
        project = Files.createDirectories(tmp.resolve("project"));
        bin = Files.createDirectories(tmp.resolve("bin"));
        env = Map.of("PATH", bin + ":/usr/bin:/bin");
        for (String installer : List.of("pnpm", "npm", "yarn")) {
            installer(installer, "exit 0\n");
        }
    }

    @Test
    void no_package_json_needs_no_install() {
        assertEquals(Optional.empty(), NodeInstall.plan(project, env));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{\"name\":\"app\"}",
                "{\"name\":\"app\",\"dependencies\":{},\"devDependencies\":{}}",
                "{\"name\":\"app\",\"dependencies\":null,\"peerDependencies\":{\"react\":\"18\"}}",
            })
    void a_package_json_declaring_no_dependencies_needs_no_install_even_without_a_lockfile(String manifest)
            throws IOException {
        Files.writeString(project.resolve("package.json"), manifest);

        assertEquals(Optional.empty(), NodeInstall.plan(project, env));
    }

    @ParameterizedTest
    @ValueSource(strings = {"dependencies", "devDependencies", "optionalDependencies"})
    void each_dependency_field_declares_dependencies(String field) throws IOException {
        Files.writeString(project.resolve("package.json"), "{\"" + field + "\":{\"x\":\"1\"}}");
        Files.writeString(project.resolve("package-lock.json"), "{}");

        assertEquals(Optional.of(NPM), NodeInstall.plan(project, env));
    }

    @Test
    void pnpm_is_chosen_before_npm_and_npm_before_yarn() throws IOException {
        Files.writeString(project.resolve("package.json"), WITH_DEPENDENCIES);
        Files.writeString(project.resolve("yarn.lock"), "");
        assertEquals(Optional.of(YARN), NodeInstall.plan(project, env));

        Files.writeString(project.resolve("package-lock.json"), "{}");
        assertEquals(Optional.of(NPM), NodeInstall.plan(project, env));

        Files.writeString(project.resolve("pnpm-lock.yaml"), "");
        assertEquals(Optional.of(PNPM), NodeInstall.plan(project, env));
    }

    @Test
    void an_npm_shrinkwrap_selects_npm_ci() throws IOException {
        Files.writeString(project.resolve("package.json"), WITH_DEPENDENCIES);
        Files.writeString(project.resolve("npm-shrinkwrap.json"), "{}");

        assertEquals(Optional.of(NPM), NodeInstall.plan(project, env));
    }

    @Test
    void dependencies_without_a_lockfile_fail_with_the_named_reason() throws IOException {
        Files.writeString(project.resolve("package.json"), WITH_DEPENDENCIES);
        Files.writeString(project.resolve("Cargo.lock"), "not a Node lockfile");

        Failure failure = assertThrows(Failure.class, () -> NodeInstall.plan(project, env));

        assertEquals(Failure.Kind.CHECK_FAILED, failure.kind());
        assertEquals(Optional.of(NodeInstall.Reason.NO_LOCKFILE), NodeInstall.Reason.of(failure));
        assertTrue(
                failure.getMessage().startsWith("no lockfile: package.json declares dependencies, but "),
                failure.getMessage());
        assertFalse(failure.fixes().isEmpty());
    }

    @Test
    void a_lockfile_that_is_a_symbolic_link_does_not_count_and_the_reason_says_so() throws IOException {
        Files.writeString(project.resolve("package.json"), WITH_DEPENDENCIES);
        Path outside = Files.writeString(tmp.resolve("elsewhere.yaml"), "");
        Files.createSymbolicLink(project.resolve("pnpm-lock.yaml"), outside);

        Failure failure = assertThrows(Failure.class, () -> NodeInstall.plan(project, env));

        assertEquals(Optional.of(NodeInstall.Reason.NO_LOCKFILE), NodeInstall.Reason.of(failure));
        assertTrue(
                failure.getMessage().contains("pnpm-lock.yaml is there but not a regular file"), failure.getMessage());
    }

    @Test
    void the_chosen_installer_missing_from_path_fails_without_falling_back_to_another() throws IOException {
        Files.writeString(project.resolve("package.json"), WITH_DEPENDENCIES);
        Files.writeString(project.resolve("pnpm-lock.yaml"), "");
        Files.writeString(project.resolve("package-lock.json"), "{}");
        Files.delete(bin.resolve("pnpm"));

        Failure failure = assertThrows(Failure.class, () -> NodeInstall.plan(project, env));

        assertEquals(Optional.of(NodeInstall.Reason.INSTALLER_NOT_FOUND), NodeInstall.Reason.of(failure));
        assertEquals(
                "installer not found: pnpm-lock.yaml selects pnpm install --frozen-lockfile, but pnpm is not on"
                        + " PATH",
                failure.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"dependencies\": {", "[1, 2]", "{\"dependencies\": [\"left-pad\"]}"})
    void an_unreadable_package_json_fails_with_the_named_reason(String manifest) throws IOException {
        Files.writeString(project.resolve("package.json"), manifest);

        Failure failure = assertThrows(Failure.class, () -> NodeInstall.plan(project, env));

        assertEquals(Failure.Kind.CHECK_FAILED, failure.kind());
        assertEquals(Optional.of(NodeInstall.Reason.PACKAGE_JSON_UNREADABLE), NodeInstall.Reason.of(failure));
    }

    @Test
    void a_successful_install_runs_in_the_folder_with_the_given_environment() throws IOException {
        installer("npm", "echo \"$@\" > ran.txt\necho \"$REGISTRY\" >> ran.txt\n");
        Path output = tmp.resolve("install.out");

        NodeInstall.run(
                NPM, project, Map.of("PATH", env.get("PATH"), "REGISTRY", "local"), Duration.ofSeconds(20), output);

        assertEquals("ci\nlocal\n", Files.readString(project.resolve("ran.txt")));
    }

    @Test
    void a_failed_install_names_the_installer_and_exit_code_and_shows_the_redacted_end_of_its_output()
            throws IOException {
        installer("npm", """
                i=0
                while [ $i -lt 200 ]; do echo "resolving package $i"; i=$((i+1)); done
                echo "npm ERR! 401 Unauthorized: token $NPM_TOKEN rejected"
                echo 'npm ERR! tried ghp_1234567890abcdefghijABCDEFGHIJ123456'
                exit 3
                """);
        Path output = tmp.resolve("install.out");

        Failure failure = assertThrows(
                Failure.class,
                () -> NodeInstall.run(
                        NPM,
                        project,
                        Map.of("PATH", env.get("PATH"), "NPM_TOKEN", "npm_s3cret_value"),
                        Duration.ofSeconds(20),
                        output));

        assertEquals(Failure.Kind.CHECK_FAILED, failure.kind());
        assertEquals(Optional.of(NodeInstall.Reason.INSTALL_FAILED), NodeInstall.Reason.of(failure));
        String message = failure.getMessage();
        assertTrue(
                message.startsWith("install failed: npm ci failed with exit code 3; the end of its output:\n"),
                message);
        assertTrue(message.contains("npm ERR! 401 Unauthorized: token [redacted] rejected"), message);
        assertTrue(message.contains("npm ERR! tried [redacted]"), message);
        assertFalse(message.contains("npm_s3cret_value") || message.contains("ghp_"), message);
        assertFalse(message.contains("resolving package 0\n"), "only the end is kept");
        assertTrue(message.length() < NodeInstall.TAIL_CHARS + 200, "bounded: " + message.length());
        assertTrue(String.join("\n", failure.fixes()).contains(output.toString()));
        assertTrue(Files.readString(output).contains("resolving package 0\n"), "the whole output stays in the file");
    }

    @Test
    void an_install_past_its_limit_is_stopped_and_named() throws IOException {
        installer("yarn", "sleep 30\n");

        Failure failure = assertThrows(
                Failure.class,
                () -> NodeInstall.run(YARN, project, env, Duration.ofSeconds(1), tmp.resolve("install.out")));

        assertTrue(
                failure.getMessage()
                        .startsWith("install failed: yarn install --frozen-lockfile ran past its limit"
                                + " of 1 s and was stopped"),
                failure.getMessage());
    }

    private void installer(String name, String body) throws IOException {
        Path script = bin.resolve(name);
        Files.writeString(script, "#!/bin/sh\n" + body);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
}
