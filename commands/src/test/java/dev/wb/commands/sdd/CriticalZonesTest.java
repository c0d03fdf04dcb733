package dev.wb.commands.sdd;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class CriticalZonesTest {

    @ParameterizedTest
    @CsvSource({
            "src/auth/login.py, auth",
            "src/AuthService.java, auth",
            "app/billing/invoice.rb, billing",
            "db/migrations/0001_init.sql, migration",
            "src/userData/store.ts, user-data",
            "config/.env, secrets",
            "certs/server.pem, secrets",
            "src/author.py, ''",
            "src/distance.py, ''",
            "docs/authoring.md, ''"})
    void default_zones_match_words_of_the_path_not_substrings(String path, String zone) {
        Set<String> expected = zone.isEmpty() ? Set.of() : Set.of(zone);

        assertEquals(expected, CriticalZones.defaultZones().zonesOf(path));
    }

    @Test
    void config_adds_patterns_to_a_zone_and_new_zones() {
        CriticalZones zones = CriticalZones.with(Map.of("auth", List.of("sso-bridge"), "payments-core",
                List.of("services/pay/**")));

        assertEquals(Set.of("auth"), zones.zonesOf("lib/sso-bridge/client.go"));
        assertEquals(Set.of("payments-core"), zones.zonesOf("services/pay/ledger/entry.go"));
        assertEquals(Set.of(), zones.zonesOf("services/payroll.go"));
    }

    @Test
    void camel_case_and_acronyms_split_into_words() {
        assertEquals(List.of("o", "auth", "client", "v2"), CriticalZones.words("OAuthClientV2"));
        assertEquals(List.of("user", "data", "store", "ts"), CriticalZones.words("userDataStore.ts"));
    }
}
