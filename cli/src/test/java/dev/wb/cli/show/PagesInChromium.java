package dev.wb.cli.show;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.testkit.browser.Chromium;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * What the browser tests of wb's pages share: one headless Chromium per test (testkit's {@link Chromium}:
 * skipped without the browser, unless CI is set), a page opened until its script says it is ready, and the
 * console checked for errors and CSP refusals.
 */
abstract class PagesInChromium {

    static final Duration READY = Duration.ofSeconds(60);

    Chromium browser;

    @BeforeEach
    void browser() {
        browser = Chromium.forTest();
        browser.consoleLog(); // from here on, only what the pages log
    }

    @AfterEach
    void close() {
        if (browser != null) {
            browser.close();
        }
    }

    /** Opens a page and waits until its script has rendered it, failing if the script failed. */
    void open(Path page) {
        browser.open(page);
        browser.waitForReady(READY);
        assertEquals(null, html("data-wb-error"), "the page's script failed");
    }

    /** An attribute of the page's {@code <html>}, or null. */
    String html(String attribute) {
        JsonNode value = browser.execute("return document.documentElement.getAttribute(arguments[0]);", attribute);
        return value.isNull() ? null : value.asText();
    }

    /** An attribute of the first element the selector finds. */
    String attribute(String css, String name) {
        return browser.attribute(browser.find(css), name);
    }

    /** Nothing logged as an error, and nothing refused by the page's Content-Security-Policy. */
    void assertNoConsoleErrors() {
        List<String> log = browser.consoleLog();
        for (String line : log) {
            assertFalse(line.startsWith("SEVERE"), () -> "the console: " + log);
            assertFalse(line.contains("Refused"), () -> "the CSP refused something: " + log);
        }
    }
}
