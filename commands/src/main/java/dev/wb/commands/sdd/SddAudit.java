package dev.wb.commands.sdd;

import static dev.wb.commands.plan.PlanFile.readPlan;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.ContentStore;
import dev.wb.commands.EventService;
import dev.wb.commands.Session;
import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.git.Repositories;
import dev.wb.commands.plan.CriticalZones;
import dev.wb.commands.plan.PlanReader;
import dev.wb.commands.sdd.AuditReport.Mode;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.git.BlobRead;
import dev.wb.git.GitException;
import dev.wb.git.GitRepository;
import dev.wb.projections.audit.AuditGate;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@code wb sdd audit KEY [--rebaseline]}: checks the plan against the code, records the audit as
 * an event of the task (passing or not), stores the audited plan by digest, and renders
 * {@code audit.json} from what was recorded.
 */
public final class SddAudit {

    /** What the audit found and recorded. */
    public record Result(
            TaskKey key,
            AuditReport report,
            String planDigest,
            Optional<String> head,
            AuditGate.State before,
            List<EventEnvelope> appended,
            Path auditJson,
            ObjectNode auditView) {

        public boolean passed() {
            return report.passed();
        }
    }

    private SddAudit() {}

    public static Result run(Session session, TaskKey key, boolean rebaseline) {
        byte[] bytes = readPlan(session, key);
        PlanReader.Reading reading = PlanReader.read(bytes, key);
        WorkspaceConfig config = WorkspaceConfig.load(session.workspace());
        Auditor auditor = new Auditor(
                session.workspace().root(),
                CriticalZones.with(config.criticalZones()),
                config.presets().bar());
        // Stored before the event that names it, so a recorded digest always has its plan: the
        // canonical JSON (what the digest is of), or the raw bytes of a plan that is not JSON.
        new ContentStore(session.workspace())
                .put(reading.canonical().map(CanonicalJson::bytes).orElse(bytes));
        try (GitRepository git = Repositories.open(session.workspace())) {
            Optional<String> head = git.head();
            AtomicReference<AuditReport> report = new AtomicReference<>();
            EventService.Decided<AuditGate.State, Void> outcome = new EventService(session)
                    .decideEvents(StreamId.task(key), AuditGate.INSTANCE, state -> {
                        Mode mode = AuditDecider.mode(state, rebaseline);
                        AuditReport found = reading.plan()
                                .map(plan -> auditor.audit(
                                        plan,
                                        reading.problems(),
                                        reading.notices(),
                                        mode,
                                        state.baseline(),
                                        baselineFiles(git, state.baseline()),
                                        bytes.length))
                                .orElseGet(() -> unreadable(mode, state.baseline(), reading.problems()));
                        report.set(found);
                        return AuditDecider.decide(state, found, reading.digest(), head);
                    });
            ObjectNode view = AuditView.render(key, outcome.appended().get(0), bytes, details(report.get()));
            Path file = AuditView.write(session.workspace(), view, key);
            return new Result(
                    key, report.get(), reading.digest(), head, outcome.stateBefore(), outcome.appended(), file, view);
        } catch (GitException e) {
            throw Repositories.failure(e);
        }
    }

    /** Each citation's explanation by index: said by this run, not recorded (the event keeps the verdicts). */
    private static Map<Integer, String> details(AuditReport report) {
        Map<Integer, String> details = new HashMap<>();
        report.citations().forEach(c -> details.put(c.index(), c.detail()));
        return details;
    }

    private static AuditReport unreadable(Mode mode, Optional<String> anchor, List<String> problems) {
        return new AuditReport(
                mode,
                anchor,
                List.of(),
                List.of(),
                problems,
                AuditReport.Tier.STANDARD,
                "no files listed",
                new TreeSet<>(),
                List.of(),
                List.of());
    }

    /** The files at the anchored commit, read through the read-only git module. */
    private static Auditor.BaselineFiles baselineFiles(GitRepository git, Optional<String> anchor) {
        if (anchor.isEmpty()) {
            return Auditor.BaselineFiles.NONE;
        }
        return new Auditor.BaselineFiles() {
            @Override
            public Optional<SourceText> text(String path) {
                BlobRead read = git.blobAt(anchor.get(), path, SourceText.MAX_BYTES);
                return read instanceof BlobRead.Found found ? SourceText.decode(found.bytes()) : Optional.empty();
            }

            @Override
            public boolean exists(String path) {
                return !(git.blobAt(anchor.get(), path, 0) instanceof BlobRead.Absent);
            }
        };
    }
}
