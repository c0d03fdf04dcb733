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
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.git.BlobRead;
import dev.wb.git.GitException;
import dev.wb.git.GitRepository;
import dev.wb.git.TreeSearch;
import dev.wb.projections.audit.AuditGate;
import dev.wb.projections.events.audit.AuditMode;
import dev.wb.projections.events.audit.AuditTier;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

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
        // Stored before the event that names it, so a recorded digest always has its plan: the
        // canonical JSON (what the digest is of), or the raw bytes of a plan that is not JSON.
        new ContentStore(session.workspace())
                .put(reading.canonical().map(CanonicalJson::bytes).orElse(bytes));
        try (GitRepository git = Repositories.open(session.workspace(), session.env())) {
            Optional<String> head = git.head();
            Auditor auditor = new Auditor(
                    session.workspace().root(),
                    CriticalZones.with(config.criticalZones()),
                    config.presets().bar(),
                    head.map(commit -> baselineFiles(git, Optional.of(commit))));
            // The audit reads the files and the anchored commit: it is gathered for the state the log
            // holds, and run again on the new state when another audit lands in between, so it is never
            // recorded against an anchor that moved. The decision itself is pure.
            EventService.Decided<AuditGate.State, AuditReport> outcome = new EventService(session)
                    .decide(
                            StreamId.task(key),
                            AuditGate.INSTANCE,
                            state -> audit(
                                    auditor, git, reading, bytes.length, AuditDecider.mode(state, rebaseline), state),
                            (state, report) -> AuditDecider.decide(state, report, reading.digest(), head));
            AuditReport report = outcome.result();
            ObjectNode view = AuditView.render(key, outcome.appended().get(0), bytes, details(report));
            Path file = AuditView.write(session.workspace(), view, key);
            return new Result(
                    key, report, reading.digest(), head, outcome.stateBefore(), outcome.appended(), file, view);
        } catch (GitException e) {
            throw Repositories.failure(e);
        }
    }

    /** Runs the auditor in the mode the state implies, against the state's anchor: the audit's I/O. */
    private static AuditReport audit(
            Auditor auditor,
            GitRepository git,
            PlanReader.Reading reading,
            int size,
            AuditMode mode,
            AuditGate.State state) {
        return reading.plan()
                .map(plan -> auditor.audit(
                        new Auditor.Input(plan, reading.problems(), reading.notices(), size),
                        mode,
                        state.baseline(),
                        baselineFiles(git, state.baseline())))
                .orElseGet(() -> unreadable(mode, state.baseline(), reading.problems()));
    }

    /** Each citation's explanation by index: said by this run, not recorded (the event keeps the verdicts). */
    private static Map<Integer, String> details(AuditReport report) {
        Map<Integer, String> details = new HashMap<>();
        report.citations().forEach(c -> details.put(c.index(), c.detail()));
        return details;
    }

    private static AuditReport unreadable(AuditMode mode, Optional<String> anchor, List<String> problems) {
        return new AuditReport(
                mode,
                anchor,
                List.of(),
                List.of(),
                problems,
                AuditTier.STANDARD,
                "no files listed",
                new TreeSet<>(),
                List.of(),
                List.of());
    }

    /** The files as committed at {@code commit}, read through the read-only git module. */
    static Auditor.BaselineFiles committedAt(GitRepository git, String commit) {
        return baselineFiles(git, Optional.of(commit));
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

            @Override
            public Optional<TreeSearch> search(TreeSearch.Query query) {
                try {
                    return Optional.of(git.searchAt(anchor.get(), query));
                } catch (GitException e) {
                    return Optional.of(new TreeSearch(List.of(), 0, false)); // unsearchable: fails as incomplete
                }
            }
        };
    }
}
