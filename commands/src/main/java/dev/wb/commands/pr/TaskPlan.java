package dev.wb.commands.pr;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.InputFiles;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.plan.Plan;
import dev.wb.commands.plan.PlanFile;
import dev.wb.commands.plan.PlanReader;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * What a pull request is written from about the task itself: its plan when {@code sdd.json} reads as
 * one, and its kind of work, from the plan's {@code ticket_type}, else triage.json's {@code type} (as
 * {@code wb route} reads them). A plan or triage file that cannot be read is no plan, no type.
 */
record TaskPlan(Optional<Plan> plan, String ticketType) {

    static TaskPlan of(Session session, TaskKey key) {
        Optional<Plan> plan;
        try {
            plan = PlanFile.plan(session.workspace().root(), PlanFile.planFile(session, key))
                    .flatMap(bytes -> PlanReader.read(bytes, key).plan());
        } catch (Failure unusable) {
            plan = Optional.empty();
        }
        String type = plan.flatMap(Plan::ticketType).orElseGet(() -> triageType(session, key));
        return new TaskPlan(plan, type.strip());
    }

    /**
     * Whether the work owes a handover: the plan says so ({@code handover_required}, else its ticket
     * type); without a plan, triage's type is a handover type; and an {@code incident-} task always does.
     */
    boolean owesHandover(TaskKey key) {
        boolean byType =
                plan.map(Plan::needsHandover).orElse(Plan.HANDOVER_TYPES.contains(ticketType.toLowerCase(Locale.ROOT)));
        return byType || key.value().startsWith("incident-");
    }

    /** The kind of work as a message names it: the ticket type, else incident. */
    String kind() {
        return ticketType.isEmpty() ? "incident" : ticketType;
    }

    private static String triageType(Session session, TaskKey key) {
        Path triage = session.workspace().workflowDir().resolve(key.value()).resolve("triage.json");
        try {
            Optional<InputFiles.Content> content =
                    InputFiles.read(session.workspace().root(), triage, InputFiles.Kind.PLAN);
            if (content.isEmpty()) {
                return "";
            }
            JsonNode doc = CanonicalJson.parse(content.get().textBytes());
            return doc.path("type").asText("");
        } catch (InputFiles.Unusable | IllegalArgumentException e) {
            return ""; // a triage that cannot be read says nothing of the type
        }
    }
}
