package dev.wb.commands;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes plans (sdd.json, the original workbench's schema 1) for tests: a valid light plan by default,
 * changed one field at a time.
 */
public final class PlanFixture {

    private final ObjectNode plan = CanonicalJson.objectNode();

    private PlanFixture(String key) {
        plan.put("schema", 1);
        plan.put("key", key);
        plan.put("preset", "scaleup");
        plan.put("persona", "fullstack-specialist");
        plan.put("objective", "make the change " + key + " describes");
        plan.putArray("evidence");
        plan.putArray("files");
        plan.putObject("zones");
        plan.putArray("steps").addObject().put("do", "make the change");
        plan.putArray("tests").addObject().put("kind", "unit").put("asserts", "the change holds");
        plan.putArray("verify").add("python -m pytest -q");
        plan.put("rollback", "revert the commit");
        plan.putObject("product");
        plan.putArray("questions");
    }

    public static PlanFixture plan(String key) {
        return new PlanFixture(key);
    }

    public PlanFixture cite(String file, int line, String quote) {
        ((ArrayNode) plan.get("evidence"))
                .addObject()
                .put("claim", "the code says so")
                .put("file", file)
                .put("line", line)
                .put("quote", quote);
        return this;
    }

    public PlanFixture file(String path, String change) {
        ((ArrayNode) plan.get("files"))
                .addObject()
                .put("path", path)
                .put("change", change)
                .put("why", "the task needs it");
        return this;
    }

    /** Declares a critical zone with the plan's paths in it: {@code "zones": {zone: [paths]}}. */
    public PlanFixture zone(String zone, String... paths) {
        ArrayNode listed = ((ObjectNode) plan.get("zones")).putArray(zone);
        for (String path : paths) {
            listed.add(path);
        }
        return this;
    }

    /** {@code "handover": {"symptom_plain": symptom, "qa_steps": [steps]}}. */
    public PlanFixture handover(String symptom, String... qaSteps) {
        ObjectNode handover = plan.putObject("handover").put("symptom_plain", symptom);
        ArrayNode steps = handover.putArray("qa_steps");
        for (String step : qaSteps) {
            steps.add(step);
        }
        return this;
    }

    /** {@code "product": {"metric": metric, "who_asked": whoAsked}}. */
    public PlanFixture product(String metric, String whoAsked) {
        plan.putObject("product").put("metric", metric).put("who_asked", whoAsked);
        return this;
    }

    public PlanFixture flag(String field, boolean value) {
        plan.put(field, value);
        return this;
    }

    public PlanFixture set(String field, String value) {
        plan.put(field, value);
        return this;
    }

    public ObjectNode json() {
        return plan;
    }

    /** Writes {@code .workflow/KEY/sdd.json}. */
    public PlanFixture writeTo(TempGitRepo repo) {
        return writeTo(repo.root());
    }

    /** Writes {@code .workflow/KEY/sdd.json} under a work tree's root. */
    public PlanFixture writeTo(Path root) {
        try {
            Path file = root.resolve(".workflow/" + plan.get("key").asText() + "/sdd.json");
            Files.createDirectories(file.getParent());
            Files.writeString(file, CanonicalJson.text(plan, true) + "\n");
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
