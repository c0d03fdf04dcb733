package dev.wb.commands.verify;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The shapes of a verify command that runs the test files named after its own words, so that
 * {@code wb impl verify --regression} can run one regression target by appending it: the plan's first
 * command of one of these shapes is the one used. A command of any other shape ({@code mvn test},
 * {@code go test ./...}, {@code make check}) says nothing about which file to run, so wb does not guess.
 */
enum TestFileRunner {
    /** {@code pytest -q} (a node id {@code tests/test_x.py::test_y} works too). */
    PYTEST("pytest"),
    /** {@code python -m pytest}, and {@code python -m unittest} without {@code discover}. */
    PYTHON_MODULE("python -m pytest, python -m unittest"),
    JEST("jest"),
    VITEST("vitest"),
    MOCHA("mocha"),
    RSPEC("rspec"),
    PHPUNIT("phpunit"),
    PROVE("prove"),
    /** {@code node --test}. */
    NODE_TEST("node --test"),
    /** {@code deno test}, {@code bun test}. */
    SUBCOMMAND_TEST("deno test, bun test");

    private static final Pattern PYTHON = Pattern.compile("python[0-9.]*|py");

    private final String shown;

    TestFileRunner(String shown) {
        this.shown = shown;
    }

    /** Every shape, as the refusal lists them. */
    static String listed() {
        StringBuilder all = new StringBuilder();
        for (TestFileRunner shape : values()) {
            all.append(all.length() == 0 ? "" : ", ").append(shape.shown);
        }
        return all.toString();
    }

    /** The shape of a command's words and runner, if it is one of these. */
    static Optional<TestFileRunner> of(List<String> argv, String runner) {
        for (TestFileRunner shape : values()) {
            if (shape.matches(argv, runner)) {
                return Optional.of(shape);
            }
        }
        return Optional.empty();
    }

    private boolean matches(List<String> argv, String runner) {
        return switch (this) {
            case PYTEST, JEST, VITEST, MOCHA, RSPEC, PHPUNIT, PROVE -> runner.equals(shown);
            case PYTHON_MODULE -> PYTHON.matcher(runner).matches() && pythonModule(argv);
            case NODE_TEST -> (runner.equals("node") || runner.equals("nodejs")) && argv.contains("--test");
            case SUBCOMMAND_TEST ->
                (runner.equals("deno") || runner.equals("bun"))
                        && argv.size() > 1
                        && argv.get(1).equals("test");
        };
    }

    private static boolean pythonModule(List<String> argv) {
        int m = argv.indexOf("-m");
        if (m < 0 || m + 1 >= argv.size()) {
            return false;
        }
        String module = argv.get(m + 1);
        return module.equals("pytest") || (module.equals("unittest") && !argv.contains("discover"));
    }
}
