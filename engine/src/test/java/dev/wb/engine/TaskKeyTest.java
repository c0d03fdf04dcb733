package dev.wb.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class TaskKeyTest {

    @ParameterizedTest
    @CsvSource({
        "ABC-12, ABC-12",
        "abc-12, ABC-12",
        "Task2-007, TASK2-007",
        "123, 123",
        "007, 007",
        "idea-dark-mode, idea-dark-mode",
        "IDEA-Dark-Mode, idea-dark-mode",
        "incident-db-down-2, incident-db-down-2",
        "IDEA-12, idea-12"
    })
    void tickets_are_upper_cased_numbers_kept_as_typed_and_slugs_lower_cased(String typed, String stored) {
        assertEquals(Optional.of(stored), TaskKey.parse(typed).map(TaskKey::value));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "abc",
                "ABC1",
                "1-ABC",
                "ABC-",
                "-12",
                "A B-1",
                "idea-",
                "idea--x",
                "idea-a.b",
                "idea_x",
                "notes-x",
                "../x",
                "12 ",
                "workspace",
                "idea-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
            })
    void anything_else_is_not_a_key(String typed) {
        assertEquals(Optional.empty(), TaskKey.parse(typed));
    }

    @Test
    void keys_sort_tickets_by_letters_then_number_then_numbers_then_slugs() {
        List<TaskKey> keys = new ArrayList<>();
        for (String k : List.of("idea-b", "ABC-10", "123", "ABC-2", "9", "AB-7", "incident-a", "idea-a")) {
            keys.add(TaskKey.parse(k).orElseThrow());
        }
        keys.sort(TaskKey.ORDER);
        assertEquals(
                List.of("AB-7", "ABC-2", "ABC-10", "9", "123", "idea-a", "idea-b", "incident-a"),
                keys.stream().map(TaskKey::value).toList());
        assertTrue(TaskKey.parse("idea-a").orElseThrow().slug());
    }
}
