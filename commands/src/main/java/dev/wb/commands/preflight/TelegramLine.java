package dev.wb.commands.preflight;

import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.preflight.PreflightLine.Verdict;

/**
 * The {@code telegram} line. wb reaches no network, so preflight never contacts Telegram: OK means
 * configured (enabled, with a token and a chat id, which the config reader already requires), never
 * "reachable". The token is a secret and appears nowhere.
 */
final class TelegramLine {

    private TelegramLine() {}

    static PreflightLine of(WorkspaceConfig.Telegram telegram) {
        if (!telegram.enabled()) {
            return PreflightLine.paren("telegram", Verdict.SKIP, "disabled");
        }
        return PreflightLine.paren("telegram", Verdict.OK, "configured; not contacted — wb reaches no network");
    }
}
