package dev.wb.commands.sdd;

import dev.wb.commands.EventService;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.git.Repositories;
import dev.wb.commands.plan.CriticalZones;
import dev.wb.commands.plan.PlanFile;
import dev.wb.commands.plan.PlanReader;
import dev.wb.commands.sdd.AuditReport.CitationFinding;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.git.GitException;
import dev.wb.git.GitRepository;
import dev.wb.projections.events.audit.CitationsChecked;
import dev.wb.projections.events.audit.PlanAudited;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * {@code wb cite check FILE}: the citations of one JSON document with an {@code evidence} array (a
 * plan, or a file of citations) checked on their own, without a task, exactly as a first audit checks
 * them, and recorded as a {@code citations.checked} event of the workspace.
 */
public final class CiteCheck {

    /** What was checked and recorded. */
    public record Result(String file, List<CitationFinding> citations, List<String> structure, EventEnvelope event) {

        public Result {
            citations = List.copyOf(citations);
            structure = List.copyOf(structure);
        }

        public boolean passed() {
            return structure.isEmpty() && citations.stream().allMatch(CitationFinding::passes);
        }

        public long failures() {
            return structure.size()
                    + citations.stream().filter(c -> !c.passes()).count();
        }
    }

    private CiteCheck() {}

    /** Checks {@code file}; exit 6 when there is none, 7 when it is no file wb reads (InputFiles). */
    public static Result run(Session session, Path file) {
        Path root = session.workspace().root();
        Path absolute = file.toAbsolutePath().normalize();
        String shown = absolute.startsWith(root) ? root.relativize(absolute).toString() : absolute.toString();
        byte[] bytes = PlanFile.plan(root, absolute)
                .orElseThrow(() -> Failure.missing(
                        "no such file: " + shown,
                        "name a JSON file with an evidence array, like a plan: wb cite check .workflow/KEY/sdd.json"));
        PlanReader.Evidence evidence = PlanReader.evidence(bytes, shown);
        List<String> structure = evidence.problems(); // a missing or empty evidence array is one
        WorkspaceConfig config = WorkspaceConfig.load(session.workspace());
        try (GitRepository git = Repositories.open(session.workspace(), session.env())) {
            Optional<String> head = git.head();
            Auditor auditor = new Auditor(
                    root,
                    CriticalZones.with(config.criticalZones()),
                    config.presets().bar(),
                    head.map(commit -> SddAudit.committedAt(git, commit)));
            List<CitationFinding> findings = auditor.citations(evidence.citations());
            boolean passed = structure.isEmpty() && findings.stream().allMatch(CitationFinding::passes);
            CitationsChecked event = new CitationsChecked(
                    shown, passed, findings.stream().map(CiteCheck::recorded).toList(), structure);
            EventEnvelope recorded = new EventService(session)
                    .record(StreamId.workspace(), event)
                    .get(0);
            return new Result(shown, findings, structure, recorded);
        } catch (GitException e) {
            throw Repositories.failure(e);
        }
    }

    private static PlanAudited.Citation recorded(CitationFinding c) {
        return new PlanAudited.Citation(c.index(), Optional.of(c.file()), c.line(), c.verdict(), c.passes(), c.at());
    }
}
