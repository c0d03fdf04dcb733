package dev.wb.commands.ci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The one table of pinned actions: full commits, each with the release tag it was read from. */
class PinnedActionTest {

    @Test
    void every_pin_is_a_full_40_hex_commit_with_a_release_tag_comment() {
        for (PinnedAction pin : PinnedAction.values()) {
            assertTrue(pin.commit().matches("[0-9a-f]{40}"), pin + ": " + pin.commit());
            assertTrue(pin.tag().matches("v[0-9]+\\.[0-9]+\\.[0-9]+"), pin + ": a full release tag, " + pin.tag());
            assertEquals(pin.action() + "@" + pin.commit() + " # " + pin.tag(), pin.uses());
            assertTrue(pin.action().matches("[a-z0-9-]+/[a-z0-9-]+"), pin.action());
        }
    }

    @Test
    void no_two_pins_name_the_same_action_or_commit() {
        assertEquals(
                PinnedAction.values().length,
                Arrays.stream(PinnedAction.values())
                        .map(PinnedAction::action)
                        .distinct()
                        .count());
        assertEquals(
                PinnedAction.values().length,
                Arrays.stream(PinnedAction.values())
                        .map(PinnedAction::commit)
                        .distinct()
                        .count());
    }

    @Test
    void the_workflow_writes_each_pin_from_this_table_and_no_other_uses() {
        String text = CiWorkflow.text(WbDist.variables());
        for (PinnedAction pin : PinnedAction.values()) {
            assertTrue(text.contains("uses: " + pin.uses() + "\n"), pin.uses());
        }
        assertEquals(
                PinnedAction.values().length,
                text.lines().filter(l -> l.contains("uses:")).count(),
                text);
    }
}
