package dev.wb.commands.pr;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The original workbench's rules for a drafted description, rule by rule. */
class ProseRulesTest {

    static List<String> check(String text) {
        return ProseRules.check(text, Optional.empty());
    }

    @Test
    void a_description_with_content_under_each_heading_passes() {
        assertEquals(
                List.of(),
                check("Fix the cart total\n\n## What\nRound once.\n\n## Verification\n`make test` passed.\n"));
    }

    @Test
    void a_heading_with_nothing_before_the_next_heading_or_the_end_is_an_empty_section() {
        assertEquals(
                List.of(
                        "section 'Why' has no content: delete the heading or fill it",
                        "section 'Risk' has no content: delete the heading or fill it"),
                check("## What\nRound once.\n## Why\n\n## How\nOnce.\n## Risk\n\n"));
    }

    @Test
    void each_filler_phrase_is_named() {
        for (String filler : List.of(
                "Generated with [Claude",
                "Co-Authored-By: Claude",
                "as requested",
                "This PR simply",
                "I have made the changes",
                "Let me know if",
                "No other changes were made")) {
            assertEquals(List.of("remove filler: '" + filler + "'"), check("Fix the cart. " + filler + " x\n"), filler);
        }
    }

    @Test
    void an_unticked_box_is_named_once() {
        assertEquals(
                List.of("unticked checklist item: '- [ ] tests' -- fill it in or remove it"),
                check("Fix the cart.\n- [ ] tests\n* [ ] docs\n- [x] done\n"));
    }

    @Test
    void an_upper_case_slot_or_a_leading_marker_is_a_placeholder_but_generics_tags_and_KEY_are_not() {
        assertEquals(List.of("placeholder left in the text: '<TICKET>'"), check("Fix <KEY> and <TICKET>.\n"));
        assertEquals(List.of("placeholder left in the text: '- TODO'"), check("Fix the cart.\n- TODO\n"));
        assertEquals(List.of(), check("Return a List<String>, break with <br>, remove the TODO in cart.py.\n"));
    }

    @Test
    void a_trivial_change_has_no_headings() {
        assertEquals(
                List.of("this change is trivial; a title and one sentence is the whole description"),
                ProseRules.check("Fix the cart\n\n## What\nRound once.\n", Optional.of(Shape.TRIVIAL)));
        assertEquals(List.of(), ProseRules.check("Fix the cart\n\n## What\nRound once.\n", Optional.of(Shape.SMALL)));
    }

    @Test
    void an_empty_description_is_refused() {
        assertEquals(List.of("the description is empty: write a title and at least one sentence"), check(" \n\n"));
    }

    @Test
    void the_shape_follows_the_number_of_changed_files() {
        assertEquals(Shape.TRIVIAL, Shape.of(2));
        assertEquals(Shape.SMALL, Shape.of(3));
        assertEquals(Shape.SMALL, Shape.of(6));
        assertEquals(Shape.LARGE, Shape.of(7));
    }
}
