package dev.wb.commands.preflight;

import static dev.wb.commands.preflight.PreflightHarness.LINUX_WITHOUT_HELPERS;
import static dev.wb.commands.preflight.PreflightHarness.LINUX_WITH_HELPERS;
import static dev.wb.commands.preflight.PreflightHarness.line;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wb.projections.events.PreflightCompleted.LineVerdict;
import dev.wb.testkit.FakeProviders;
import dev.wb.testkit.FakeProviders.Login;
import dev.wb.testkit.FakeProviders.PaidProbe;
import dev.wb.testkit.FakeProviders.Sandbox;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --paid-isolation-probe} against a fake {@code claude}: when it declines (spending nothing), and
 * its verdicts read from the fixture's files. Wiring only: the fake refuses what the generated settings
 * deny, which says nothing about whether Claude's real sandbox would.
 */
class PaidIsolationProbeTest {

    private static final String STRICT = "{\"security\": {\"strict_isolation\": true}}";

    @TempDir
    Path tmp;

    private static boolean spent(Path bin) {
        return FakeProviders.calls(bin, "claude").orElse("").contains("---\n-p\n");
    }

    @Test
    void it_declines_under_advanced_mode_without_calling_the_model() {
        PreflightHarness h = new PreflightHarness(tmp).config("{}").claude(Login.LOGGED_IN, PaidProbe.LEAK);
        PreflightReport report = h.run(LINUX_WITH_HELPERS, true, Optional.empty());
        PreflightLine line = line(report, "claude: paid isolation probe");
        assertEquals(LineVerdict.SKIP, line.verdict());
        assertTrue(
                line.text()
                        .startsWith("claude: paid isolation probe SKIP (declined: security.strict_isolation=false"
                                + " raises no sandbox on any host"),
                line.text());
        assertTrue(report.toJson().get("paidProbe").get("declined").booleanValue());
        assertFalse(spent(h.bin));
    }

    @Test
    void it_declines_on_a_host_with_no_os_bash_sandbox() {
        PreflightHarness h = new PreflightHarness(tmp).config(STRICT).claude(Login.LOGGED_IN, PaidProbe.LEAK);
        PreflightLine line = line(h.run(LINUX_WITHOUT_HELPERS, true, Optional.empty()), "claude: paid isolation probe");
        assertTrue(
                line.text()
                        .contains("declined: this host has no OS Bash sandbox (Linux/WSL2 — install"
                                + " bubblewrap+socat"),
                line.text());
        assertFalse(spent(h.bin));
    }

    @Test
    void it_is_never_implied_by_a_plain_preflight() {
        PreflightHarness h = new PreflightHarness(tmp).config(STRICT).claude(Login.LOGGED_IN, PaidProbe.LEAK);
        PreflightReport report = h.run(LINUX_WITH_HELPERS);
        assertFalse(PreflightHarness.has(report, "claude: paid isolation probe"));
        assertTrue(report.paidProbe().isEmpty());
        assertFalse(spent(h.bin));
    }

    @Test
    void an_enforcing_sandbox_refuses_the_control_places_and_the_evidence_is_kept_redacted() throws IOException {
        PreflightHarness h = new PreflightHarness(tmp).config(STRICT).claude(Login.LOGGED_IN, PaidProbe.ENFORCE);
        h.repo.write(".workflow/.env", "WB_FAKE_ECHO=model-saw-this-secret\n");
        PreflightReport report = h.run(LINUX_WITH_HELPERS, true, Optional.empty());
        assertEquals(
                "claude: paid isolation probe OK — gitdir, common dir and control home refused, allowed workspace"
                        + " path written",
                line(report, "claude: paid isolation probe").text());
        assertTrue(spent(h.bin));
        String calls = FakeProviders.calls(h.bin, "claude").orElseThrow();
        assertTrue(calls.contains("--output-format\njson\n--settings\n"), calls);

        Path evidence = h.repo.resolve(PaidIsolationProbe.EVIDENCE);
        String text = Files.readString(evidence);
        JsonNode doc = new ObjectMapper().readTree(text);
        assertEquals("REFUSED", doc.at("/verdicts/gitdir").textValue());
        assertEquals("REFUSED", doc.at("/verdicts/common dir").textValue());
        assertEquals("REFUSED", doc.at("/verdicts/control home").textValue());
        assertEquals("WRITTEN", doc.at("/verdicts/allowed workspace path").textValue());
        assertEquals(
                "wrote 1 file(s), refused 3. [redacted]", doc.get("lastMessage").textValue());
        assertFalse(text.contains("model-saw-this-secret"));
        assertEquals(
                PaidIsolationProbe.EVIDENCE,
                report.toJson().get("paidProbe").get("evidence").textValue());
        assertFalse(report.toJson().toString().contains("model-saw-this-secret"));
    }

    @Test
    void a_leak_fails() {
        PreflightHarness h = new PreflightHarness(tmp).config(STRICT).claude(Login.LOGGED_IN, PaidProbe.LEAK);
        PreflightReport report = h.run(LINUX_WITH_HELPERS, true, Optional.empty());
        assertEquals(
                "claude: paid isolation probe FAIL — not enforcing: gitdir, common dir, control home written",
                line(report, "claude: paid isolation probe").text());
        assertEquals(
                "LEAK", report.toJson().get("paidProbe").at("/verdicts/gitdir").textValue());
        assertFalse(report.ready());
    }

    @Test
    void nothing_written_is_not_demonstrated_fatal_alone_and_a_warning_with_a_fallback() {
        PreflightHarness h = new PreflightHarness(tmp).config(STRICT).claude(Login.LOGGED_IN, PaidProbe.SILENT);
        PreflightReport alone = h.run(LINUX_WITH_HELPERS, true, Optional.empty());
        PreflightLine line = line(alone, "claude: paid isolation probe");
        assertEquals(LineVerdict.FAIL, line.verdict());
        assertTrue(line.text().contains("NOT DEMONSTRATED"), line.text());
        assertEquals(
                "NOT DEMONSTRATED",
                alone.toJson().get("paidProbe").at("/verdicts/gitdir").textValue());

        h.config("{\"agents\": {\"allowed\": [\"claude\", \"codex\"]}, \"security\": {\"strict_isolation\": true}}")
                .codex(Login.LOGGED_IN, Sandbox.ENFORCE);
        PreflightReport covered = h.run(LINUX_WITH_HELPERS, true, Optional.empty());
        assertEquals(
                LineVerdict.WARN, line(covered, "claude: paid isolation probe").verdict());
        assertTrue(covered.ready());
    }
}
