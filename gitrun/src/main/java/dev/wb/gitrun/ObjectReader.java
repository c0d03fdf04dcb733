package dev.wb.gitrun;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads objects through two long-lived processes, {@code git cat-file --batch-check} (each object's
 * type and size) and {@code git cat-file --batch} (the content of those small enough), started on the
 * first read and used for every read after it: a walk of a long chain of commits costs two process
 * starts, not two a commit. Requests go in runs of at most {@value #RUN} names, each run's answers
 * read whole before the next is written, so neither side ever waits on a full pipe. Stdin is a pipe
 * only wb writes to.
 */
public final class ObjectReader implements AutoCloseable {

    private static final Pattern OBJECT_ID = Pattern.compile("[0-9a-f]{40}|[0-9a-f]{64}");

    /** Names written before their answers are read: ~6 KiB, far under a pipe's buffer. */
    private static final int RUN = 100;

    private final Path root;
    private final Map<String, String> env;
    private Batch check;
    private Batch batch;

    ObjectReader(Path root, Map<String, String> env) {
        this.root = root;
        this.env = env;
    }

    /**
     * Each object's type and size, and its content when it is at most {@code maxSize} bytes and,
     * counted in the order asked, does not take the content read in all past {@code maxTotal}; an id
     * the repository does not hold is absent from the answer.
     */
    public Map<String, SyncGit.GitObject> read(Collection<String> ids, long maxSize, long maxTotal) throws IOException {
        Map<String, SyncGit.GitObject> objects = new LinkedHashMap<>();
        Set<String> distinct = new LinkedHashSet<>();
        for (String id : ids) {
            if (!OBJECT_ID.matcher(id).matches()) {
                throw new IOException("not an object id: " + id);
            }
            distinct.add(id);
        }
        List<String> asked = new ArrayList<>(distinct);
        if (asked.isEmpty()) {
            return objects;
        }
        List<String> wanted = new ArrayList<>();
        long total = 0;
        for (int from = 0; from < asked.size(); from += RUN) {
            List<String> run = asked.subList(from, Math.min(asked.size(), from + RUN));
            for (String line : check().ask(run)) {
                String[] words = line.split(" ", -1);
                if (words.length == 3 && !objects.containsKey(words[0])) {
                    long size = Long.parseLong(words[2]);
                    objects.put(words[0], new SyncGit.GitObject(words[0], words[1], size, null));
                    if (size <= maxSize && total + size <= maxTotal) {
                        wanted.add(words[0]);
                        total += size;
                    }
                }
            }
        }
        for (int from = 0; from < wanted.size(); from += RUN) {
            List<String> run = wanted.subList(from, Math.min(wanted.size(), from + RUN));
            batch().fetch(run, objects);
        }
        return objects;
    }

    private Batch check() throws IOException {
        if (check == null) {
            check = new Batch(start("--batch-check"), "git cat-file --batch-check");
        }
        return check;
    }

    private Batch batch() throws IOException {
        if (batch == null) {
            batch = new Batch(start("--batch"), "git cat-file --batch");
        }
        return batch;
    }

    private Process start(String mode) throws IOException {
        Optional<Path> git = GitProcess.locate(env);
        if (git.isEmpty()) {
            throw new IOException("git was not found on PATH");
        }
        ProcessBuilder builder = new ProcessBuilder(git.get().toString(), "cat-file", mode)
                .directory(root.toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        builder.environment().clear();
        builder.environment().putAll(env);
        return builder.start();
    }

    @Override
    public void close() {
        for (Batch b : new Batch[] {check, batch}) {
            if (b != null) {
                b.close();
            }
        }
        check = null;
        batch = null;
    }

    /** One cat-file process: names in, answers out. */
    private static final class Batch {
        private final Process process;
        private final OutputStream requests;
        private final InputStream answers;
        private final String what;

        Batch(Process process, String what) {
            this.process = process;
            this.requests = process.getOutputStream();
            this.answers = new BufferedInputStream(process.getInputStream(), 65536);
            this.what = what;
        }

        private void send(List<String> ids) throws IOException {
            StringBuilder text = new StringBuilder();
            ids.forEach(id -> text.append(id).append('\n'));
            try {
                requests.write(text.toString().getBytes(StandardCharsets.US_ASCII));
                requests.flush();
            } catch (IOException e) {
                throw stopped(e);
            }
        }

        /** The header line of each name, in order. */
        List<String> ask(List<String> ids) throws IOException {
            send(ids);
            List<String> lines = new ArrayList<>(ids.size());
            for (int i = 0; i < ids.size(); i++) {
                lines.add(readLine());
            }
            return lines;
        }

        /** Reads the content of each name (each known to be present) into {@code objects}. */
        void fetch(List<String> ids, Map<String, SyncGit.GitObject> objects) throws IOException {
            send(ids);
            for (int i = 0; i < ids.size(); i++) {
                String line = readLine();
                String[] words = line.split(" ", -1);
                if (words.length != 3) {
                    throw new IOException(what + " answered an unexpected line: " + line);
                }
                int size = Integer.parseInt(words[2]);
                byte[] content = answers.readNBytes(size);
                if (content.length != size || answers.read() != '\n') {
                    throw stopped(null);
                }
                objects.put(words[0], new SyncGit.GitObject(words[0], words[1], size, content));
            }
        }

        private String readLine() throws IOException {
            ByteArrayOutputStream line = new ByteArrayOutputStream(96);
            for (int b = answers.read(); b != '\n'; b = answers.read()) {
                if (b < 0) {
                    throw stopped(null);
                }
                if (line.size() > 4096) {
                    throw new IOException(what + " answered a line too long to be a header");
                }
                line.write(b);
            }
            return line.toString(StandardCharsets.UTF_8);
        }

        private IOException stopped(IOException cause) {
            process.destroyForcibly();
            return new IOException(what + " stopped before it answered", cause);
        }

        void close() {
            try {
                requests.close(); // end of input: git exits by itself
            } catch (IOException ignored) {
                // already gone
            }
            try {
                answers.close();
            } catch (IOException ignored) {
                // already gone
            }
            process.destroy();
        }
    }
}
