package dev.wb.commands.schemas;

import com.google.common.io.Resources;
import dev.wb.commands.base.Failure;
import dev.wb.engine.fs.AtomicFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The JSON Schemas (draft 2020-12) wb ships for the files people and agents write by hand: {@code
 * sdd.json}, {@code .workflow/config.json}, {@code .workflow/policy.json}, the judge's review record and
 * the flows of {@code .workflow/flows/} (YAML, named by {@link #FLOW_MODELINE}).
 * {@code wb init} writes them into {@code .workflow/schemas/}, where a file's {@code $schema} names
 * one for editors. wb owns these copies: one that differs from the shipped schema is replaced, so an
 * upgrade of wb updates them; a link or anything but a regular file there is refused, never followed.
 */
public final class ShippedSchemas {

    /** The folder of {@code .workflow/} they are written to. */
    public static final String DIR = "schemas";

    /** The schemas, by name, in the order they are written and reported. */
    public static final List<String> NAMES = List.of("config", "policy", "sdd", "review", "flow");

    /**
     * The first line of a flow that names its schema for YAML editors (the YAML language server's
     * modeline, read by VS Code's YAML extension, Neovim, Helix, Zed and JetBrains IDEs), relative to
     * {@code .workflow/flows/NAME.yaml}; a comment, so wb and the orchestrator read the flow unchanged.
     */
    public static final String FLOW_MODELINE = "# yaml-language-server: $schema=../schemas/flow.schema.json";

    /** What {@link #install} did to each file, as paths relative to {@code .workflow/}. */
    public record Install(List<String> created, List<String> updated, List<String> kept) {}

    private ShippedSchemas() {}

    /** The file name of a schema: {@code sdd.schema.json}. */
    public static String file(String name) {
        return name + ".schema.json";
    }

    /** The shipped bytes of a schema. */
    public static byte[] bytes(String name) {
        if (!NAMES.contains(name)) {
            throw new IllegalArgumentException("no shipped schema " + name + "; the schemas are " + NAMES);
        }
        try {
            return Resources.toByteArray(Resources.getResource(ShippedSchemas.class, file(name)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Writes every schema into {@code workflowDir/schemas/}: an absent one is created, one that differs
     * is replaced atomically, an identical one is left untouched (so a re-run changes nothing). Exit 3,
     * having replaced nothing further, when the folder or a schema's place is a link or not what it
     * should be.
     */
    public static Install install(Path workflowDir) {
        Path dir = workflowDir.resolve(DIR);
        List<String> created = new ArrayList<>();
        List<String> updated = new ArrayList<>();
        List<String> kept = new ArrayList<>();
        try {
            if (Files.isSymbolicLink(dir)
                    || (Files.exists(dir, LinkOption.NOFOLLOW_LINKS) && !Files.isDirectory(dir))) {
                throw refused(dir, "is a symbolic link or not a folder");
            }
            Files.createDirectories(dir);
            for (String name : NAMES) {
                Path target = dir.resolve(file(name));
                String shown = DIR + "/" + file(name);
                byte[] shipped = bytes(name);
                if (Files.isSymbolicLink(target)
                        || (Files.exists(target, LinkOption.NOFOLLOW_LINKS)
                                && !Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS))) {
                    throw refused(target, "is a symbolic link or not a regular file");
                }
                if (AtomicFiles.createIfAbsent(target, shipped)) {
                    created.add(shown);
                } else if (Files.size(target) == shipped.length && Arrays.equals(Files.readAllBytes(target), shipped)) {
                    kept.add(shown);
                } else {
                    AtomicFiles.write(target, shipped);
                    updated.add(shown);
                }
            }
        } catch (IOException e) {
            throw new Failure(
                    Failure.Kind.CONFIG,
                    "cannot write " + dir + ": " + e.getMessage(),
                    List.of("check that " + dir + " is writable, then run: wb init"));
        }
        return new Install(List.copyOf(created), List.copyOf(updated), List.copyOf(kept));
    }

    private static Failure refused(Path path, String what) {
        return new Failure(
                Failure.Kind.CONFIG,
                path + " " + what + "; wb writes its schemas only as regular files of .workflow/" + DIR + "/",
                List.of("remove it, then run: wb init"));
    }
}
