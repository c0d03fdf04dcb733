package dev.wb.git;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;

/**
 * One {@code git cat-file --batch} process that answers every blob read of a session: a name per
 * line on its stdin, a header ({@code <id> <type> <size>} or {@code <name> missing}) and the
 * object on its stdout. Reading 200 files then costs one process start instead of 200. Its stdin is
 * a pipe only wb writes to; git never reads the terminal.
 */
final class CatFileBatch implements AutoCloseable {

    private final Process process;
    private final OutputStream requests;
    private final InputStream answers;
    private final StderrDrain stderr;
    private final Set<String> knownCommits = new HashSet<>();

    private CatFileBatch(Process process) {
        this.process = process;
        this.requests = process.getOutputStream();
        this.answers = new BufferedInputStream(process.getInputStream(), 65536);
        this.stderr = StderrDrain.of(process);
    }

    static CatFileBatch start(GitBinary git, Path root) {
        return new CatFileBatch(git.start(root, ProcessBuilder.Redirect.PIPE, "cat-file", "--batch"));
    }

    /** The blob at {@code path} in {@code commit}; {@code path} holds no newline. */
    BlobRead read(String commit, String path, long maxBytes) {
        if (!knownCommits.contains(commit)) {
            String[] header = request(commit + "^{commit}");
            if (header == null) {
                throw new GitException("unknown revision: " + commit);
            }
            skip(Long.parseLong(header[2]));
            knownCommits.add(commit);
        }
        String[] header = request(commit + ":" + path);
        if (header == null) {
            return new BlobRead.Absent();
        }
        long size = Long.parseLong(header[2]);
        if (!header[1].equals("blob")) {
            skip(size); // a tree (a directory) or a submodule's commit: not a file
            return new BlobRead.Absent();
        }
        if (size > maxBytes) {
            return new BlobRead.TooLarge(size); // the caller closes this batch rather than read it
        }
        return new BlobRead.Found(content(size));
    }

    /** Sends one name; the header's three fields, or null when git has no such object. */
    private String[] request(String name) {
        try {
            requests.write((name + "\n").getBytes(StandardCharsets.UTF_8));
            requests.flush();
            String line = readLine();
            String[] fields = line.split(" ");
            if (fields.length == 3) {
                return fields;
            }
            if (line.endsWith(" missing") || line.endsWith(" ambiguous")) {
                return null;
            }
            throw new GitException("unexpected git cat-file output: " + line);
        } catch (IOException e) {
            throw failed(e);
        }
    }

    private String readLine() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream(96);
        for (int b = answers.read(); b != '\n'; b = answers.read()) {
            if (b < 0) {
                throw new IOException("git cat-file stopped");
            }
            line.write(b);
        }
        return line.toString(StandardCharsets.UTF_8);
    }

    private byte[] content(long size) {
        try {
            byte[] bytes = answers.readNBytes(Math.toIntExact(size));
            if (bytes.length != size || answers.read() != '\n') {
                throw new IOException("git cat-file stopped");
            }
            return bytes;
        } catch (IOException e) {
            throw failed(e);
        }
    }

    private void skip(long size) {
        try {
            answers.skipNBytes(size + 1);
        } catch (IOException e) {
            throw failed(e);
        }
    }

    private GitException failed(IOException e) {
        process.destroyForcibly();
        String reason = e.getMessage();
        try {
            String text = stderr.text().strip();
            reason = text.isEmpty() ? reason : text.lines().findFirst().orElse(reason);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
        return new GitException("git cat-file failed: " + reason, e);
    }

    @Override
    public void close() {
        try {
            requests.close(); // end of input: git exits by itself
        } catch (IOException ignored) {
            // already gone
        }
        process.destroy();
    }
}
