package dev.wb.commands.review;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/** What kind of file a changed path is, by its name alone, as the original tells (review.py). */
final class Paths {

    /** The extensions of source code the swallowed-error gate and the untested list look at. */
    private static final Set<String> CODE_EXTENSIONS = Set.of(
            "py", "ts", "tsx", "js", "jsx", "mjs", "cjs", "go", "rs", "java", "kt", "rb", "php", "cs", "swift", "scala",
            "c", "cc", "cpp", "h", "hpp", "m");

    private static final Pattern TEST_PATH =
            Pattern.compile("(^|/)(tests?|spec|specs|__tests__)(/|$)|[._-](test|spec)s?\\.", Pattern.CASE_INSENSITIVE);

    /** Folders a build generates, and generated suffixes: never part of a change under review. */
    private static final String[] GENERATED = {
        "__pycache__/",
        ".pytest_cache/",
        ".mypy_cache/",
        ".ruff_cache/",
        ".tox/",
        "node_modules/",
        "dist/",
        "build/",
        "target/",
        "coverage/",
        ".next/",
        ".venv/",
        "venv/"
    };

    private static final String[] GENERATED_SUFFIXES = {".pyc", ".pyo", ".class", ".o", ".so", ".map", ".lock.tmp"};

    private Paths() {}

    static boolean isTest(String path) {
        return TEST_PATH.matcher(path).find();
    }

    static boolean isSource(String path) {
        return CODE_EXTENSIONS.contains(extension(path)) && !isTest(path);
    }

    /** wb's own folder and anything a build generated, as the original's {@code gitctx._is_noise}. */
    static boolean isNoise(String path) {
        if (path.startsWith(".workflow/")) {
            return true;
        }
        for (String suffix : GENERATED_SUFFIXES) {
            if (path.endsWith(suffix)) {
                return true;
            }
        }
        for (String segment : GENERATED) {
            if (path.contains(segment)) {
                return true;
            }
        }
        return false;
    }

    /** The last path segment. */
    static String name(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }

    /** The name without its last extension, lower-case (Python's {@code Path.stem}). */
    static String stem(String path) {
        String name = name(path);
        int dot = name.lastIndexOf('.');
        return (dot > 0 ? name.substring(0, dot) : name).toLowerCase(Locale.ROOT);
    }

    private static String extension(String path) {
        String name = name(path);
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(dot + 1).toLowerCase(Locale.ROOT) : "";
    }
}
