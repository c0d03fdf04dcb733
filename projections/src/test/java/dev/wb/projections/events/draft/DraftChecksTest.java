package dev.wb.projections.events.draft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.junit.jupiter.api.Test;

/** commit.checked and pr.checked: their payloads as always, read back, and an unknown closed value's fallback. */
class DraftChecksTest {

    static final String SHA = "ab".repeat(32);

    @Test
    void a_commit_check_writes_its_convention_by_its_wire_name() {
        CommitChecked checked =
                new CommitChecked(false, CommitStyle.TICKET_PREFIXED, SHA, false, List.of("no ticket key"));

        assertEquals("commit.checked", checked.toNewEvent().type());
        assertEquals(
                "{\"passed\":false,\"convention\":\"ticket-prefixed\",\"sha256\":\"" + SHA
                        + "\",\"saved\":false,\"reasons\":[\"no ticket key\"]}",
                checked.payload().toString());
        assertEquals(checked, CommitChecked.TYPE.read(checked.payload()));
    }

    @Test
    void a_convention_this_wb_does_not_know_reads_as_free_form() {
        ObjectNode payload = new CommitChecked(true, CommitStyle.CONVENTIONAL, SHA, true, List.of()).payload();
        payload.put("convention", "angular");

        assertEquals(CommitStyle.FREE_FORM, CommitChecked.TYPE.read(payload).convention());
    }

    @Test
    void a_pr_check_writes_its_handover_state_by_its_wire_name() {
        PrChecked checked = new PrChecked(true, SHA, true, List.of(), HandoverState.NOT_OWED);

        assertEquals("pr.checked", checked.toNewEvent().type());
        assertEquals(
                "{\"passed\":true,\"sha256\":\"" + SHA + "\",\"saved\":true,\"reasons\":[],\"handover\":\"not-owed\"}",
                checked.payload().toString());
        assertEquals(checked, PrChecked.TYPE.read(checked.payload()));
    }

    @Test
    void a_handover_state_this_wb_does_not_know_reads_as_missing_and_passes_nothing() {
        ObjectNode payload = new PrChecked(true, SHA, true, List.of(), HandoverState.READY).payload();
        payload.put("handover", "waived");

        HandoverState read = PrChecked.TYPE.read(payload).handover();
        assertEquals(HandoverState.MISSING, read);
        assertFalse(read.passes());
    }
}
