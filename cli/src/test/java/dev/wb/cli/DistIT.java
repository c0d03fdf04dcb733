package dev.wb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wb.testkit.TempGitRepo;
import dev.wb.testkit.TempGitRepo.ProcessResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The distribution as a user gets it: the build's wb-&lt;version&gt;.tar.gz unpacked into a folder far from
 * the checkout, with a home of its own (no ~/.m2), then {@code bin/wb --version} and {@code wb demo} run
 * from another folder, with the launcher's own JDK selection and the warm server off.
 */
class DistIT {

    private static final Path TARGET = Path.of(System.getProperty("user.dir")).resolve("target");

    @TempDir
    Path tmp;

    @Test
    void the_unpacked_distribution_runs_version_and_the_demo_from_any_folder() throws IOException {
        Path archive = only(TARGET, "wb-", ".tar.gz");
        Path unpacked = Files.createDirectories(tmp.resolve("opt"));
        Path home = Files.createDirectories(tmp.resolve("home"));
        Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere"));
        Map<String, String> env = new HashMap<>(TempGitRepo.gitEnvironment());
        env.put("HOME", home.toString());
        env.put("WB_SERVER", "off");
        ProcessResult untar = TempGitRepo.Processes.run(unpacked, List.of("tar", "xzf", archive.toString()), env, 60);
        assertEquals(0, untar.exitCode(), untar.stderr());
        Path root = only(unpacked, "wb-", "");
        for (String file : List.of("bin/wb", "bin/wb-java", "bin/make-cds", "lib/wb.jar", "LICENSE")) {
            assertTrue(Files.exists(root.resolve(file)), file + " is in the distribution");
        }
        assertTrue(Files.isExecutable(root.resolve("bin/wb")), "bin/wb is executable once unpacked");
        try (Stream<Path> jars = Files.list(root.resolve("lib/lib"))) {
            assertTrue(jars.anyMatch(j -> j.getFileName().toString().startsWith("chronicle-queue")));
        }

        ProcessResult version = TempGitRepo.Processes.run(
                elsewhere, List.of(root.resolve("bin/wb").toString(), "--version"), env, 60);
        assertEquals(0, version.exitCode(), version.stderr());
        assertTrue(version.stdout().startsWith("wb "), version.stdout());

        ProcessResult demo = TempGitRepo.Processes.run(
                elsewhere, List.of(root.resolve("bin/wb").toString(), "demo", "--json"), env, 180);
        assertEquals(0, demo.exitCode(), demo.stderr());
        JsonNode doc = new ObjectMapper().readTree(demo.stdout());
        assertTrue(doc.get("asExpected").asBoolean(), demo.stdout());
        assertTrue(Files.isRegularFile(Path.of(doc.get("page").asText())), "the demo wrote its task's page");
        try (Stream<Path> left = Files.list(elsewhere)) {
            assertEquals(0, left.count(), "the demo leaves the folder it ran in untouched");
        }
        assertFalse(Files.exists(home.resolve(".m2")), "an installed wb needs no Maven repository");
    }

    private static Path only(Path dir, String prefix, String suffix) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> found = files.filter(f -> {
                        String name = f.getFileName().toString();
                        return name.startsWith(prefix) && name.endsWith(suffix);
                    })
                    .toList();
            assertEquals(1, found.size(), "one " + prefix + "*" + suffix + " in " + dir + ": " + found);
            return found.get(0);
        }
    }
}
