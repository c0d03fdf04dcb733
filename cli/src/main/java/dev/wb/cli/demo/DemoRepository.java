package dev.wb.cli.demo;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.judge.snapshot.Candidate;
import dev.wb.commands.judge.snapshot.JudgeScope;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.gitrun.ScratchRepository;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/** The demo's files, from wb's own resources. */
final class DemoRepository {
    private final Path root;
    private final Map<String, String> env;

    /** The demo repository at {@code root}, read with the run's environment {@code env}. */
    DemoRepository(Path root, Map<String, String> env) {
        this.root = root;
        this.env = env;
    }

    /**
     * A new repository in the temp folder with the demo shop committed on main, made by the one
     * module that writes to repositories (gitrun's scratch repository) with the run's git ({@code env}'s PATH).
     */
    static Path create(Map<String, String> env) throws IOException {
        Path root = Files.createTempDirectory(tempFolder(env), "wb-demo-").toRealPath();
        Map<String, String> files = new LinkedHashMap<>();
        files.put("src/prices.py", resource("prices.py"));
        files.put("src/cart.py", resource("cart.py"));
        files.put("Makefile", resource("Makefile"));
        files.put("README.md", "# demo shop\n\nA scratch repository made by wb demo.\n");
        ScratchRepository.create(root, files, "demo shop", env);
        return root;
    }

    /**
     * The run's temporary folder: its {@code TMPDIR} when that is an absolute path to a folder (the Unix
     * convention, which a warm server's warm-up uses to keep the demo inside its own folder), else the
     * JVM's ({@code java.io.tmpdir}).
     */
    static Path tempFolder(Map<String, String> env) {
        String tmpdir = env.getOrDefault("TMPDIR", "");
        if (tmpdir.startsWith("/") && Files.isDirectory(Path.of(tmpdir))) {
            return Path.of(tmpdir);
        }
        return Path.of(System.getProperty("java.io.tmpdir"));
    }

    static String resource(String name) throws IOException {
        try (InputStream in = DemoRepository.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException("wb's demo resource is missing: " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** The plan without its curl: a changed plan, audited again before verify runs. */
    void dropCurl() {
        edit(json -> {
            ArrayNode verify = json.putArray("verify");
            verify.add("make -s check");
        });
    }

    void copy(String resource, String target) {
        try (InputStream in = DemoRepository.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("wb's demo resource is missing: " + resource);
            }
            Path file = root.resolve(target);
            Files.createDirectories(file.getParent());
            Files.write(file, in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void write(String target, String content) {
        try {
            Path file = root.resolve(target);
            Files.createDirectories(file.getParent());
            Files.writeString(file, content, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The record the judge would return for the demo's snapshot: its scope block copied whole from
     * what wb judge scope --json prints, every criterion with its evidence, the receipt's results.
     */
    void review() {
        Workspace workspace = new Workspace(root);
        String candidate = DemoStages.snapshot(root);
        ObjectNode scope = JudgeScope.compute(
                        workspace,
                        new JudgeScope.Request(new TaskKey(DemoCmd.KEY), "main", Candidate.parse(candidate), List.of()),
                        env)
                .toJson();
        ObjectNode record = CanonicalJson.objectNode();
        record.put("schemaVersion", 6);
        record.put("taskId", DemoCmd.KEY);
        record.set("scope", scope);
        record.put("verdict", "APPROVED");
        record.putArray("tests")
                .addObject()
                .put("command", "make -s check")
                .put("status", "passed")
                .put("evidence", "receipt: passed, exit code 0");
        ArrayNode criteria = record.putArray("criteria");
        criteria.addObject()
                .put("id", "AC-1")
                .put("status", "pass")
                .put("evidence", "src/prices.py: total() returns round(sum, 2); make -s check passed in the receipt");
        criteria.addObject()
                .put("id", "AC-2")
                .put("status", "pass")
                .put("evidence", "src/cart.py prints total(); no other module in the boundary changes behaviour");
        record.putArray("observations").add("tests/test_rounding.py is not run by make check");
        record.put("reviewedAt", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
        record.put("receiptDigest", DemoStages.receipt(root));
        write(DemoStages.REVIEW, CanonicalJson.text(record, true) + "\n");
    }

    /** The plan, amended to list src/cart.py. */
    void planCart() {
        edit(json -> ((ArrayNode) json.get("files"))
                .addObject()
                .put("path", "src/cart.py")
                .put("change", "edit")
                .put("why", "the cart shows the rounded total"));
    }

    private void edit(Consumer<ObjectNode> change) {
        Path plan = root.resolve(".workflow/DEMO-1/sdd.json");
        try {
            ObjectNode json = CanonicalJson.parseObject(Files.readAllBytes(plan));
            change.accept(json);
            Files.writeString(plan, CanonicalJson.text(json, true) + "\n", StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
