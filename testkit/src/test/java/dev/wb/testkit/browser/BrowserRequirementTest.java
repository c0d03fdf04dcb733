package dev.wb.testkit.browser;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/** When the browser is missing, a browser test is skipped on a developer's machine and fails under CI. */
class BrowserRequirementTest {

    private static final Path PRESENT = Path.of("/bin/sh");
    private static final Path MISSING = Path.of("/nonexistent/chromedriver");

    @Test
    void both_binaries_there_is_no_objection() {
        assertDoesNotThrow(() -> Chromium.require(PRESENT, PRESENT, "true"));
        assertDoesNotThrow(() -> Chromium.require(PRESENT, PRESENT, null));
    }

    @Test
    void missing_without_ci_is_a_skip_that_says_how_to_install() {
        TestAbortedException skip =
                assertThrows(TestAbortedException.class, () -> Chromium.require(PRESENT, MISSING, null));
        assertTrue(skip.getMessage().contains("/nonexistent/chromedriver not installed"), skip.getMessage());
        assertTrue(skip.getMessage().contains("apt-get install -y chromium chromium-driver"), skip.getMessage());
        assertThrows(TestAbortedException.class, () -> Chromium.require(MISSING, PRESENT, ""));
    }

    @Test
    void missing_under_ci_is_a_failure() {
        AssertionFailedError failure =
                assertThrows(AssertionFailedError.class, () -> Chromium.require(MISSING, MISSING, "true"));
        assertTrue(failure.getMessage().contains("must run under CI"), failure.getMessage());
        assertTrue(failure.getMessage().contains("/nonexistent/chromedriver"), failure.getMessage());
    }
}
