package dev.wb.commands.commit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.projections.events.draft.CommitStyle;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The original workbench's message rules and its convention detection, rule by rule. */
class CommitRulesTest {

    static final Convention FREE = new Convention(CommitStyle.FREE_FORM, false, 10, false, List.of());
    static final Convention CONVENTIONAL = new Convention(CommitStyle.CONVENTIONAL, false, 10, false, List.of());
    static final Convention TICKETED = new Convention(CommitStyle.TICKET_PREFIXED, true, 10, false, List.of());

    static List<String> check(String message, Convention convention) {
        return CommitRules.check(message, convention, Optional.empty());
    }

    @Test
    void a_short_imperative_subject_with_a_blank_line_before_its_body_passes() {
        assertEquals(List.of(), check("fix expired coupon charging the card\n\nThe expiry was read in UTC.\n", FREE));
    }

    @Test
    void an_empty_subject_is_the_only_reason_given() {
        assertEquals(List.of("subject is empty"), check("\n\nbody\n", FREE));
    }

    @Test
    void a_subject_of_73_characters_fails_and_one_of_72_passes() {
        assertEquals(List.of(), check("a".repeat(72), FREE));
        assertEquals(List.of("subject is 73 chars; keep it under 72"), check("a".repeat(73), FREE));
    }

    @Test
    void a_trailing_period_fails() {
        assertEquals(List.of("subject ends with a period"), check("fix the cart.", FREE));
    }

    @Test
    void wip_fixup_squash_and_amend_markers_are_unfinished_work() {
        for (String subject : List.of("wip cart", "WIP: cart", "fixup! fix the cart", "squash! fix", "amend! fix")) {
            assertEquals(
                    List.of("subject marks unfinished work (wip/fixup/squash); finish or squash it first"),
                    check(subject, FREE),
                    subject);
        }
    }

    @Test
    void a_second_line_that_is_not_blank_fails() {
        assertEquals(
                List.of("line 2 must be blank: git treats the first paragraph as the subject"),
                check("fix the cart\nbecause it broke\n", FREE));
    }

    @Test
    void a_past_tense_or_gerund_subject_is_not_imperative_after_a_type_or_key_too() {
        assertTrue(check("Fixed the cart", FREE).get(0).startsWith("subject starts with \"Fixed\""));
        assertTrue(
                check("feat(cart): adding totals", CONVENTIONAL).get(0).startsWith("subject starts with \"adding\""));
        assertTrue(check("ABC-1: Updated totals", TICKETED).get(0).startsWith("subject starts with \"Updated\""));
        assertEquals(List.of(), check("embed the string ring in the page", FREE));
        assertEquals(List.of(), check("speed up the cart", FREE));
    }

    @Test
    void a_conventional_repository_wants_a_type_first() {
        assertEquals(List.of(), check("fix(cart)!: drop the legacy total", CONVENTIONAL));
        assertEquals(
                List.of("this repo uses conventional commits; start with one of: feat, fix, chore, docs, refactor,"
                        + " test, perf, build, ci, style, revert"),
                check("drop the legacy total", CONVENTIONAL));
    }

    @Test
    void a_ticket_prefixed_repository_wants_the_key_first_and_the_tasks_key_in_the_message() {
        assertEquals(List.of("this repo prefixes subjects with the ticket key"), check("drop the total", TICKETED));
        assertEquals(
                List.of("the ticket key ABC-2 does not appear in the message"),
                CommitRules.check("ABC-1: drop the total", TICKETED, Optional.of("ABC-2")));
        assertEquals(List.of(), CommitRules.check("ABC-2 drop the total", TICKETED, Optional.of("ABC-2")));
        assertEquals(List.of(), CommitRules.check("drop the total", FREE, Optional.of("ABC-2")), "no keys in history");
    }

    @Test
    void anything_shaped_like_a_credential_is_refused() {
        for (String body : List.of(
                "Authorization: Bearer abcdefghijklmnopqrstuvwxyz",
                "token=ghp_abc",
                "password: hunter22",
                "api_key = 123",
                "clone https://ada:s3cret@example.com/repo.git",
                "ATATT" + "x".repeat(20),
                "a".repeat(52))) {
            assertEquals(
                    List.of("the message contains something that looks like a credential"),
                    check("fix the cart\n\n" + body + "\n", FREE),
                    body);
        }
    }

    @Test
    void every_broken_rule_is_listed_in_order() {
        assertEquals(
                5,
                check("wip something.\nno blank line\n\ntoken=abc", CONVENTIONAL)
                        .size());
    }

    @Test
    void the_convention_is_the_style_that_sixty_percent_of_the_last_fifty_subjects_hold_to() {
        List<String> conventional = List.of("feat: a", "fix: b", "docs: c", "free d", "free e");
        Convention detected = CommitRules.detect(conventional);
        assertEquals(CommitStyle.CONVENTIONAL, detected.style());
        assertEquals(5, detected.sample());
        assertEquals(List.of("feat: a", "fix: b", "docs: c"), detected.examples());

        Convention ticketed = CommitRules.detect(List.of("ABC-1: a", "ABC-2 b", "ABC-3: c", "free d", "free e"));
        assertEquals(CommitStyle.TICKET_PREFIXED, ticketed.style());
        assertTrue(ticketed.ticketPrefix());

        assertEquals(
                CommitStyle.FREE_FORM,
                CommitRules.detect(List.of("feat: a", "fix: b", "x", "y", "z")).style());
        assertEquals(CommitStyle.FREE_FORM, CommitRules.detect(List.of()).style());
    }

    @Test
    void only_the_latest_fifty_subjects_count() {
        List<String> subjects = new ArrayList<>(Collections.nCopies(50, "feat: new"));
        subjects.addAll(Collections.nCopies(200, "old style"));
        Convention detected = CommitRules.detect(subjects);
        assertEquals(CommitStyle.CONVENTIONAL, detected.style());
        assertEquals(50, detected.sample());
    }
}
