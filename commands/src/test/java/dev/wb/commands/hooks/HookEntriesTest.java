package dev.wb.commands.hooks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.config.HookHost;
import dev.wb.commands.impl.ScopeExclusions;
import dev.wb.engine.json.CanonicalJson;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** wb's hook entries merged into and out of each host's settings, and the files left out of scope. */
class HookEntriesTest {

    private static ObjectNode json(String text) {
        return (ObjectNode) CanonicalJson.parse(text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void every_host_round_trips_the_users_settings_exactly() {
        String[] theirs = {
            "{\"model\": \"x\", \"hooks\": {\"Stop\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"say hi\"}]}]}}",
            "{\"hooks\": {\"PostToolUse\": [{\"matcher\": \"Bash\", \"hooks\": [{\"type\": \"command\", \"command\": \"lint\"}]}]}}",
            "{\"version\": 1, \"hooks\": {\"sessionStart\": [{\"type\": \"command\", \"bash\": \"echo hi\"}]}}"
        };
        HookHost[] hosts = {HookHost.CLAUDE, HookHost.CODEX, HookHost.COPILOT};
        for (int i = 0; i < hosts.length; i++) {
            ObjectNode before = json(theirs[i]);
            ObjectNode with = HookEntries.with(hosts[i], before, AgentHooks.entries(hosts[i]));

            assertTrue(AgentHooks.same(HookEntries.found(hosts[i], with), AgentHooks.entries(hosts[i])), hosts[i].id());
            assertEquals(before, HookEntries.without(hosts[i], with), hosts[i].id() + ": exactly the user's again");
            assertEquals(with, HookEntries.with(hosts[i], with, AgentHooks.entries(hosts[i])), "idempotent");
        }
    }

    @Test
    void a_file_of_only_wbs_entries_is_empty_without_them_copilots_version_included() {
        for (HookHost host : HookHost.values()) {
            ObjectNode with = HookEntries.with(host, CanonicalJson.objectNode(), AgentHooks.entries(host));
            assertTrue(HookEntries.without(host, with).isEmpty(), host.id() + ": " + HookEntries.without(host, with));
        }
    }

    @Test
    void only_commands_starting_with_wb_hooks_run_are_wbs() {
        assertTrue(HookEntries.ours("wb hooks run claude stop"));
        assertTrue(HookEntries.ours("  wb hooks run codex post-edit "));
        assertFalse(HookEntries.ours("wb judge guard"));
        assertFalse(HookEntries.ours("echo wb hooks run claude stop"));
        assertFalse(HookEntries.ours(null));
    }

    @Test
    void the_hook_settings_wb_writes_are_left_out_of_scope_by_their_exact_paths() {
        for (HookHost host : HookHost.values()) {
            assertEquals(
                    "wb's own files (the hook settings for " + host.host() + ")", ScopeExclusions.reason(host.path()));
        }
        assertEquals(null, ScopeExclusions.reason(".claude/settings.json"), "the shared settings are compared");
        assertEquals(null, ScopeExclusions.reason(".github/hooks/team.json"), "a team's own hooks are compared");
    }
}
