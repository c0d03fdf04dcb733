package dev.wb.commands;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.testkit.TempGitRepo;

/** Writes plans (sdd.json) for tests: a valid light plan by default, changed one field at a time. */
public final class PlanFixture {

    private final ObjectNode plan = CanonicalJson.objectNode();

    private PlanFixture(String key) {
        plan.put("key", key);
        plan.put("objective", "make the change " + key + " describes");
        plan.putArray("evidence");
        plan.putArray("files");
        plan.putArray("zones");
        plan.putArray("steps").addObject().put("do", "make the change");
        plan.putArray("tests").addObject().put("kind", "unit").put("asserts", "the change holds");
        plan.putArray("verify").add("python -m pytest -q");
        plan.put("rollback", "revert the commit");
        plan.put("product", "nothing visible changes");
        plan.putArray("questions");
    }

    public static PlanFixture plan(String key) {
        return new PlanFixture(key);
    }

    public PlanFixture cite(String file, int line, String quote) {
        ((ArrayNode) plan.get("evidence")).addObject().put("claim", "the code says so").put("file", file)
                .put("line", line).put("quote", quote);
        return this;
    }

    public PlanFixture file(String path, String change) {
        ((ArrayNode) plan.get("files")).addObject().put("path", path).put("change", change).put("why", "the task needs it");
        return this;
    }

    public PlanFixture zone(String zone) {
        ((ArrayNode) plan.get("zones")).add(zone);
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
    public PlanFixture writeTo(java.nio.file.Path root) {
        try {
            java.nio.file.Path file = root.resolve(".workflow/" + plan.get("key").asText() + "/sdd.json");
            java.nio.file.Files.createDirectories(file.getParent());
            java.nio.file.Files.writeString(file, CanonicalJson.text(plan, true) + "\n");
            return this;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
