package dev.wb.commands.judge.record;

import static dev.wb.commands.judge.snapshot.JudgeFixture.ENV;
import static dev.wb.commands.judge.snapshot.JudgeFixture.TASK;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.Session;
import dev.wb.commands.capsule.Capsule;
import dev.wb.commands.capsule.ValidationBlock;
import dev.wb.commands.judge.core.Timings;
import dev.wb.commands.judge.run.JudgeRun;
import dev.wb.commands.judge.run.Receipt;
import dev.wb.commands.judge.snapshot.Candidate;
import dev.wb.commands.judge.snapshot.JudgeFixture;
import dev.wb.commands.judge.snapshot.Snapshot;
import dev.wb.commands.policy.ReadPolicy;
import dev.wb.engine.TestEvents;
import dev.wb.engine.json.CanonicalJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * A repository, a snapshot of a change, a run of its validation, and a writer of the review record
 * that approves it: each verification test starts from that valid APPROVED record and changes one thing.
 */
class ReviewFixture {

    static final String TASK_MD = "# Task\n\n## Validation\n\n```\ntrue\ntrue --optional-check  # optional\n```\n";
    static final String CRITERIA = "- AC-1: it works\n- AC-2: it is tested\n";

    final JudgeFixture fx;
    final Snapshot snapshot;
    final String receipt;
    Path file;

    /** The capsule's task.md is {@code taskMd} with its optional command replaced by {@code optionalCommand}. */
    ReviewFixture(Path dir, String taskMd, String criteria, String optionalCommand) throws IOException {
        fx = JudgeFixture.create(dir.resolve("r" + System.nanoTime())).capsule(TASK, "true\n");
        fx.repo.write(".workflow/TASK-1/task.md", taskMd.replace("true --optional-check", optionalCommand));
        fx.repo.write(".workflow/TASK-1/acceptance-criteria.md", criteria);
        fx.repo.write("docs/guide.md", "# Guide\n\n## Behaviour\n\ntext\n");
        fx.repo.write("src/App.java", "class App { int x; }\n");
        snapshot = fx.snapshot("main", false).snapshot();
        Capsule capsule = Capsule.read(snapshot.worktree(), TASK, ReadPolicy.none());
        String digest = null;
        if (capsule.validation().shape().approvable()) {
            try (Session session = new Session(fx.workspace(), System.getenv(), TestEvents.invocation())) {
                JudgeRun.Result run = JudgeRun.run(
                        session,
                        new JudgeRun.Request(
                                TASK,
                                snapshot.id(),
                                capsule.validation().normalizedCommands(),
                                false,
                                false,
                                Optional.empty()),
                        ENV,
                        Clock.systemUTC(),
                        Timings.OFF,
                        JudgeRun.Progress.NONE);
                digest = run.receipt().map(Receipt.Written::digest).orElse(null);
            }
        }
        receipt = digest;
    }

    /** The valid APPROVED record of the snapshot, changed by {@code change}, written where a caller saves it. */
    ReviewFixture record(Consumer<ObjectNode> change) throws IOException {
        ObjectNode doc = CanonicalJson.objectNode();
        doc.put("schemaVersion", 6);
        doc.put("taskId", TASK.value());
        doc.set(
                "scope",
                fx.scope(snapshot.base(), new Candidate.Snapshot(snapshot.id())).toJson());
        doc.put("verdict", "APPROVED");
        ArrayNode tests = doc.putArray("tests");
        Capsule capsule = Capsule.read(snapshot.worktree(), TASK, ReadPolicy.none());
        if (capsule.validation().shape() != ValidationBlock.Shape.DOCUMENTATION) {
            capsule.validation()
                    .commands()
                    .forEach(c ->
                            tests.addObject().put("command", c.normalized()).put("status", "passed"));
        }
        ArrayNode criteria = doc.putArray("criteria");
        capsule.criteria()
                .ids()
                .forEach(id -> criteria.addObject()
                        .put("id", id)
                        .put("status", "pass")
                        .put("evidence", "seen in src/App.java"));
        doc.putArray("observations");
        doc.put("reviewedAt", "2026-11-30T10:00:00Z");
        if (receipt != null) {
            doc.put("receiptDigest", receipt);
        }
        change.accept(doc);
        file = fx.repo.resolve(".workflow/local/judge/TASK-1/review.json");
        Files.createDirectories(file.getParent());
        Files.writeString(file, CanonicalJson.text(doc, true));
        return this;
    }

    RecordVerification.Outcome verify(RecordVerification.Evidence evidence) {
        return RecordVerification.verify(fx.workspace(), file, evidence, ENV);
    }

    RecordVerification.Outcome pinned() {
        return verify(new RecordVerification.Pinned(receipt));
    }
}
