package dev.wb.git;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The checkout reads done by the git binary, each one read-only command: {@code symbolic-ref},
 * {@code for-each-ref}, {@code remote -v}, {@code config --get}, {@code status}, {@code rev-list}
 * and {@code show-ref}. Names come from full ref names ({@link RefNames}); branch names cannot hold
 * a newline, so line-based output is exact here.
 */
final class CliCheckoutReads implements CheckoutReads {

    private final GitBinary git;
    private final Path root;

    CliCheckoutReads(GitBinary git, Path root) {
        this.git = git;
        this.root = root;
    }

    @Override
    public Optional<String> currentBranch() {
        GitBinary.Output head = git.run(root, "symbolic-ref", "-q", "HEAD");
        if (head.exitCode() == 1) {
            return Optional.empty(); // detached
        }
        return RefNames.branch(checked(head, "symbolic-ref").text().strip());
    }

    @Override
    public Optional<String> upstream(String branch) {
        String ref = RefNames.HEADS + RefNames.operand("branch", branch);
        for (String line : lines(git.runOrThrow(root, "for-each-ref", "--format=%(refname)%00%(upstream)", ref))) {
            int nul = line.indexOf('\0');
            if (nul > 0 && line.substring(0, nul).equals(ref)) { // the pattern also matches ref/…
                return RefNames.upstream(line.substring(nul + 1));
            }
        }
        return Optional.empty();
    }

    @Override
    public List<Remote> remotes() {
        Map<String, String[]> urls = new TreeMap<>(); // name -> {fetch, push}, the first of each
        for (String line : lines(git.runOrThrow(root, "remote", "-v"))) {
            int tab = line.indexOf('\t');
            if (tab <= 0) {
                continue;
            }
            String[] pair = urls.computeIfAbsent(line.substring(0, tab), name -> new String[2]);
            String rest = line.substring(tab + 1);
            if (rest.endsWith(" (fetch)") && pair[0] == null) {
                pair[0] = rest.substring(0, rest.length() - " (fetch)".length());
            } else if (rest.endsWith(" (push)") && pair[1] == null) {
                pair[1] = rest.substring(0, rest.length() - " (push)".length());
            }
        }
        List<Remote> remotes = new ArrayList<>();
        urls.forEach((name, pair) ->
                remotes.add(new Remote(name, orEmpty(pair[0]), orEmpty(pair[1] == null ? pair[0] : pair[1]))));
        return remotes;
    }

    @Override
    public Optional<String> config(String key) {
        GitBinary.Output value = git.run(root, "config", "--null", "--get", RefNames.operand("config key", key));
        if (value.exitCode() == 1) {
            return Optional.empty(); // not set, or not a valid key
        }
        String text = checked(value, "config").text();
        return Optional.of(text.endsWith("\0") ? text.substring(0, text.length() - 1) : text);
    }

    @Override
    public boolean hasTrackedChanges() {
        // -uno: untracked files are carried across a switch unharmed, so they never make a tree unclean;
        // nor do untracked files inside a submodule.
        return git.runOrThrow(
                                root,
                                "status",
                                "--porcelain=v1",
                                "-z",
                                "--untracked-files=no",
                                "--ignore-submodules=untracked")
                        .length
                > 0;
    }

    @Override
    public List<String> localBranches() {
        List<String> branches = new ArrayList<>();
        for (String line : lines(git.runOrThrow(root, "for-each-ref", "--format=%(refname)", RefNames.HEADS))) {
            RefNames.branch(line).ifPresent(branches::add);
        }
        return branches;
    }

    @Override
    public Optional<String> remoteHead(String remote) {
        String ref = RefNames.REMOTES + RefNames.operand("remote", remote) + "/HEAD";
        GitBinary.Output target = git.run(root, "symbolic-ref", "-q", ref);
        if (target.exitCode() != 0) {
            return Optional.empty(); // no such ref, or not a symbolic one
        }
        return RefNames.remoteBranch(remote, target.text().strip());
    }

    @Override
    public List<String> commitsNotOn(String targetCommit) {
        return lines(git.runOrThrow(
                root, "rev-list", "--reverse", "--topo-order", "--no-merges", "HEAD", "^" + targetCommit));
    }

    @Override
    public boolean refExists(String ref) {
        GitBinary.Output found = git.run(root, "show-ref", "--verify", "-q", ref);
        if (found.exitCode() > 1) {
            throw new GitException("git show-ref failed: " + found.firstErrorLine());
        }
        return found.exitCode() == 0;
    }

    private static GitBinary.Output checked(GitBinary.Output output, String command) {
        if (output.exitCode() != 0) {
            throw new GitException("git " + command + " failed: " + output.firstErrorLine());
        }
        return output;
    }

    private static List<String> lines(byte[] stdout) {
        List<String> lines = new ArrayList<>();
        for (String line : new String(stdout, StandardCharsets.UTF_8).split("\n", 0)) {
            if (!line.isEmpty()) {
                lines.add(line);
            }
        }
        return lines;
    }

    private static String orEmpty(String url) {
        return url == null ? "" : url;
    }
}
