package dev.wb.projections.events;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

/** hooks.configured: its payload as always, read back, and a value this wb does not know read as its fallback. */
class HooksConfiguredTest {

    static final HooksConfigured INSTALLED = new HooksConfigured(
            HooksAction.INSTALL,
            AgentHost.CLAUDE,
            ".claude/settings.local.json",
            InstallResult.INSTALLED,
            HookGuard.ADDED);

    @Test
    void an_install_writes_each_closed_value_by_its_wire_name() {
        HooksConfigured removed = new HooksConfigured(
                HooksAction.UNINSTALL,
                AgentHost.COPILOT,
                ".github/hooks/wb.json",
                InstallResult.REMOVED,
                HookGuard.NONE);

        assertEquals("hooks.configured", INSTALLED.toNewEvent().type());
        assertEquals(
                "{\"action\":\"install\",\"host\":\"claude\",\"file\":\".claude/settings.local.json\","
                        + "\"result\":\"installed\",\"guard\":\"added\"}",
                INSTALLED.payload().toString());
        assertEquals(
                "{\"action\":\"uninstall\",\"host\":\"copilot\",\"file\":\".github/hooks/wb.json\","
                        + "\"result\":\"removed\",\"guard\":\"none\"}",
                removed.payload().toString());
        assertEquals(INSTALLED, HooksConfigured.TYPE.read(INSTALLED.payload()));
        assertEquals(removed, HooksConfigured.TYPE.read(removed.payload()));
    }

    @Test
    void values_this_wb_does_not_know_never_claim_wbs_checks_are_in_place() {
        ObjectNode payload = INSTALLED.payload();
        payload.put("action", "reinstall");
        payload.put("host", "cursor");
        payload.put("result", "merged");
        payload.remove("guard");

        HooksConfigured read = HooksConfigured.TYPE.read(payload);
        assertEquals(HooksAction.UNINSTALL, read.action());
        assertEquals(AgentHost.CLAUDE, read.host());
        assertEquals(InstallResult.ABSENT, read.result());
        assertEquals(HookGuard.NONE, read.guard());
        assertEquals(".claude/settings.local.json", read.file());
    }
}
