package dev.wb.testkit;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;

/**
 * The real agent CLIs, installed from npm at pinned versions by {@code .ci/run} (or by hand: {@code npm
 * install --prefix DIR @openai/codex@0.171.0 @anthropic-ai/claude-code@2.1.197}) and named by
 * {@code WB_AGENT_CLIS}, the folder holding {@code codex} and {@code claude}. A test that needs them is
 * skipped, with the reason printed, only when they are not there and CI did not expect them: under CI
 * ({@code CI} set) a missing CLI fails the test, unless {@code .ci/run} could not reach the npm registry
 * and said so in {@code WB_AGENT_CLIS_SKIP}.
 */
public final class AgentClis {

    public static final String CODEX_VERSION = "0.171.0";
    public static final String CLAUDE_VERSION = "2.1.197";

    private AgentClis() {}

    /** The CLI's executable, or the test is skipped (or fails under CI) saying why. */
    public static Path require(String name) {
        Optional<Path> found = Optional.ofNullable(System.getenv("WB_AGENT_CLIS"))
                .filter(d -> !d.isBlank())
                .map(d -> Path.of(d).resolve(name))
                .filter(Files::isExecutable);
        if (found.isPresent()) {
            return found.get();
        }
        String skip = System.getenv("WB_AGENT_CLIS_SKIP");
        String why = name + " is not installed where WB_AGENT_CLIS names (" + System.getenv("WB_AGENT_CLIS") + ")"
                + (skip == null ? "" : ": " + skip);
        boolean ci = System.getenv("CI") != null && !System.getenv("CI").isBlank();
        if (ci && skip == null) {
            throw new AssertionError(why + "; .ci/run installs it: see docs/RUNS.md, \"What each CLI enforces\"");
        }
        System.err.println("skipped: " + why);
        Assumptions.assumeTrue(false, why);
        throw new IllegalStateException("unreachable");
    }
}
