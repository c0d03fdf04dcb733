package dev.wb.bench;

import dev.wb.git.Backend;
import dev.wb.git.BlobRead;
import dev.wb.git.ChangeScope;
import dev.wb.git.GitRepository;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.IntSupplier;
import java.util.function.ToIntBiFunction;

/**
 * The git binary against JGit, read by read, on a repository of 100,000 files ({@code bench/git-reads}
 * runs it and decides nothing; ADR 5 records the figures and the choices made from them).
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar dev.wb.bench.GitReadsBench prepare REPO      # 1000 dirs x 100 files, 21 commits
 * java -cp bench/target/benchmarks.jar dev.wb.bench.GitReadsBench dirty|clean REPO  # 100 edits (10 staged), 100 new files
 * java -cp bench/target/benchmarks.jar dev.wb.bench.GitReadsBench once REPO HEAD BASE CLI|JGIT READ   # one cold read
 * java -cp bench/target/benchmarks.jar dev.wb.bench.GitReadsBench warm REPO HEAD BASE clean|dirty     # p50 in one JVM
 * java -cp bench/target/benchmarks.jar dev.wb.bench.GitReadsBench noop                                # the JVM alone
 * </pre>
 */
public final class GitReadsBench {

    static final int DIRS = 1000;
    static final int FILES_PER_DIR = 100;
    static final int COMMITS_SINCE_BASE = 20;

    private GitReadsBench() {}

    /** One read as a command makes it: open, read, close. HEAD and BASE come resolved from the script. */
    // Each constant's read is a stateless lambda.
    @SuppressWarnings("ImmutableEnumChecker")
    enum Measured {
        OPEN("open only (rev-parse)", true, (git, ids) -> 0),
        WORKTREE_CLEAN(
                "changedPaths(WORKTREE), clean",
                true,
                (git, ids) ->
                        git.changedPaths(ChangeScope.WORKTREE, Optional.empty()).size()),
        WORKTREE_DIRTY(
                "changedPaths(WORKTREE), 100 edits + 100 new",
                false,
                (git, ids) ->
                        git.changedPaths(ChangeScope.WORKTREE, Optional.empty()).size()),
        STAGED(
                "changedPaths(STAGED), 10 staged",
                false,
                (git, ids) ->
                        git.changedPaths(ChangeScope.STAGED, Optional.empty()).size()),
        STAGED_SINCE_BASE(
                "changedPaths(STAGED, base 20 commits back)",
                false,
                (git, ids) -> git.changedPaths(ChangeScope.STAGED, Optional.of(ids[1]))
                        .size()),
        HEAD("head()", true, (git, ids) -> git.head().orElseThrow().length()),
        RESOLVE(
                "resolveCommit(\"HEAD~20\")",
                true,
                (git, ids) -> git.resolveCommit("HEAD~20").orElseThrow().length()),
        BLOB_1("blobAt, 1 file", true, (git, ids) -> blobs(git, ids[0], 1)),
        BLOB_200("blobAt, 200 files", true, (git, ids) -> blobs(git, ids[0], 200));

        final String label;
        final boolean clean;
        final ToIntBiFunction<GitRepository, String[]> read;

        Measured(String label, boolean clean, ToIntBiFunction<GitRepository, String[]> read) {
            this.label = label;
            this.clean = clean;
            this.read = read;
        }

        int run(Path repo, Backend backend, String[] ids) {
            try (GitRepository git = GitRepository.open(repo, System.getenv(), backend)) {
                return read.applyAsInt(git, ids);
            }
        }
    }

    static int blobs(GitRepository git, String commit, int count) {
        int bytes = 0;
        for (int i = 0; i < count; i++) {
            String path = count == 1
                    ? "d0500/f050.txt"
                    : String.format(Locale.ROOT, "d%04d/f%03d.txt", i * 5, i % FILES_PER_DIR);
            if (git.blobAt(commit, path, 1 << 20) instanceof BlobRead.Found found) {
                bytes += found.bytes().length;
            } else {
                throw new IllegalStateException("not found: " + path);
            }
        }
        return bytes;
    }

    public static void main(String[] args) throws Exception {
        if (args[0].equals("noop")) {
            return; // the floor: a JVM that loads this class and exits
        }
        Path repo = Path.of(args[1]);
        switch (args[0]) {
            case "prepare" -> BenchRepo.prepare(repo);
            case "dirty" -> BenchRepo.dirty(repo);
            case "clean" -> BenchRepo.clean(repo);
            case "once" -> System.out.println(Measured.valueOf(args[5]).run(repo, Backend.valueOf(args[4]), ids(args)));
            case "warm" -> warm(repo, ids(args), args[4].equals("clean"));
            default -> throw new IllegalArgumentException("unknown command: " + args[0]);
        }
    }

    private static String[] ids(String[] args) {
        return new String[] {args[2], args[3]};
    }

