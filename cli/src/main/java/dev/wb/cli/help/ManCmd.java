package dev.wb.cli.help;

import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.Texts;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.base.Failure;
import dev.wb.engine.fs.AtomicFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code wb generate-man [DIR]}: a man page for wb and for each of its commands, written into DIR
 * from the same specs as their help ({@link ManPage}). Each file is written whole (atomically); a DIR
 * that is a symbolic link, or is not a folder, is refused.
 */
public final class ManCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("written"),
            Exit.USAGE.as("DIR refused (a symbolic link, or not a folder)"),
            Exit.CONFIG.as("DIR could not be written"));

    private CommandSpec spec;
    private String dir;

    private ManCmd(WbCommand root) {
        super(root, EXITS);
    }

    public static CommandSpec spec(WbCommand root) {
        ManCmd cmd = new ManCmd(root);
        cmd.spec = cmd.command(
                "generate-man",
                "Write a man page (roff) for wb and for each of its commands into DIR: wb.1, wb-status.1,"
                        + " wb-judge-run.1, ... Pages already there are replaced.",
                "Install: wb generate-man ~/.local/share/man/man1   (then: man wb-status)",
                "Read one without installing: man -l DIR/wb.1");
        cmd.spec.addPositional(Specs.positional(
                "DIR",
                "0..1",
                "The folder to write the pages to (default: the current folder).",
                value -> cmd.dir = value));
        return cmd.spec;
    }

    @Override
    protected Exit run() {
        Path target = context().cwd().resolve(dir == null ? "." : dir).normalize();
        if (Files.isSymbolicLink(target)) {
            throw Failure.usage(
                    target + " is a symbolic link; wb writes man pages only into a real folder",
                    "wb generate-man " + resolvedOr(target) + "   (the folder the link points to, if you mean it)");
        }
        if (Files.exists(target, LinkOption.NOFOLLOW_LINKS) && !Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS)) {
            throw Failure.usage(target + " is not a folder", "wb generate-man DIR   (a folder, made if missing)");
        }
        List<CommandSpec> commands = new ArrayList<>();
        collect(spec.root(), commands);
        try {
            Files.createDirectories(target);
            for (CommandSpec command : commands) {
                Path page = target.resolve(ManPage.fileName(command));
                if (Files.isSymbolicLink(page) || Files.isDirectory(page, LinkOption.NOFOLLOW_LINKS)) {
                    throw Failure.usage(
                            page + " is a symbolic link or a folder; wb does not write through it",
                            "remove it, or choose another DIR");
                }
                AtomicFiles.write(page, ManPage.roff(command).getBytes(StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            throw new Failure(
                    Failure.Kind.CONFIG,
                    "could not write the man pages to " + target + ": " + e.getMessage(),
                    List.of("check that " + target + " is a writable folder and the disk has space"));
        }
        console().line("wrote " + Texts.plural(commands.size(), "man page") + " to " + target);
        console().line("read one: man -l " + target.resolve("wb.1"));
        return Exit.OK;
    }

    private static String resolvedOr(Path link) {
        try {
            return link.toRealPath().toString();
        } catch (IOException e) {
            return "DIR";
        }
    }

    /** {@code command} and every command under it that help shows. */
    private static void collect(CommandSpec command, List<CommandSpec> found) {
        if (command.usageMessage().hidden()) {
            return;
        }
        found.add(command);
        command.subcommands().values().forEach(sub -> collect(sub.getCommandSpec(), found));
    }
}
