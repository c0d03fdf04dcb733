package dev.wb.commands.handover;

import static dev.wb.commands.PlanFixture.plan;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.plan.PresetGates;
import dev.wb.engine.TaskKey;
import dev.wb.testkit.TempGitRepo;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wb sdd gates}: the original's floor and preset gates, and which preset applies. */
class QualityGatesTest {

    @TempDir
    Path tmp;

    TempGitRepo repo;

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "repo");
    }

    @Test
    void everyPresetKeepsTheFloorFirstThenAddsItsOwn() {
        for (String preset : PresetGates.presets()) {
            QualityGates.Gates gates = QualityGates.of(preset);
            assertEquals(PresetGates.FLOOR, gates.lines().subList(0, 5));
            assertEquals(5 + PresetGates.of(preset).size(), gates.lines().size());
        }
    }

    @Test
    void theTextIsThePresetLineThenOneDashedLineAGate() {
        var text = QualityGates.of("startup").text();
        assertEquals("preset startup", text.get(0));
        assertEquals("  - unit test for every changed or added logic branch", text.get(1));
        assertEquals("  - user-facing changes ship behind a flag or with a one-step rollback", text.get(8));
        assertEquals(9, text.size());
    }

    @Test
    void anUnknownPresetIsAUsageRefusal() {
        Failure failure = assertThrows(Failure.class, () -> QualityGates.of("scale-up"));
        assertEquals(Failure.Kind.USAGE, failure.kind());
    }

    @Test
    void withoutAPresetNamedOrRecordedItIsPrototype() {
        assertEquals(
                "prototype",
                QualityGates.resolve(Workspace.require(repo.root()), Optional.empty())
                        .preset());
    }

    @Test
    void aRecordedPresetStricterThanThePlansRaisesIt() {
        repo.write(".workflow/config.json", "{\"preset\": \"scaleup\"}\n");
        plan("ABC-1").set("preset", "startup").writeTo(repo);
        Workspace workspace = Workspace.require(repo.root());
        assertEquals(
                "scaleup", QualityGates.forPlan(workspace, new TaskKey("ABC-1")).preset());
        assertEquals(
                "scaleup", QualityGates.resolve(workspace, Optional.empty()).preset());
        plan("ABC-1").set("preset", "enterprise").writeTo(repo);
        assertEquals(
                "enterprise",
                QualityGates.forPlan(workspace, new TaskKey("ABC-1")).preset());
    }
}
