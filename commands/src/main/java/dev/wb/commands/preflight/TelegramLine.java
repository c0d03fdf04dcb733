package dev.wb.commands.preflight;

import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.projections.events.PreflightCompleted.LineVerdict;
import java.util.List;
import java.util.Map;

/**
 * The {@code telegram} line. wb reaches no network, so preflight never contacts Telegram: OK means
 * configured (enabled, with a token and a chat id, which the config reader already requires), never
 * "reachable". The token is a secret and appears nowhere.
 */
final class TelegramLine {

    private TelegramLine() {}

    /**
     * SKIP when off; FAIL naming each variable {@code bot_token_env}/{@code chat_id_env} names that {@code env}
     * leaves unset (the names only: a value is never printed); else OK.
     */
    static PreflightLine of(WorkspaceConfig.Telegram telegram, Map<String, String> env) {
        if (!telegram.enabled()) {
            return PreflightLine.paren("telegram", LineVerdict.SKIP, "disabled");
        }
        List<String> unset = telegram.unsetVariables(env);
        if (!unset.isEmpty()) {
            return PreflightLine.of(
                    "telegram",
                    LineVerdict.FAIL,
                    "env var(s) not set: " + String.join(", ", unset)
                            + " (named by telegram.bot_token_env/chat_id_env; export it or add it to .workflow/.env)");
        }
        return PreflightLine.paren("telegram", LineVerdict.OK, "configured; not contacted — wb reaches no network");
    }
}
