package dev.wb.commands.route;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.Session;
import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.plan.CriticalZones;
import dev.wb.commands.plan.Plan;
import dev.wb.commands.plan.PlanFile;
import dev.wb.commands.plan.PlanReader;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.PlannedFile;
import dev.wb.projections.events.audit.AuditTier;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;

/**
 * {@code wb route}: the steps a change needs, in order. The light route (five steps) or the full one
 * (eight), from the same tier rule the audit applies to a plan ({@code wb sdd audit}); before there is
 * a plan, from the files the user names. Read-only: it records nothing.
 */
public final class Route {

    /** Light is up to this many files (the audit's rule). */
    static final int LIGHT_MAX_FILES = 2;

    /** What the light tier leaves out of a plan; the floor (citations, files, verify, rollback) stays. */
    public static final List<String> LIGHT_WAIVES = List.of("steps", "product");

    /** One step of the full route: its name, the original's skill that does it, and wb's command that proves it. */
    public enum Step {
        TRIAGE("triage", "triage-task", "wb task get %s"),
        FRAME("frame", "frame-product", ""),
        PLAN("plan", "plan-change", "wb sdd audit %s"),
        IMPLEMENT("implement", "implement-change", "wb impl check %s"),
        VERIFY("verify", "implement-change", "wb impl verify %s"),
        HANDOVER("handover", "write-handover", "wb sdd handover %s"),
        COMMIT("commit", "write-commit", "wb git commit %s"),
        PR("pr", "draft-pr", "wb pr check %s");

        private final String word;
        private final String skill;
        private final String check;

        Step(String word, String skill, String check) {
            this.word = word;
            this.skill = skill;
            this.check = check;
        }

        public String word() {
            return word;
        }

        public String skill() {
            return skill;
        }

        /** wb's command that proves the step happened; empty when wb has none. */
        public String check(TaskKey key) {
            return check.isEmpty() ? "" : String.format(Locale.ROOT, check, key.value());
        }

        /** Whether the light route keeps it. */
        boolean light() {
            return this == TRIAGE || this == PLAN || this == IMPLEMENT || this == VERIFY || this == COMMIT;
        }
    }

    /** The route of one task: its tier, why, and its steps in order. */
    public record Result(TaskKey key, AuditTier tier, String reason, List<Step> steps) {
        public Result {
            steps = List.copyOf(steps);
        }
    }

    private Route() {}

    /**
     * The route of {@code key}: from its plan when {@code .workflow/KEY/sdd.json} reads as one, else
     * from {@code files} (the paths the change will touch).
     */
    public static Result of(Session session, TaskKey key, List<String> files) {
        Optional<Plan> plan = PlanFile.plan(session.workspace().root(), PlanFile.planFile(session, key))
                .flatMap(bytes -> PlanReader.read(bytes, key).plan());
        CriticalZones zones =
                CriticalZones.with(WorkspaceConfig.load(session.workspace()).criticalZones());
        String kind = plan.flatMap(Plan::ticketType).orElseGet(() -> triageType(session, key));
        boolean handover = plan.map(Plan::needsHandover)
                .orElse(Plan.HANDOVER_TYPES.contains(kind.strip().toLowerCase(Locale.ROOT)));
        List<String> paths = files.isEmpty() && plan.isPresent()
                ? plan.get().files().stream().map(PlannedFile::path).toList()
                : files;
        AuditTier tier;
        String reason;
        if (plan.isEmpty() && paths.isEmpty()) {
            tier = AuditTier.STANDARD;
            reason = "no plan and no files named yet; assuming the full route";
        } else {
            String[] why = new String[1];
            tier = tier(paths, zones, handover, kind, why);
            reason = why[0];
        }
        List<Step> steps = new ArrayList<>();
        for (Step step : Step.values()) {
            if (tier == AuditTier.STANDARD || step.light() || (step == Step.HANDOVER && handover)) {
                steps.add(step);
            }
        }
        return new Result(key, tier, reason, steps);
    }

    /** The audit's tier rule over the paths; the reason is written into {@code why[0]}. */
    static AuditTier tier(List<String> paths, CriticalZones zones, boolean handover, String kind, String[] why) {
        Set<String> claimed = new LinkedHashSet<>(paths);
        SortedMap<String, SortedSet<String>> touched = zones.touched(claimed);
        AuditTier tier = AuditTier.STANDARD;
        if (paths.size() > LIGHT_MAX_FILES) {
            why[0] = paths.size() + " files (light is up to " + LIGHT_MAX_FILES + ")";
        } else if (!touched.isEmpty()) {
            why[0] = "touches " + String.join(", ", touched.keySet());
        } else if (handover) {
            why[0] = (kind.isBlank() ? "support" : kind) + " work has a non-engineering audience";
        } else if (paths.stream().anyMatch(p -> p.endsWith("/"))) {
            why[0] = "a folder is listed: it may hold any zone";
        } else {
            why[0] = paths.size() + " file(s), no critical zone";
            tier = AuditTier.LIGHT;
        }
        return tier;
    }

    /** The ticket type triage.json records ({@code wb task get}), empty when there is none. */
    private static String triageType(Session session, TaskKey key) {
        Path triage = session.workspace().workflowDir().resolve(key.value()).resolve("triage.json");
        try {
            JsonNode doc = CanonicalJson.parse(Files.readAllBytes(triage));
            return doc.path("type").asText("");
        } catch (IOException | IllegalArgumentException e) {
            return ""; // no triage to read: the type is unknown
        }
    }
}
