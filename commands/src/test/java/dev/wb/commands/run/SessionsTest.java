package dev.wb.commands.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.process.NodeProcess;
import dev.wb.projections.events.run.NodeFinished;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The session words wb gives each provider, the id it reads from Codex, and what counts as a refusal. */
class SessionsTest {

    static final String ID = "019c538b-8d9d-78d1-891c-a9b09f3f47b6";
    static final String NEW = "11111111-2222-4333-8444-555555555555";

    static NodeProcess.Ended ended(int exit, String stdout, String stderr) {
        return new NodeProcess.Ended(exit, false, "", stdout, stderr, 10);
    }

    @Test
    void claude_gets_the_id_wb_chose_and_codex_resume_before_the_prompt() {
        Sessions.Plan fresh = new Sessions.Plan("implementation", "claude", Optional.empty(), false);
        Sessions.Plan again = new Sessions.Plan("implementation", "claude", Optional.of(ID), true);
        assertEquals(List.of("--session-id", NEW), Sessions.words(fresh, NEW));
        assertEquals(List.of("--resume", ID), Sessions.words(again, NEW));
        assertEquals(
                List.of(), Sessions.words(new Sessions.Plan("implementation", "codex", Optional.empty(), false), NEW));
        assertEquals(
                List.of("resume", ID),
                Sessions.words(new Sessions.Plan("implementation", "codex", Optional.of(ID), false), NEW));
        assertEquals(
                new NodeFinished.Session("implementation", "claude", Optional.of(NEW), false, Optional.empty()),
                Sessions.used(fresh, NEW, ended(0, "ok", ""), Optional.empty()));
        assertEquals(
                new NodeFinished.Session("implementation", "claude", Optional.of(ID), true, Optional.empty()),
                Sessions.used(again, NEW, ended(0, "ok", ""), Optional.empty()));
    }

    @Test
    void the_codex_session_id_is_read_from_its_banner_or_its_json_events_and_only_when_uuid_shaped() {
        String banner = "OpenAI Codex v0.99.0 (research preview)\n--------\nworkdir: /r\nsession id: " + ID
                + "\n--------\nuser\nhi\n";
        assertEquals(Optional.of(ID), Sessions.printed("Hi.\n", banner));
        assertEquals(
                Optional.of(ID),
                Sessions.printed(
                        "{\"type\":\"thread.started\",\"thread_id\":\"" + ID + "\"}\n{\"type\":\"turn.started\"}\n",
                        ""));
        assertEquals(Optional.empty(), Sessions.printed("the session id: management\n", "session id: found"));
        // a continuation whose output names no id keeps the one it resumed; a fresh one has none
        Sessions.Plan codexAgain = new Sessions.Plan("review", "codex", Optional.of(ID), true);
        assertEquals(
                Optional.of(ID),
                Sessions.used(codexAgain, NEW, ended(0, "", ""), Optional.empty())
                        .id());
        Sessions.Plan codexFresh = new Sessions.Plan("review", "codex", Optional.empty(), false);
        assertEquals(
                Optional.empty(),
                Sessions.used(codexFresh, NEW, ended(0, "", ""), Optional.empty())
                        .id());
    }

    @Test
    void only_a_continuation_the_provider_says_it_has_no_session_for_is_refused() {
        Sessions.Plan again = new Sessions.Plan("implementation", "claude", Optional.of(ID), true);
        assertTrue(Sessions.refused(again, ended(1, "", "No conversation found with session ID: " + ID)));
        assertTrue(Sessions.refused(
                again,
                ended(1, "", "Error: thread/resume: thread/resume failed: no rollout found for thread id " + ID)));
        // another failure, a success, a timeout, or a call that started no session are not
        assertFalse(Sessions.refused(again, ended(1, "", "Error: rate limit exceeded")));
        // the words on stdout (the model's own text), or naming another session, are the agent's failure
        assertFalse(Sessions.refused(again, ended(1, "No conversation found with session ID: " + ID, "")));
        assertFalse(Sessions.refused(
                again, ended(1, "", "No conversation found with session ID: 00000000-0000-4000-8000-000000000000")));
        assertFalse(Sessions.refused(again, ended(1, "", "error: cannot resume; thread not found")));
        assertFalse(Sessions.refused(again, ended(0, "No conversation found with session ID", "")));
        assertFalse(Sessions.refused(
                again, new NodeProcess.Ended(-1, true, "", "", "No conversation found with session ID", 10)));
        assertFalse(Sessions.refused(
                new Sessions.Plan("implementation", "claude", Optional.empty(), false),
                ended(1, "", "No conversation found with session ID")));
    }
}
