package dev.wb.commands.preflight;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.process.Outcome;
import dev.wb.projections.events.PreflightCompleted.LineVerdict;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A provider's health line: {@code <cli> --version} answers within its time limit, and the provider's
 * own status command says it is logged in ({@code claude auth status}, JSON with {@code loggedIn};
 * {@code codex login status}, exit 0). No task is processed and no model is called. A provider that
 * cannot start, answer, or is logged out is a FAIL; a login state that cannot be read is a WARN line
 * after an OK health line.
 */
final class ProviderHealth {

    /** The health line, any WARN line after it, and whether the provider can run a task. */
    /**
     * @param healthy installed and logged in (or holding an API key its config names)
     * @param installed its {@code --version} answered: the isolation smoke, which needs no login, can run
     */
    record Health(String provider, boolean healthy, boolean installed, List<PreflightLine> lines) {}

    /** The environment variables each provider's CLI logs in with, as the CLIs themselves read them. */
    static final Map<String, List<String>> API_KEYS = Map.of(
            "codex", List.of("CODEX_API_KEY"), "claude", List.of("ANTHROPIC_API_KEY", "CLAUDE_CODE_OAUTH_TOKEN"));

    private static final Pattern VERSION = Pattern.compile("\\d+\\.\\d+(?:\\.\\d+)*");
    private static final ObjectMapper JSON = new ObjectMapper();

    private ProviderHealth() {}

    static Health check(WorkspaceConfig.Provider provider, ProbeRunner runner, Path dir) {
        String name = provider.name();
        String command = provider.command();
        ProbeRunner.Answer version = runner.run(List.of(command, "--version"), dir);
        if (!version.started()) {
            return failed(
                    name, name + " executable not found (" + version.result().startError() + ")");
        }
        if (!version.exited(0)) {
            return failed(name, version.why(command + " --version"));
        }
        Matcher m = VERSION.matcher(version.output());
        if (!m.find()) {
            return failed(name, command + " --version printed no version number");
        }
        String number = m.group();
        Optional<String> key = provider.authEnv().stream()
                .filter(n -> API_KEYS.getOrDefault(name, List.of()).contains(n))
                .filter(n -> !runner.env().getOrDefault(n, "").isEmpty())
                .findFirst();
        Login login = key.isPresent()
                ? new Login("api_key", key, Optional.empty())
                : name.equals("claude") ? claudeLogin(runner, command, dir) : codexLogin(runner, command, dir);
        if (login.state.equals("logged_out")) {
            return new Health(
                    name,
                    false,
                    true,
                    List.of(PreflightLine.of(
                            name,
                            LineVerdict.FAIL,
                            name + " " + number + " is not logged in (auth=logged_out); run: " + command
                                    + (name.equals("claude") ? " auth login" : " login") + ", or set "
                                    + String.join(" or ", API_KEYS.getOrDefault(name, List.of()))
                                    + " and name it in agents.providers." + name + ".auth_env")));
        }
        List<PreflightLine> lines = new ArrayList<>();
        lines.add(PreflightLine.of(
                name,
                LineVerdict.OK,
                name + " " + number + " available (version=" + number + ", auth=" + login.state
                        + login.method.map(mm -> " (" + mm + ")").orElse("") + ")"));
        login.problem.ifPresent(p -> lines.add(PreflightLine.of(name, LineVerdict.WARN, "login state unknown: " + p)));
        return new Health(name, true, true, lines);
    }

    private record Login(String state, Optional<String> method, Optional<String> problem) {}

    private static Login claudeLogin(ProbeRunner runner, String command, Path dir) {
        ProbeRunner.Answer answer = runner.run(List.of(command, "auth", "status"), dir);
        if (!answer.started() || answer.result().outcome() != Outcome.EXITED) {
            return unknown(answer.why(command + " auth status"));
        }
        try {
            JsonNode status = JSON.readTree(
                    answer.output().substring(Math.max(0, answer.output().indexOf('{'))));
            if (status != null && status.path("loggedIn").isBoolean()) {
                if (!status.path("loggedIn").booleanValue()) {
                    return new Login("logged_out", Optional.empty(), Optional.empty());
                }
                Optional<String> method = status.path("authMethod").isTextual()
                        ? Optional.of(status.path("authMethod").textValue())
                        : Optional.empty();
                return new Login("logged_in", method, Optional.empty());
            }
        } catch (IOException | RuntimeException e) {
            // not JSON: read as unknown below
        }
        return answer.exited(0)
                ? unknown(command + " auth status printed no loggedIn field")
                : new Login("logged_out", Optional.empty(), Optional.empty());
    }

    private static Login codexLogin(ProbeRunner runner, String command, Path dir) {
        ProbeRunner.Answer answer = runner.run(List.of(command, "login", "status"), dir);
        if (answer.exited(0)) {
            return new Login("logged_in", Optional.empty(), Optional.empty());
        }
        if (answer.started() && answer.result().outcome() == Outcome.EXITED) {
            return new Login("logged_out", Optional.empty(), Optional.empty());
        }
        return unknown(answer.why(command + " login status"));
    }

    private static Login unknown(String problem) {
        return new Login("unknown", Optional.empty(), Optional.of(problem));
    }

    private static Health failed(String name, String why) {
        return new Health(name, false, false, List.of(PreflightLine.of(name, LineVerdict.FAIL, why)));
    }
}
