package dev.wb.commands.process;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The one rule for secret-bearing names, on the names people actually use. */
class SecretNamesTest {

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(textBlock = """
            GITHUB_TOKEN, true
            db_password, true
            PGPASSWD, true
            Api_Key, true
            SSH_PRIVATE_KEY, true
            SIGNING_KEY, true
            AWS_ACCESS_KEY_ID, true
            GPG_PASSPHRASE, true
            GH_AUTH, true
            DB_PWD, true
            SENTRY_DSN, true
            telegram.bot_token, true
            PWD, false
            OLDPWD, false
            HOME, false
            PATH, false
            KEYBOARD_LAYOUT, false
            GIT_AUTHOR_NAME, false
            XDG_SESSION_TYPE, false
            DOTNET_ROOT, false
            """)
    void names(String name, boolean secret) {
        assertEquals(secret, SecretNames.secret(name));
    }
}
