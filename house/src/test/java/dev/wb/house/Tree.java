package dev.wb.house;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Where the tree's sources are: the project root above this module, and each module's Java files. */
final class Tree {

    private Tree() {}

    /** The folder above this module's whose pom.xml is wb's parent. */
    static Path projectRoot() throws IOException {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path pom = dir.resolve("pom.xml");
            if (Files.isRegularFile(pom)
                    && Files.readString(pom).contains("<artifactId>wb-parent</artifactId>")
                    && Files.readString(pom).contains("<packaging>pom</packaging>")) {
                return dir;
            }
        }
        throw new IllegalStateException(
                "no wb-parent pom.xml above " + Path.of("").toAbsolutePath());
    }

    /** Every {@code MODULE/src/main/java/**}{@code /*.java} under the root, sorted. */
    static List<Path> mainSources(Path root) throws IOException {
        return sources(root, "src/main/java");
    }

    /** Every {@code MODULE/src/test/java/**}{@code /*.java} under the root, sorted. */
    static List<Path> testSources(Path root) throws IOException {
        return sources(root, "src/test/java");
    }

    /** The path of {@code file} relative to {@code root}, with forward slashes. */
    static String relative(Path root, Path file) {
        return root.relativize(file).toString().replace('\\', '/');
    }

    private static List<Path> sources(Path root, String folder) throws IOException {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> modules = Files.list(root)) {
            for (Path module : modules.sorted().toList()) {
                Path sources = module.resolve(folder);
                if (Files.isDirectory(sources)) {
                    try (Stream<Path> walk = Files.walk(sources)) {
                        walk.filter(file -> file.toString().endsWith(".java"))
                                .sorted()
                                .forEach(files::add);
                    }
                }
            }
        }
        return files;
    }
}
