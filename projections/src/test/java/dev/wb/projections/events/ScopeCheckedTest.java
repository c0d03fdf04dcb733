package dev.wb.projections.events;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.wb.engine.NewEvent;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.status.StageEvents;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ScopeCheckedTest {

    static final String PLAN = "sha256:" + "a".repeat(64);
    static final ScopeChecked.Counts COUNTS = new ScopeChecked.Counts(1, 1, 0, 1, 1, 2);
    static final List<ScopeChecked.PathEntry> PATHS = List.of(
            new ScopeChecked.PathEntry(
                    "lib/stray.py", ScopeChecked.PathStatus.DEVIATION, "added", List.of(), List.of("billing")),
            new ScopeChecked.PathEntry(
                    "src/shared.py", ScopeChecked.PathStatus.OVERLAP, "modified", List.of("ABC-2"), List.of()),
            new ScopeChecked.PathEntry("src/app.py", ScopeChecked.PathStatus.OK, "modified", List.of(), List.of()),
            new ScopeChecked.PathEntry("src/later.py", ScopeChecked.PathStatus.PENDING, "", List.of(), List.of()));

    static ScopeChecked check(int maxListedBytes) {
        return ScopeChecked.listing(
                new ScopeChecked.Summary(
                        Verdict.DEVIATION,
                        ScopeChecked.Mode.STAGED,
                        Optional.of(new ScopeChecked.Base("main", "1".repeat(40))),
                        PLAN,
                        COUNTS),
                PATHS,
                List.of("billing"),
                maxListedBytes);
    }

    @Test
    void a_check_is_recorded_in_the_payload_it_always_had() {
        NewEvent event = check(64 * 1024).toNewEvent();

        assertEquals("scope.checked", event.type());
        assertEquals(1, event.schemaVersion());
        assertEquals(
                "{\"base\":{\"commit\":\"" + "1".repeat(40) + "\",\"ref\":\"main\"},\"counts\":{\"deviation\":1,"
                        + "\"excluded\":2,\"ok\":1,\"other\":0,\"overlap\":1,\"pending\":1},\"mode\":\"staged\","
                        + "\"paths\":[{\"change\":\"added\",\"path\":\"lib/stray.py\",\"status\":\"deviation\","
                        + "\"zones\":[\"billing\"]},{\"change\":\"modified\",\"path\":\"src/shared.py\","
                        + "\"status\":\"overlap\",\"tasks\":[\"ABC-2\"]},{\"change\":\"modified\",\"path\":\"src/app.py\","
                        + "\"status\":\"ok\"},{\"path\":\"src/later.py\",\"status\":\"pending\"}],\"planDigest\":\""
                        + PLAN + "\",\"unlisted\":0,\"verdict\":\"deviation\",\"zones\":[\"billing\"]}",
                new String(CanonicalJson.bytes(event.payload()), StandardCharsets.UTF_8));
    }

    @Test
    void a_check_without_a_base_writes_null() {
        ScopeChecked check = new ScopeChecked(
                Verdict.PASS, ScopeChecked.Mode.WORKTREE, Optional.empty(), PLAN, COUNTS, List.of(), 0, List.of());

        assertEquals("null", check.payload().get("base").toString());
        assertEquals(check, ScopeChecked.TYPE.read(check.payload()));
    }

    @Test
    void paths_past_the_byte_budget_are_only_counted() {
        // The head: the payload up to an empty list of paths, as the check has always counted it.
        int head = CanonicalJson.bytes(check(0).payload()).length
                - ",\"unlisted\":4".length()
                - ",\"zones\":[\"billing\"]".length();
        String first =
                "{\"change\":\"added\",\"path\":\"lib/stray.py\",\"status\":\"deviation\",\"zones\":[\"billing\"]}";

        ScopeChecked one = check(head + first.length() + 1);
        ScopeChecked none = check(head + first.length());

        assertEquals(List.of(PATHS.get(0)), one.paths());
        assertEquals(3, one.unlisted());
        assertEquals(List.of(), none.paths());
        assertEquals(4, none.unlisted());
    }

    @Test
    void a_payload_reads_back_into_the_record_it_was_written_from() {
        ScopeChecked written = check(64 * 1024);

        assertEquals(written, ScopeChecked.TYPE.read(written.payload()));
    }

    @Test
    void the_outline_streams_the_verdict_and_digest() {
        var envelope = StageEvents.sealed(check(64 * 1024).toNewEvent()).get(0);

        assertEquals(new ScopeChecked.Outline(Verdict.DEVIATION, PLAN), ScopeChecked.outline(envelope));
    }
}