    /**
     * p50 (and min) of each read for both backends, after warm-up, in this one JVM: first as a command
     * makes it (open, read, close), then the marginal cost on a repository already open (JGit's pack
     * index already in memory, the CLI's cat-file process already running).
     */
    static void warm(Path repo, String[] ids, boolean clean) {
        System.out.printf(
                Locale.ROOT,
                "%-46s  %-30s  %-30s  %-13s  %-13s%n",
                "",
                "CLI: open+read+close",
                "JGIT: open+read+close",
                "CLI: open",
                "JGIT: open");
        for (Measured read : Measured.values()) {
            if (read.clean != clean) {
                continue;
            }
            boolean slow = read.label.startsWith("changedPaths(WORKTREE");
            int warmup = slow ? 5 : 30;
            int runs = slow ? 15 : 60;
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-46s", read.label));
            for (Backend backend : List.of(Backend.CLI, Backend.JGIT)) {
                double[] ms = time(warmup, runs, () -> read.run(repo, backend, ids));
                line.append(String.format(Locale.ROOT, "  p50 %8.2f ms  min %8.2f ms", ms[runs / 2], ms[0]));
            }
            for (Backend backend : List.of(Backend.CLI, Backend.JGIT)) {
                try (GitRepository git = GitRepository.open(repo, System.getenv(), backend)) {
                    double[] ms = time(warmup, runs, () -> read.read.applyAsInt(git, ids));
                    line.append(String.format(Locale.ROOT, "  p50 %8.3f ms", ms[runs / 2]));
                }
            }
            System.out.println(line + "   (n=" + runs + ")");
        }
    }

    /** Sorted wall times in milliseconds of {@code runs} calls, after {@code warmup} unmeasured ones. */
    private static double[] time(int warmup, int runs, IntSupplier call) {
        int sink = 0;
        for (int i = 0; i < warmup; i++) {
            sink += call.getAsInt();
        }
        double[] ms = new double[runs];
        for (int i = 0; i < runs; i++) {
            long start = System.nanoTime();
            sink += call.getAsInt();
            ms[i] = (System.nanoTime() - start) / 1e6;
        }
        if (sink == 42) {
            System.out.print(""); // keeps the results alive
        }
        Arrays.sort(ms);
        return ms;
    }

    /** The repository: generated once, then reused from its folder (a marker beside it says it is whole). */
    static final class BenchRepo {
        private BenchRepo() {}

        static void prepare(Path repo) throws IOException, InterruptedException {
            Path done = repo.resolveSibling(repo.getFileName() + ".complete");
            if (Files.exists(done)) {
                return;
            }
            for (int d = 0; d < DIRS; d++) {
                Path dir = Files.createDirectories(repo.resolve(String.format(Locale.ROOT, "d%04d", d)));
                for (int f = 0; f < FILES_PER_DIR; f++) {
                    Files.writeString(
                            dir.resolve(String.format(Locale.ROOT, "f%03d.txt", f)),
                            "file " + f + " of dir " + d + "\n",
                            StandardCharsets.UTF_8);
                }
            }
            git(repo, "init", "-q", "-b", "main");
            git(repo, "add", "-A");
            git(repo, "commit", "-q", "-m", "100,000 files");
            for (int c = 0; c < COMMITS_SINCE_BASE; c++) {
                Files.writeString(
                        repo.resolve(String.format(Locale.ROOT, "d%04d/f000.txt", 900 + c)),
                        "changed by commit " + c + "\n");
                Files.writeString(
                        repo.resolve(String.format(Locale.ROOT, "d%04d/new-%02d.txt", 900 + c, c)),
                        "added by commit " + c + "\n");
                git(repo, "add", "-A");
                git(repo, "commit", "-q", "-m", "commit " + c);
            }
            refresh(repo);
            Files.writeString(done, "complete\n");
        }

        /** 100 tracked files edited (the first 10 staged) and 100 new files in a new folder. */
        static void dirty(Path repo) throws IOException, InterruptedException {
            List<String> staged = new ArrayList<>(List.of("add"));
            for (int i = 0; i < 100; i++) {
                String path = String.format(Locale.ROOT, "d%04d/f%03d.txt", i * 7, i);
                Files.writeString(repo.resolve(path), "edited for the benchmark\n", StandardCharsets.UTF_8);
                if (i < 10) {
                    staged.add(path);
                }
                Path untracked = Files.createDirectories(repo.resolve("untracked"));
                Files.writeString(untracked.resolve(String.format(Locale.ROOT, "u%03d.txt", i)), "new\n");
            }
            git(repo, staged.toArray(String[]::new));
        }

        static void clean(Path repo) throws IOException, InterruptedException {
            git(repo, "reset", "-q", "--hard");
            git(repo, "clean", "-q", "-f", "-d");
            refresh(repo);
        }

        /**
         * Lets a second pass before git rewrites the index's stat data, so no entry is "racily clean"
         * (modified in the index's own second) and re-read by every status that follows.
         */
        private static void refresh(Path repo) throws IOException, InterruptedException {
            Thread.sleep(1100);
            git(repo, "update-index", "-q", "--really-refresh");
            git(repo, "status", "--porcelain");
        }

        private static void git(Path repo, String... args) throws IOException, InterruptedException {
            List<String> argv = new ArrayList<>(List.of("git", "-C", repo.toString()));
            argv.addAll(List.of(args));
            ProcessBuilder builder = new ProcessBuilder(argv).inheritIO();
            builder.environment().put("GIT_AUTHOR_NAME", "wb bench");
            builder.environment().put("GIT_AUTHOR_EMAIL", "bench@example.com");
            builder.environment().put("GIT_COMMITTER_NAME", "wb bench");
            builder.environment().put("GIT_COMMITTER_EMAIL", "bench@example.com");
            Process process = builder.start();
            if (process.waitFor() != 0) {
                throw new IllegalStateException("failed: " + argv);
            }
        }
    }
}
