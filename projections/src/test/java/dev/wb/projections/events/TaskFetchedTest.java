package dev.wb.projections.events;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

/** task.fetched: its payload as always, read back, and a provider this wb does not know read as local. */
class TaskFetchedTest {

    @Test
    void a_fetch_writes_its_provider_by_its_wire_name() {
        TaskFetched fetched = new TaskFetched(TicketProvider.GITHUB, "github:octo/app#12", "sha256:ab", true);

        assertEquals("task.fetched", fetched.toNewEvent().type());
        assertEquals(
                "{\"provider\":\"github\",\"source\":\"github:octo/app#12\",\"digest\":\"sha256:ab\",\"cached\":true}",
                fetched.payload().toString());
        assertEquals(fetched, TaskFetched.TYPE.read(fetched.payload()));
    }

    @Test
    void a_provider_this_wb_does_not_know_is_never_taken_for_a_tracker() {
        ObjectNode payload = new TaskFetched(TicketProvider.GITHUB, "jira:ABC-1", "sha256:ab", false).payload();
        payload.put("provider", "jira");

        assertEquals(TicketProvider.LOCAL, TaskFetched.TYPE.read(payload).provider());
        payload.remove("provider");
        assertEquals(TicketProvider.LOCAL, TaskFetched.TYPE.read(payload).provider());
    }
}
