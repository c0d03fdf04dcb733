package dev.wb.cli.core;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The plain words of a hot command, read without picocli (docs/adr/0008): boolean flags, each at
 * most once, and at most one positional that cannot be mistaken for anything else. Whatever else
 * the words hold ({@code --help}, an unknown or repeated option, {@code --}, an {@code @file}, an
 * empty word, a second positional) is left to picocli, so help and usage errors stay its own, byte
 * for byte.
 */
public final class DirectArgs {

    private DirectArgs() {}

    /**
     * Reads the words after the subcommand's name. {@code --json} is always one of its flags (it sets
     * the run's one flag, as {@link Specs#json} does); {@code flags} are the command's other flags.
     * Returns false, having set nothing, when picocli must parse the words instead.
     *
     * @param jsonBefore whether {@code --json} came before the subcommand's name (the root's own)
     */
    public static boolean read(
            WbCommand root,
            boolean jsonBefore,
            List<String> words,
            Map<String, Runnable> flags,
            Consumer<String> positional) {
        Set<String> seen = new HashSet<>();
        String value = null;
        for (String word : words) {
            if (word.equals("--json") || flags.containsKey(word)) {
                if (!seen.add(word)) {
                    return false;
                }
            } else if (value != null || word.isEmpty() || word.startsWith("-") || word.startsWith("@")) {
                return false;
            } else {
                value = word;
            }
        }
        root.json = jsonBefore || seen.contains("--json");
        for (String word : words) {
            if (flags.containsKey(word)) {
                flags.get(word).run();
            }
        }
        if (value != null) {
            positional.accept(value);
        }
        return true;
    }
}
