package dev.wb.projections.events.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The events of {@code wb judge reproduce}, {@code prune} and {@code enable|disable}, byte for byte as before. */
class JudgeWorkspaceEventsTest {

    @Test
    void a_reproduction_writes_what_differed() {
        JudgeReproduced reproduced = new JudgeReproduced(
                "0123456789abcdef0123", "b", "g", false, List.of("gen/a.ts"), List.of(), List.of("x", "y"));

        assertEquals("judge.reproduced", reproduced.toNewEvent().type());
        assertEquals(
                "{\"snapshot\":\"0123456789abcdef0123\",\"base\":\"b\",\"generatorCommit\":\"g\",\"passed\":false,"
                        + "\"mismatched\":[\"gen/a.ts\"],\"unchanged\":[],\"stray\":[\"x\",\"y\"]}",
                reproduced.payload().toString());
        assertEquals(reproduced, JudgeReproduced.TYPE.read(reproduced.payload()));
    }

    @Test
    void a_prune_writes_what_it_deleted_kept_and_left() {
        JudgeSnapshotsPruned pruned = new JudgeSnapshotsPruned(
                2,
                List.of("a".repeat(20)),
                List.of("b".repeat(20), "c".repeat(20)),
                List.of(new JudgeSnapshotsPruned.Broken(".workflow/local/judge/snapshots/junk", "no snapshot.json")));

        assertEquals("judge.snapshots.pruned", pruned.toNewEvent().type());
        assertEquals(
                "{\"keep\":2,\"deleted\":[\"" + "a".repeat(20) + "\"],\"kept\":[\"" + "b".repeat(20) + "\",\""
                        + "c".repeat(20) + "\"],\"broken\":[{\"dir\":\".workflow/local/judge/snapshots/junk\","
                        + "\"reason\":\"no snapshot.json\"}]}",
                pruned.payload().toString());
        assertEquals(pruned, JudgeSnapshotsPruned.TYPE.read(pruned.payload()));
    }

    @Test
    void a_prune_that_deleted_nothing_writes_empty_lists() {
        assertEquals(
                "{\"keep\":5,\"deleted\":[],\"kept\":[],\"broken\":[]}",
                new JudgeSnapshotsPruned(5, List.of(), List.of(), List.of())
                        .payload()
                        .toString());
    }

    @Test
    void an_agents_configuration_writes_each_target_model_or_null() {
        Map<String, Optional<String>> models = new LinkedHashMap<>();
        models.put("claude", Optional.of("opus"));
        models.put("codex", Optional.empty());
        JudgeAgentsConfigured configured = new JudgeAgentsConfigured(
                JudgeSwitch.ENABLE, List.of(".claude/agents/judge.md"), JudgeHookAction.INSTALLED, models);

        assertEquals("judge.agents.configured", configured.toNewEvent().type());
        assertEquals(
                "{\"action\":\"enable\",\"files\":[\".claude/agents/judge.md\"],\"hook\":\"installed\","
                        + "\"models\":{\"claude\":\"opus\",\"codex\":null}}",
                configured.payload().toString());
        assertEquals(configured, JudgeAgentsConfigured.TYPE.read(configured.payload()));
        assertEquals(
                "{\"action\":\"disable\",\"files\":[],\"hook\":\"removed\",\"models\":{}}",
                new JudgeAgentsConfigured(JudgeSwitch.DISABLE, List.of(), JudgeHookAction.REMOVED, Map.of())
                        .payload()
                        .toString());
    }

    @Test
    void an_agents_configuration_this_wb_cannot_read_claims_no_judge_and_no_hook_change() {
        ObjectNode payload =
                new JudgeAgentsConfigured(JudgeSwitch.ENABLE, List.of(), JudgeHookAction.INSTALLED, Map.of()).payload();
        payload.put("action", "toggle");
        payload.remove("hook");

        JudgeAgentsConfigured read = JudgeAgentsConfigured.TYPE.read(payload);
        assertEquals(JudgeSwitch.DISABLE, read.action());
        assertEquals(JudgeHookAction.UNCHANGED, read.hook());
    }
}
