package dev.wb.commands.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.wb.commands.flow.FlowNode;
import dev.wb.commands.process.NodeProcess;
import dev.wb.projections.events.run.NodeFinished;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What wb reads of a provider's CLI in its own words: Claude's one JSON result on stdout (its text, its
 * usage, whether it failed and why), and the failure line of a CLI's stderr past its header and warnings.
 * The texts are those Claude Code 2.1.197 and codex-cli 0.171.0 print (not logged in, offline, without a
 * sandbox).
 */
class ProviderOutputTest {

    /** What {@code claude -p hi --output-format json} prints, not logged in (exit 1). */
    static final String CLAUDE_NOT_LOGGED_IN = """
            {"type":"result","subtype":"success","is_error":true,"api_error_status":null,"duration_ms":124,\
            "duration_api_ms":0,"num_turns":1,"result":"Not logged in · Please run /login","stop_reason":"stop_sequence",\
            "session_id":"24093693-e140-4131-bf2b-c56120028366","total_cost_usd":0,"usage":{"input_tokens":0,\
            "cache_creation_input_tokens":0,"cache_read_input_tokens":0,"output_tokens":0},"modelUsage":{},\
            "permission_denials":[],"terminal_reason":"completed"}
            """;

    /** What {@code codex exec} prints on stderr offline, in part: its header, warnings, then the retries. */
    static final String CODEX_OFFLINE = """
            WARNING: proceeding, even though we could not create PATH aliases: Refusing to create helper binaries \
            under temporary dir "/tmp" (codex_home: AbsolutePathBuf("/tmp/x/codex-home"))
            Reading additional input from stdin...
            OpenAI Codex v0.171.0
            --------
            workdir: /tmp/x/repo
            model: gpt-6.2-sol
            provider: openai
            approval: never
            sandbox: read-only
            reasoning effort: none
            reasoning summaries: none
            session id: 01a24e04-c0cd-7f72-a0e1-755b89c34aa3
            --------
            user
            hi
            warning: Codex could not find bubblewrap on PATH. Codex will use the bundled bubblewrap in the meantime.
            ERROR: Reconnecting... waiting for network
            """;

    static NodeProcess.Ended ended(int exit, String stdout, String stderr) {
        return new NodeProcess.Ended(exit, false, "", stdout, stderr, 10);
    }

    @Test
    void claude_not_logged_in_is_read_from_its_json_result_in_its_own_words() {
        ProviderOutput said = ProviderOutput.of("claude", ended(1, CLAUDE_NOT_LOGGED_IN, ""));

        assertEquals("Not logged in · Please run /login", said.text());
        assertEquals(Optional.of("not logged in: Not logged in · Please run /login"), said.failure());
        assertEquals(Optional.of(new NodeFinished.Usage(0, "0")), said.usage());
    }

    @Test
    void claude_usage_sums_every_kind_of_token_and_keeps_the_cost_as_an_exact_decimal() {
        String json = """
                {"type":"result","subtype":"success","is_error":false,"result":"done it",\
                "total_cost_usd":0.123456789012345678,\
                "usage":{"input_tokens":10,"output_tokens":20,"cache_creation_input_tokens":300,\
                "cache_read_input_tokens":4000,"server_tool_use":{"web_search_requests":7}}}
                """;

        ProviderOutput said = ProviderOutput.of("claude", ended(0, json, ""));

        assertEquals("done it", said.text());
        assertEquals(Optional.empty(), said.failure());
        assertEquals(Optional.of(new NodeFinished.Usage(4330, "0.123456789012345678")), said.usage());
        assertEquals(
                Optional.of(new NodeFinished.Usage(0, "0.5")),
                ProviderOutput.of(
                                "claude",
                                ended(
                                        0,
                                        "{\"type\":\"result\",\"result\":\"x\",\"total_cost_usd\":0.50,\"usage\":{}}",
                                        ""))
                        .usage());
    }

    @Test
    void codex_offline_is_no_network_past_its_header_and_warnings() {
        ProviderOutput said = ProviderOutput.of("codex", ended(1, "", CODEX_OFFLINE));

        assertEquals(Optional.of("no network: ERROR: Reconnecting... waiting for network"), said.failure());
        assertEquals("", said.text());
        assertEquals(Optional.empty(), said.usage());
        assertEquals(true, ProviderOutput.offline(CODEX_OFFLINE));
    }

