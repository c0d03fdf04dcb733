package dev.wb.testkit.browser;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The harness against a real headless Chromium: a page that keeps THE PAGE CONTRACT is opened, waited
 * for, clicked and photographed; the contract's CSP is shown to refuse an external image (next to the
 * same page without it, which loads the image); {@code close()} leaves no process behind. Skipped
 * without the browser, failed without it under CI ({@link Chromium#forTest()}). One browser for the
 * class (starting one takes 1-4 s here), closed by the last test, which checks what close() leaves.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ChromiumTest {

    private static final Duration READY = Duration.ofSeconds(10);
    private static final byte[] PNG_MAGIC = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    private static Chromium browser;

    @BeforeAll
    static void start() {
        browser = Chromium.forTest();
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.close();
        }
    }

    @Test
    void a_contract_page_is_waited_for_clicked_read_and_photographed(@TempDir Path dir, TestInfo test)
            throws IOException {
        browser.open(ContractFixture.write(dir));
        browser.waitForReady(READY);

        PageTimings timings = browser.timings();
        assertTrue(timings.isReady(), timings.toString());
        // ready is set READY_DELAY_MS after the load event: waitForReady waited for it, and timings saw it
        assertTrue(timings.ready() >= timings.loadEventEnd() + ContractFixture.READY_DELAY_MS - 5, timings.toString());
        browser.waitFor("window.__wbPaintedAt !== undefined", READY);
        PageTimings painted = browser.timings();
        assertTrue(painted.painted() >= painted.ready(), "a frame produced after ready: " + painted);
        assertTrue(
                timings.domContentLoaded() > 0 && timings.domContentLoaded() <= timings.loadEventEnd(),
                timings.toString());

        String html = browser.find("html");
        assertEquals("task", browser.attribute(html, "data-wb-page"));
        assertEquals("DEMO-1", browser.attribute(html, "data-wb-task"));
        assertEquals(3, browser.findAll("[data-event]").size());
        assertEquals(List.of(), browser.findAll("[data-event='99']"));

        browser.click(browser.find("[data-event='2']"));
        assertEquals("sdd.audited", browser.text(browser.find("#event-detail .type")));
        assertEquals("2", browser.text(browser.find("#event-detail .number")));
        assertEquals(ContractFixture.HASH_2, browser.text(browser.find("#event-detail .hash")));
        JsonNode payload = WebDriverWire.JSON.readTree(browser.text(browser.find("#event-detail pre.payload")));
        assertEquals("pass", payload.path("verdict").asText());
        assertEquals(12, payload.path("citations").path(0).path("line").asInt());
        assertTrue(
                browser.text(browser.find("#event-detail pre.payload")).contains("\n  \"plan\": \"sdd.json\""),
                "pretty-printed");

        browser.pressEnter(browser.find("[data-event='3']"));
        assertEquals("3", browser.text(browser.find("#event-detail .number")));
        assertTrue(browser.text(browser.find("#event-detail pre.payload")).contains("[REDACTED]"));

        assertEquals(ContractFixture.FIRST_HASH, browser.text(browser.find("#provenance .first-hash")));
        assertEquals(ContractFixture.LAST_HASH, browser.text(browser.find("#provenance .last-hash")));
        assertEquals(
                3,
                browser.execute("return document.querySelectorAll(arguments[0]).length;", "[data-event]")
                        .asInt());

        Path png =
                Path.of("target", "browser", test.getTestMethod().orElseThrow().getName() + ".png");
        Files.deleteIfExists(png);
        browser.screenshot(png);
        byte[] bytes = Files.readAllBytes(png);
        assertArrayEquals(PNG_MAGIC, Arrays.copyOf(bytes, 8), "a PNG");
        assertTrue(bytes.length > 10_000, "a screenshot of a drawn page, not a blank one: " + bytes.length + " bytes");
        ByteBuffer header = ByteBuffer.wrap(bytes, 16, 8); // IHDR: width, height
        assertEquals(1400, header.getInt(), "width");
        assertTrue(header.getInt() > 800, "height");
    }

    @Test
    void the_contract_csp_refuses_an_external_image_that_the_same_page_without_it_loads(@TempDir Path dir)
            throws IOException {
        try (LoopbackImage server = LoopbackImage.start()) {
            browser.consoleLog(); // what earlier tests left
            browser.open(ContractFixture.imagePage(dir, "csp.html", true, server.url()));
            browser.waitFor("window.imageState !== 'pending' && window.violations.length > 0", READY);
            assertEquals("error", browser.execute("return window.imageState;").asText());
            assertEquals(
                    0,
                    browser.execute("return document.getElementById('external').naturalWidth;")
                            .asInt());
            assertEquals(
                    server.url() + " img-src",
                    browser.execute("return window.violations[0];").asText());
            assertTrue(
                    browser.consoleLog().stream().anyMatch(line -> line.contains("Content Security Policy")),
                    "the console says the CSP refused it");
            assertEquals(0, server.requests(), "the browser never asked the server");

            browser.open(ContractFixture.imagePage(dir, "no-csp.html", false, server.url()));
            browser.waitFor("window.imageState !== 'pending'", READY);
            assertEquals("loaded", browser.execute("return window.imageState;").asText());
            assertEquals(
                    1,
                    browser.execute("return document.getElementById('external').naturalWidth;")
                            .asInt());
            assertEquals(1, server.requests(), "without the CSP the same image is fetched");
        }
    }

    @Test
    void a_condition_never_true_or_a_missing_element_is_a_clear_failure(@TempDir Path dir) throws IOException {
        browser.open(ContractFixture.write(dir));
        BrowserException late = assertThrows(
                BrowserException.class, () -> browser.waitFor("window.never === true", Duration.ofMillis(100)));
        assertTrue(late.getMessage().contains("window.never === true"), late.getMessage());
        BrowserException none = assertThrows(BrowserException.class, () -> browser.find("#no-such-thing"));
        assertTrue(none.getMessage().contains("no such element"), none.getMessage());
        BrowserException thrown =
                assertThrows(BrowserException.class, () -> browser.execute("throw new Error('boom');"));
        assertTrue(thrown.getMessage().contains("boom"), thrown.getMessage());
        assertThrows(IllegalArgumentException.class, () -> browser.open(URI.create("http://127.0.0.1:1/")));
    }

    @Test
    @Order(Integer.MAX_VALUE)
    void close_ends_every_process_it_started_and_deletes_the_profile(@TempDir Path dir) throws IOException {
        Chromium own = browser;
        own.open(ContractFixture.write(dir));
        own.waitForReady(READY);
        List<ProcessHandle> processes = own.processes();
        assertTrue(
                processes.stream().anyMatch(p -> p.pid() == own.browserPid()),
                "the browser runs under chromedriver: " + processes);
        assertTrue(
                processes.stream()
                                .filter(p -> p.info().command().orElse("").endsWith("/chromium"))
                                .count()
                        >= 3,
                "the browser and its helpers (zygote, renderer, GPU, network): " + processes);
        Path scratch = own.scratch();
        assertTrue(Files.isDirectory(scratch.resolve("profile")));

        own.close();

        List<Long> alive = processes.stream()
                .filter(ProcessHandle::isAlive)
                .map(ProcessHandle::pid)
                .toList();
        assertEquals(List.of(), alive, "processes left after close()");
        assertFalse(Files.exists(scratch), "the profile and log are deleted");
        own.close(); // a second close does nothing
        assertThrows(IllegalStateException.class, () -> own.find("html"));
    }
}
