package dev.wb.commands.sync.wire;

import dev.wb.commands.merged.Replica;
import dev.wb.engine.StreamId;
import java.util.Optional;

/**
 * One replica's chain of one stream as a ref, named below {@code refs/wb/} (or a remote's private
 * namespace): {@code tasks/<KEY>/<replica>}, or {@code workspace/<replica>} (docs/adr/0010). Any
 * other name is not one of wb's refs.
 */
public record SyncRef(StreamId stream, String replica) {

    public SyncRef {
        if (!Replica.isId(replica)) {
            throw new IllegalArgumentException("not a replica id: " + replica);
        }
    }

    /** The name below the namespace. */
    public String name() {
        return (stream.isWorkspace() ? "workspace/" : "tasks/" + stream.name() + "/") + replica;
    }

    /** Reads a name below the namespace; empty when it is not one of the two shapes. */
    public static Optional<SyncRef> parse(String name) {
        String[] parts = name.split("/", -1);
        if (parts.length == 2 && parts[0].equals("workspace") && Replica.isId(parts[1])) {
            return Optional.of(new SyncRef(StreamId.workspace(), parts[1]));
        }
        if (parts.length == 3 && parts[0].equals("tasks") && Replica.isId(parts[2])) {
            // Keys are stored in one spelling (tickets upper-case, slugs lower-case): another is another name.
            return StreamId.parse(parts[1])
                    .filter(id -> !id.isWorkspace() && id.name().equals(parts[1]))
                    .map(id -> new SyncRef(id, parts[2]));
        }
        return Optional.empty();
    }

    @Override
    public String toString() {
        return name();
    }
}
