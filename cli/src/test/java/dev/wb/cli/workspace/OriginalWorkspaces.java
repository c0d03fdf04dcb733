package dev.wb.cli.workspace;

import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Stream;

/**
 * A repository as the three originals left it (src/test/resources/originals/): the workbench's
 * {@code .workflow/ABC-1/} (the reference's example plan with audit.json, evidence.json and git.log.json
 * in its shapes), the orchestrator's {@code .worc/flows/custom.yaml} (the reference's Example A) and
 * {@code .worc/tools/check_journey}, and the judge's {@code .akrctx/} capsule, policy and v6 record.
 */
final class OriginalWorkspaces {

    static final Path FIXTURES = Path.of(System.getProperty("user.dir")).resolve("src/test/resources/originals");
    static final List<String> ALL = List.of("workbench", "worc", "judge");

    private OriginalWorkspaces() {}

    /** A real git repository holding the originals' files (of the named fixtures), committed. */
    static TempGitRepo repository(Path parent, String name, String... fixtures) {
        TempGitRepo repo = TempGitRepo.create(parent, name);
        repo.write("src/checkout.py", """
                def checkout(total, coupon):
                    charge = create_charge(total)
                    validate(coupon)
                    return charge
                """);
        for (String fixture : fixtures.length == 0 ? ALL.toArray(String[]::new) : fixtures) {
            copyTree(FIXTURES.resolve(fixture), repo.root());
        }
        repo.commitAll("the originals' workspace");
        return repo;
    }

    static void copyTree(Path from, Path to) {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                Path target = to.resolve(from.relativize(file).toString());
                Files.createDirectories(target.getParent());
                Files.copy(file, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);
            }
            Path tool = to.resolve(".worc/tools/check_journey");
            if (Files.exists(tool)) {
                tool.toFile().setExecutable(true, false);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The fixture file's bytes, as the reference writes it. */
    static byte[] bytes(String fixture, String relative) {
        try {
            return Files.readAllBytes(FIXTURES.resolve(fixture).resolve(relative));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
