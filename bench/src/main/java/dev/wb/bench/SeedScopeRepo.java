package dev.wb.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Makes the repository {@code bench/impl-check} measures: FOLDERS × 100 source files of eleven lines
 * (100,000 files by default), committed once, and plans for TASKS tasks (four files and two
 * citations each) plus {@code BIG-1}, a plan of 200 citations over 40 files. The plans are audited
 * by the script, with wb itself. Uses nothing but the JDK and git.
 * {@code java -cp bench/target/benchmarks.jar dev.wb.bench.SeedScopeRepo REPO [FOLDERS] [TASKS]}
 */
public final class SeedScopeRepo {

    private SeedScopeRepo() {}

    public static void main(String[] args) throws IOException, InterruptedException {
        Path repo = Path.of(args[0]);
        int folders = args.length > 1 ? Integer.parseInt(args[1]) : 1000;
        int tasks = args.length > 2 ? Integer.parseInt(args[2]) : 50;
        Files.createDirectories(repo);
        git(repo, "init", "-q", "-b", "main");
        for (int d = 0; d < folders; d++) {
            Path dir = Files.createDirectories(repo.resolve(String.format("src/d%03d", d)));
            for (int f = 0; f < 100; f++) {
                Files.writeString(dir.resolve(String.format("f%02d.py", f)), source(d, f), StandardCharsets.UTF_8);
            }
        }
        Files.writeString(repo.resolve(".gitignore"), "__pycache__/\n");
        git(repo, "add", "-A");
        git(repo, "commit", "-q", "-m", "seed " + folders * 100 + " files");
        for (int t = 1; t <= tasks; t++) {
            List<String> files = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                files.add(String.format("src/d%03d/f%02d.py", (t * 7 + i) % folders, (t * 13 + i) % 100));
            }
            writePlan(repo, "TASK-" + t, files, 2);
        }
        List<String> big = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            big.add(String.format("src/d%03d/f%02d.py", (500 + i) % folders, i));
        }
        writePlan(repo, "BIG-1", big, 5);
    }

    /** Eleven lines: a header, then five two-line functions whose lines a plan can cite. */
    static String source(int d, int f) {
        StringBuilder out = new StringBuilder("# src/d" + d + "/f" + f + ".py\n");
        for (int n = 0; n < 5; n++) {
            out.append("def fn_")
                    .append(d)
                    .append('_')
                    .append(f)
                    .append('_')
                    .append(n)
                    .append("(x):\n");
            out.append("    return x * ").append(d * 1000 + f * 10 + n).append('\n');
        }
        return out.toString();
    }

    /** A plan citing {@code perFile} functions of each file (line 2, 4, …) and editing every file. */
    static void writePlan(Path repo, String key, List<String> files, int perFile) throws IOException {
        StringBuilder evidence = new StringBuilder();
        StringBuilder planned = new StringBuilder();
        for (String file : files) {
            String[] parts = file.replace("src/d", "").replace(".py", "").split("/f", 0);
            int d = Integer.parseInt(parts[0]);
            int f = Integer.parseInt(parts[1]);
            for (int n = 0; n < perFile; n++) {
                evidence.append(evidence.length() == 0 ? "" : ",\n    ")
                        .append("{\"claim\": \"fn ")
                        .append(n)
                        .append(" scales x\", \"file\": \"")
                        .append(file)
                        .append("\", \"line\": ")
                        .append(2 + 2 * n)
                        .append(", \"quote\": \"def fn_")
                        .append(d)
                        .append('_')
                        .append(f)
                        .append('_')
                        .append(n)
                        .append("(x):\"}");
            }
            planned.append(planned.length() == 0 ? "" : ",\n    ")
                    .append("{\"path\": \"")
                    .append(file)
                    .append("\", \"change\": \"edit\", \"why\": \"scale differently\"}");
        }
        String plan = "{\n  \"schema\": 1,\n  \"key\": \"" + key + "\",\n  \"preset\": \"scaleup\",\n"
                + "  \"persona\": \"fullstack-specialist\",\n  \"objective\": \"benchmark plan\",\n  \"evidence\": [\n    "
                + evidence + "\n  ],\n  \"files\": [\n    " + planned + "\n  ],\n  \"zones\": {},\n"
                + "  \"steps\": [{\"do\": \"change the factor\"}],\n"
                + "  \"tests\": [{\"kind\": \"unit\", \"asserts\": \"the factor changed\"}],\n"
                + "  \"verify\": [\"python -m pytest -q\"],\n  \"rollback\": \"revert\",\n"
                + "  \"product\": {},\n  \"questions\": []\n}\n";
        Path file = repo.resolve(".workflow").resolve(key).resolve("sdd.json");
        Files.createDirectories(file.getParent());
        Files.writeString(file, plan, StandardCharsets.UTF_8);
    }

    private static void git(Path repo, String... args) throws IOException, InterruptedException {
        List<String> argv = new ArrayList<>(List.of(
                "git", "-c", "user.name=bench", "-c", "user.email=bench@wb.invalid", "-c", "commit.gpgsign=false"));
        argv.addAll(List.of(args));
        Process process =
                new ProcessBuilder(argv).directory(repo.toFile()).inheritIO().start();
        if (process.waitFor() != 0) {
            throw new IOException("git " + String.join(" ", args) + " failed");
        }
    }
}
