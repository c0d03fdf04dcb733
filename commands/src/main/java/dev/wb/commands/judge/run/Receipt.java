package dev.wb.commands.judge.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.base.Failure;
import dev.wb.commands.judge.snapshot.Snapshot;
import dev.wb.engine.Digests;
import dev.wb.engine.fs.AtomicFiles;
import dev.wb.engine.json.CanonicalJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A validation receipt: what {@code wb judge run} observed, written once below its snapshot as
 * {@code receipts/<hex>.json}, where {@code <hex>} is the SHA-256 of the file's exact bytes. The file
 * authenticates nothing by itself; its trust is the digest the caller saw printed and pins later
 * (docs/JUDGE.md).
 */
public final class Receipt {

    /** Receipt version 2: the mode, and for an in-place run the live content digests before and after. */
    public static final int VERSION = 2;

    public record Written(Path path, String digest) {}

    private Receipt() {}

    public static Written write(Snapshot snapshot, ObjectNode body) {
        byte[] bytes = (CanonicalJson.text(body, true) + "\n").getBytes(StandardCharsets.UTF_8);
        String digest = Digests.sha256(bytes);
        Path file = snapshot.receipts().resolve(Digests.hex(digest) + ".json");
        try {
            Files.createDirectories(snapshot.receipts());
            AtomicFiles.createIfAbsent(file, bytes);
        } catch (IOException e) {
            throw new Failure(
                    Failure.Kind.NOT_COMPLETED,
                    "cannot write the receipt " + file + ": " + e.getMessage(),
                    List.of("check that .workflow/local/ is writable, then run again"));
        }
        return new Written(file, digest);
    }
}
