package dev.wb.commands.run;

import dev.wb.commands.process.Outcome;
import dev.wb.commands.process.ProcessRequest;
import dev.wb.commands.process.ProcessRunner;
import dev.wb.commands.process.RunResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Whether a provider can log in before its node starts, where the CLI will not say so itself: Codex
 * offline and without a login never says it is not logged in, it retries the network until its node's
 * time limit. So before a Codex node, unless the provider's environment holds {@code CODEX_API_KEY}
 * (named in {@code agents.providers.codex.auth_env}), {@code codex login status} is asked, with the
 * environment the node would get: exit 1 is "not logged in", and the node goes to a person at once.
 * Claude says {@code Not logged in} itself within a second, so it is not asked.
 */
final class ProviderLogin {

    private static final Duration LIMIT = Duration.ofSeconds(15);

    private ProviderLogin() {}

    /** Why the provider cannot log in, in its words with wb's fix; empty when it can or may. */
    static Optional<String> missing(String provider, Path program, Map<String, String> env, RunContext ctx) {
        if (!provider.equals("codex") || env.containsKey("CODEX_API_KEY")) {
            return Optional.empty();
        }
        try {
            Files.createDirectories(ctx.scratch());
            Path out = Files.createTempFile(ctx.scratch(), "login-", ".out");
            try {
                RunResult result = ProcessRunner.run(
                        ProcessRequest.of(List.of(program.toString(), "login", "status"), ctx.root(), env, LIMIT, out)
                                .withRedactor(ctx.redactor()));
                String output = result.output().render();
                // only Codex's own answer holds a node back: a status that hangs or fails some other way
                // leaves the node to start and say what is wrong itself
                if (result.outcome() != Outcome.EXITED
                        || result.exitCode() == 0
                        || !output.toLowerCase(Locale.ROOT).contains("not logged in")) {
                    return Optional.empty();
                }
                String said = ProviderOutput.firstSaid(result.output().render());
                return Optional.of("codex is not logged in (codex login status: " + said + "); fix: run codex login as"
                        + " this user, or set CODEX_API_KEY and name it in agents.providers.codex.auth_env");
            } finally {
                Files.deleteIfExists(out);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot ask codex login status", e);
        }
    }
}
