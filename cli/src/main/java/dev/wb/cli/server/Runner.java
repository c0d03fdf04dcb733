package dev.wb.cli.server;

import dev.wb.cli.core.Terminals;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;

/** Runs one wb command line as a process would (wb's {@code Wb.run}); its exit code. */
@FunctionalInterface
public interface Runner {
    int run(Map<String, String> env, Path cwd, PrintWriter out, PrintWriter err, Terminals terminals, String... args);
}
