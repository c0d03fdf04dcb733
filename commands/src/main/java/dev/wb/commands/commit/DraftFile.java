package dev.wb.commands.commit;

import dev.wb.commands.InputFiles;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.engine.Digests;
import dev.wb.engine.fs.AtomicFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;

/**
 * A drafted text a check reads ({@code --file}) and, once it passes, saves under the task's folder. A
 * draft is read as every input file is ({@link InputFiles}): inside the repository once its links are
 * resolved, a regular file, within its kind's limit, strict UTF-8. What is saved is its text with a
 * newline at the end, and its digest is of exactly those bytes, so a later reader can tell whether the
 * file on disk is still the one that was checked.
 *
 * @param shown the draft as messages name it: relative to the repository when inside it
 * @param text the draft's text, ending in a newline
 */
public record DraftFile(String shown, String text) {

    /**
     * Reads the draft; exit 6 when nothing is at {@code file} ({@code fix} gives the fix line of the draft as
     * shown), 2 when it is no file wb reads.
     */
    public static DraftFile read(Workspace workspace, Path file, InputFiles.Kind kind, Function<String, String> fix) {
        Path absolute = file.toAbsolutePath().normalize();
        String shown = absolute.startsWith(workspace.root())
                ? workspace.root().relativize(absolute).toString()
                : absolute.toString();
        InputFiles.Content content;
        try {
            content = InputFiles.read(workspace.root(), absolute, kind)
                    .orElseThrow(() -> Failure.missing("no such file: " + shown, fix.apply(shown)));
        } catch (InputFiles.Unusable e) {
            throw new Failure(Failure.Kind.USAGE, e.getMessage(), List.of(e.fix()));
        }
        String text = content.text();
        return new DraftFile(shown, text.endsWith("\n") ? text : text + "\n");
    }

    /** The bytes saved: the text as UTF-8. */
    public byte[] bytes() {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** The SHA-256 of {@link #bytes()}, lower-case hex. */
    public String sha256() {
        return Digests.hex(Digests.sha256(bytes()));
    }

    /** Writes the draft atomically to {@code .workflow/KEY/name}, creating the task's folder; the path written. */
    public Path save(Workspace workspace, String key, String name) {
        Path dir = workspace.workflowDir().resolve(key);
        Path target = dir.resolve(name);
        try {
            Files.createDirectories(dir);
            AtomicFiles.write(target, bytes());
        } catch (IOException e) {
            throw new Failure(
                    Failure.Kind.USAGE,
                    "could not write .workflow/" + key + "/" + name + ": " + e.getMessage(),
                    List.of("check that " + dir + " is a writable folder"));
        }
        return target;
    }
}
