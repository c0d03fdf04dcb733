package dev.wb.commands.preflight;

import dev.wb.commands.InputFiles;
import dev.wb.commands.process.EnvFile;
import dev.wb.projections.events.PreflightCompleted.LineVerdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code env:} line: the env-file whose variables agent runs get. The default is
 * {@code .workflow/.env}; when it is absent and none was named, that is a SKIP. A file named with
 * {@code --env-file} that is missing or unreadable is a FAIL. The values are read, handed to the
 * provider checks and the redactor, and never printed: the line says how many and from where.
 *
 * <p>The format is dotenv's, read by the one reader wb has ({@link dev.wb.commands.process.EnvFile}).
 */
final class EnvFileLine {

    /** The line, the file loaded (if any) and its variables. */
    record Loaded(PreflightLine line, Optional<Path> file, Map<String, String> variables) {}

    private EnvFileLine() {}

    static Loaded load(Path defaultFile, Optional<Path> named) {
        Path file = named.orElse(defaultFile).toAbsolutePath().normalize();
        if (!Files.exists(file)) {
            if (named.isEmpty()) {
                return new Loaded(
                        PreflightLine.paren("env", LineVerdict.SKIP, "no env-file"), Optional.empty(), Map.of());
            }
            return new Loaded(
                    PreflightLine.of("env", LineVerdict.FAIL, "env-file not found: " + file),
                    Optional.empty(),
                    Map.of());
        }
        try {
            // Named by the user, or linked in from where it is kept: read wherever it lies (InputFiles).
            Optional<InputFiles.Content> content = InputFiles.readNamed(file, InputFiles.Kind.ENV_FILE);
            if (content.isEmpty()) {
                return new Loaded(
                        PreflightLine.of("env", LineVerdict.FAIL, "env-file not found: " + file),
                        Optional.empty(),
                        Map.of());
            }
            Map<String, String> variables = parse(content.get().text());
            return new Loaded(
                    PreflightLine.of("env", LineVerdict.OK, "loaded " + variables.size() + " variable(s) from " + file),
                    Optional.of(file),
                    variables);
        } catch (InputFiles.Unusable e) {
            return new Loaded(
                    PreflightLine.of("env", LineVerdict.FAIL, "env-file " + e.getMessage() + "; " + e.fix()),
                    Optional.empty(),
                    Map.of());
        }
    }

    static Map<String, String> parse(String text) {
        return EnvFile.parse(text);
    }
}
