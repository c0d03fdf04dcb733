package dev.wb.git;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The two rules both backends share when a path shows up more than once. */
class ChangeSetTest {

    @Test
    void a_tracked_change_beats_untracked_in_either_order() {
        ChangeSet changes = new ChangeSet();
        changes.add(new ChangedPath("a", Change.UNTRACKED));
        changes.add(new ChangedPath("a", Change.DELETED));
        changes.add(new ChangedPath("b", Change.DELETED));
        changes.add(new ChangedPath("b", Change.UNTRACKED));

        assertEquals(
                List.of(new ChangedPath("a", Change.DELETED), new ChangedPath("b", Change.DELETED)), changes.sorted());
    }

    @Test
    void the_scope_beats_what_was_committed_since_the_base() {
        ChangeSet changes = new ChangeSet();
        changes.add(new ChangedPath("a", Change.DELETED));
        changes.addCommitted(List.of(new ChangedPath("a", Change.ADDED), new ChangedPath("b", Change.MODIFIED)));

        assertEquals(
                List.of(new ChangedPath("a", Change.DELETED), new ChangedPath("b", Change.MODIFIED)), changes.sorted());
    }
}
