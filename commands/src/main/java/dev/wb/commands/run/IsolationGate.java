package dev.wb.commands.run;

import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.preflight.CodexSmoke;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Whether this run may start a Codex node under strict isolation: the smoke {@code wb preflight} runs
 * ({@link CodexSmoke}), over a throwaway fixture with this workspace's profile and the provider's
 * environment, asked before the run's first Codex node and remembered for the rest of this invocation
 * only (a later {@code wb run} asks again: nothing on disk stands in for it). A smoke that is not OK
 * keeps every Codex node of the run from starting. Under the advanced mode it is not asked.
 */
final class IsolationGate {

    private final Map<Path, Optional<String>> verdicts = new HashMap<>();

    /** Why the Codex node may not start, in the smoke's words; empty when it may. */
    synchronized Optional<String> codex(RunContext ctx, Path program, Map<String, String> env) {
        WorkspaceConfig.Security security = ctx.config().security();
        if (!security.strictIsolation()) {
            return Optional.empty();
        }
        return verdicts.computeIfAbsent(
                program,
                p -> CodexSmoke.refusal(
                                p.toString(),
                                ctx.scratch(),
                                env,
                                new CodexSmoke.Policy(
                                        Optional.empty(),
                                        security.deniedReadPaths(),
                                        ctx.config().agents().provider("codex").args()),
                                ctx.redactor())
                        .map(line -> line + "; fix: run wb preflight, and fix its codex lines before wb run"));
    }
}
