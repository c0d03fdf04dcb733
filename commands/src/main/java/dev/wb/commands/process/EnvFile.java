package dev.wb.commands.process;

import dev.wb.commands.InputFiles;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads an env-file such as {@code .workflow/.env} the way dotenv tools do: {@code KEY=VALUE} lines,
 * {@code #} comment lines, an optional {@code export } prefix, and values optionally in single or double
 * quotes; an unquoted value ends at {@code " #"} (a trailing comment). Lines without {@code =} are
 * skipped. Never printed: its values are secrets to redact.
 */
public final class EnvFile {

    private EnvFile() {}

    /**
     * The file's variables in order; empty when there is no file. A symbolic link is followed, out of the
     * repository too: the values are read only to be kept out of evidence, and an env-file kept elsewhere
     * and linked in is as secret as one in place. Anything but a regular UTF-8 file of at most 256 KiB
     * (InputFiles) is refused: a redactor that silently knew no secret would fail open.
     */
    static Map<String, String> read(Path file) throws InputFiles.Unusable {
        return InputFiles.readNamed(file, InputFiles.Kind.ENV_FILE)
                .map(c -> parse(c.text()))
                .orElseGet(LinkedHashMap::new);
    }

    /** The variables of an env-file's text, in order. */
    public static Map<String, String> parse(String text) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String raw : text.split("\r?\n", 0)) {
            String line = raw.strip();
            if (line.startsWith("export ")) {
                line = line.substring("export ".length()).strip();
            }
            int eq = line.indexOf('=');
            if (line.isEmpty() || line.startsWith("#") || eq <= 0) {
                continue;
            }
            values.put(
                    line.substring(0, eq).strip(), value(line.substring(eq + 1).strip()));
        }
        return values;
    }

    private static String value(String text) {
        if (text.length() >= 2) {
            char first = text.charAt(0);
            int close = text.indexOf(first, 1);
            if ((first == '"' || first == '\'') && close > 0) {
                return text.substring(1, close);
            }
        }
        int comment = text.indexOf(" #");
        return comment >= 0 ? text.substring(0, comment).strip() : text;
    }
}
