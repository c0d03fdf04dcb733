package dev.wb.commands.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The original's five zones, searched for in the path ignoring case, and config.json's additions. */
class CriticalZonesTest {

    @ParameterizedTest
    @CsvSource({
        "src/checkout.py, billing",
        "app/Billing/Invoice.rb, billing",
        "lib/paddle_webhook.py, billing",
        "src/quota.ts, billing",
        "docs/PLAN.md, billing",
        "src/auth/login.py, auth",
        "src/AuthService.java, auth",
        "src/author.py, auth",
        "api/tokens.go, auth",
        "src/acl.rs, auth",
        "src/users/store.ts, user-data",
        "app/account_view.py, user-data",
        "app/PII.csv, user-data",
        "web/profiles/avatar.js, user-data",
        "db/migrations/0001_init.sql, migration",
        "alembic/env.py, migration",
        "deploy/secrets.env, secrets",
        "src/schema.graphql, migration",
        "config/.env, secrets",
        "infra/Keystore.jks, secrets",
        "src/vault_client.py, secrets",
        "src/distance.py, ''",
        "src/profile.py, ''",
        "src/username.py, ''",
        "certs/server.pem, ''"
    })
    void the_built_in_zones_are_the_originals_regular_expressions(String path, String expected) {
        Set<String> zones = expected.isEmpty() ? Set.of() : Set.of(expected.split("\\|"));

        assertEquals(zones, CriticalZones.defaultZones().zonesOf(path));
    }

    @Test
    void the_built_in_zones_and_patterns_are_the_originals() {
        assertEquals(
                List.of("billing", "auth", "user-data", "migration", "secrets"),
                List.copyOf(CriticalZones.BUILT_IN.keySet()));
        assertEquals(
                "billing|payment|invoice|subscription|checkout|stripe|paddle|quota|plan",
                CriticalZones.BUILT_IN.get("billing"));
        assertEquals("auth|login|session|password|token|oauth|permission|role|acl", CriticalZones.BUILT_IN.get("auth"));
        assertEquals(
                "(^|/)(users?|accounts?|pii|personal)(/|_|\\.)|(^|/)profiles?/",
                CriticalZones.BUILT_IN.get("user-data"));
        assertEquals("migrat|schema|alembic|liquibase", CriticalZones.BUILT_IN.get("migration"));
        assertEquals("secret|credential|keystore|vault|\\.env", CriticalZones.BUILT_IN.get("secrets"));
    }

    @Test
    void config_adds_patterns_to_a_zone_and_new_zones() {
        CriticalZones zones = CriticalZones.with(
                Map.of("user-data", List.of("sso-bridge"), "payments-core", List.of("services/pay/**")));

        assertEquals(Set.of("user-data"), zones.zonesOf("lib/sso-bridge/client.go"));
        assertEquals(Set.of(), zones.zonesOf("lib/ssobridge.go"));
        assertEquals(Set.of("payments-core"), zones.zonesOf("services/pay/ledger/entry.go"));
        assertEquals(Set.of(), zones.zonesOf("services/payroll.go"));
        assertEquals(
                new TreeSet<>(List.of("auth", "billing", "migration", "payments-core", "secrets", "user-data")),
                zones.names());
    }

    @Test
    void touched_names_each_zone_with_its_paths() {
        var touched = CriticalZones.defaultZones().touched(List.of("src/checkout.py", "src/app.py", "src/stripe.py"));

        assertEquals(Set.of("billing"), touched.keySet());
        SortedSet<String> billing = touched.get("billing");
        assertEquals(List.of("src/checkout.py", "src/stripe.py"), List.copyOf(billing));
    }

    @Test
    void camel_case_and_acronyms_split_into_words() {
        assertEquals(List.of("o", "auth", "client", "v2"), CriticalZones.words("OAuthClientV2"));
        assertEquals(List.of("user", "data", "store", "ts"), CriticalZones.words("userDataStore.ts"));
    }
}
