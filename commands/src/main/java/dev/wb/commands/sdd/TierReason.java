package dev.wb.commands.sdd;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.projections.events.PlannedFile;
import dev.wb.projections.events.audit.AuditTier;
import dev.wb.projections.events.audit.PlanAudited;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Why an audit landed on its tier, in the original's words ({@code sdd.tier}'s reason, recorded as
 * {@code tier_reason} in audit.json). Read from what the audit recorded (the tier, the planned files,
 * the zones they touch) and the plan it audited (its ticket type), never recomputing the tier itself.
 */
public final class TierReason {

    /** The original's ticket types whose audience is not only engineering (sdd.HANDOVER_TYPES). */
    static final Set<String> HANDOVER_TYPES =
            Set.of("bug", "support", "incident", "defect", "problem", "service request");

    private TierReason() {}

    /**
     * The tier's reason, as the original's audit.json words it.
     *
     * @param audited the recorded audit
     * @param plan the plan it audited, as read (a missing node when it was not JSON)
     */
    public static String of(PlanAudited audited, JsonNode plan) {
        int files = audited.plan().files().size();
        if (audited.rigour().tier() == AuditTier.LIGHT) {
            return files + " file(s), no critical zone";
        }
        if (files > 2) {
            return files + " files (light is up to 2)";
        }
        List<String> zones = audited.plan().zones();
        if (!zones.isEmpty()) {
            return "touches " + String.join(", ", zones);
        }
        String type = plan.path("ticket_type").isTextual()
                ? plan.get("ticket_type").textValue().strip()
                : "";
        if (plan.path("handover_required").asBoolean(false) || HANDOVER_TYPES.contains(type.toLowerCase(Locale.ROOT))) {
            return (type.isEmpty() ? "support" : type) + " work has a non-engineering audience";
        }
        if (files == 0) {
            return "no files listed";
        }
        for (PlannedFile file : audited.plan().files()) {
            if (file.path().endsWith("/")) {
                return "files lists a folder (" + file.path() + "), which may hold any zone";
            }
        }
        return "standard";
    }
}