    @Test
    void claude_refusing_to_start_without_its_sandbox_is_sandbox_unavailable() {
        String stderr = "Error: sandbox required but unavailable: sandbox is enabled but dependencies are missing:"
                + " bubblewrap (bwrap) not installed, socat not installed · install missing tools\n"
                + "  sandbox.failIfUnavailable is set — refusing to start without a working sandbox.\n";

        ProviderOutput said = ProviderOutput.of("claude", ended(1, "", stderr));

        assertEquals(
                Optional.of("sandbox unavailable: Error: sandbox required but unavailable: sandbox is enabled but"
                        + " dependencies are missing: bubblewrap (bwrap) not installed, socat not installed · install"
                        + " missing tools"),
                said.failure());
    }

    @Test
    void a_session_the_provider_does_not_have_is_session_not_found() {
        ProviderOutput said = ProviderOutput.of("claude", ended(1, "", "No conversation found with session ID: x\n"));

        assertEquals(Optional.of("session not found: No conversation found with session ID: x"), said.failure());
    }

    @Test
    void any_other_failure_is_the_first_line_of_stderr_past_the_warnings() {
        ProviderOutput said = ProviderOutput.of("codex", ended(2, "", "WARNING: something odd\nboom\nmore\n"));

        assertEquals(Optional.of("boom"), said.failure());
        assertEquals(Optional.empty(), ProviderOutput.reason("warning: only this\n", ""));
    }

    @Test
    void what_codex_login_status_says_is_read_past_the_warning_it_prints_first() {
        String status = "WARNING: proceeding, even though we could not create PATH aliases: Refusing to create"
                + " helper binaries under temporary dir \"/tmp\" (codex_home: AbsolutePathBuf(\"/tmp/x\"))\n"
                + "Not logged in\n";

        assertEquals("Not logged in", ProviderOutput.firstSaid(status));
        assertEquals("WARNING: only", ProviderOutput.firstSaid("WARNING: only\n"));
    }

    @Test
    void the_watch_stops_codex_on_the_line_that_says_it_waits_for_the_network() {
        String tail = "2026-12-07T01:03:30.999103Z ERROR codex_api::endpoint::responses_websocket: failed to connect"
                + " to Responses WebSocket stage=Unknown\n"
                + "warning: Falling back from WebSockets to HTTPS transport. stream disconnected before completion:"
                + " Connection refused (os error 111)\n"
                + "ERROR: Reconnecting... waiting for network\n";

        assertEquals(
                Optional.of("no network: ERROR: Reconnecting... waiting for network"),
                ProviderOutput.offlineReason(tail));
        assertEquals(Optional.empty(), ProviderOutput.offlineReason("ERROR: Reconnecting... 2/5\n"));
    }

    @Test
    void codex_that_exited_0_did_its_work_whatever_it_echoed_on_stderr() {
        String transcript = """
                OpenAI Codex v0.171.0
                --------
                session id: x
                --------
                user
                fix the lookup
                exec
                pip install x
                ERROR: failed to lookup address information: session not found
                """;
        ProviderOutput said = ProviderOutput.of("codex", ended(0, "the model's answer\n", transcript));

        assertEquals(Optional.empty(), said.failure());
        assertEquals("the model's answer\n", said.text());
    }

    @Test
    void only_codexs_own_retry_line_says_it_is_offline_not_a_commands_output_it_echoes() {
        assertEquals(false, ProviderOutput.offline("pip: failed to lookup address information\nwaiting for network\n"));
        assertEquals(true, ProviderOutput.offline("user\nhi\nERROR: Reconnecting... waiting for network\n"));
    }

    @Test
    void an_extra_arg_with_its_value_attached_is_refused_as_its_option_is() {
        for (String arg : List.of("-csandbox_mode=\"danger-full-access\"", "-sworkspace-write", "-C/", "--sandbox=x")) {
            FlowNode node = agent("author", arg);
            assertEquals(true, ProviderLaunch.shaping(node).isPresent(), arg);
        }
        assertEquals(false, ProviderLaunch.shaping(agent("author", "--verbose")).isPresent());
    }

    private static FlowNode agent(String id, String extra) {
        return new FlowNode(
                id,
                "agent",
                1,
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                "fresh_disposable",
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                List.of(extra),
                true,
                1,
                Optional.empty());
    }
}
