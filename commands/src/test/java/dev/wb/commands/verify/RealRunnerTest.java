package dev.wb.commands.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which real files may run as which runner: the names packages and distributions really install. */
class RealRunnerTest {

    @ParameterizedTest(name = "{0} as {1}: {2}")
    @CsvSource({
        "pytest,         pytest, true",
        "npm-cli.js,     npm,    true",
        "npx-cli.js,     npx,    true",
        "pnpm.cjs,       pnpm,   true",
        "vitest.mjs,     vitest, true",
        "eslint.js,      eslint, true",
        "ruby3.1,        ruby,   true",
        "php8.2,         php,    true",
        "python3.12,     python, true",
        "bazelisk,       bazel,  true",
        "make,           pytest, true",
        "nodejs,         node,   true",
        "rustup,         cargo,  true",
        "rustup,         pytest, false",
        "nodejs,         npm,    false",
        "dash,           pytest, false",
        "bash5.2,        make,   false",
        "sh,             make,   false",
        "perl,           prove,  false",
        "busybox,        make,   false",
        "env,            node,   false",
        "sh-cli.js,      node,   false",
        "3.1,            make,   false"
    })
    void a_real_file_runs_as_a_runner_only_under_a_runner_s_name(String realName, String runner, boolean serves) {
        assertEquals(serves, RealRunner.serves(realName, runner));
    }
}
