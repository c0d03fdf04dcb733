package dev.wb.cli.client;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A client's request (docs/adr/0013-served-path.md): everything of the caller that a cold JVM would have
 * taken from its process and that a server cannot take from its own: the pid (checked against the
 * socket's peer credentials), the working folder, whether its streams are terminals, the JVM's default
 * locales and time zone as a cold JVM computed them from the caller's environment, the server key the
 * client computed, the arguments and the environment. Its bytes travel over the socket only: never on a
 * command line, never in a file.
 *
 * @param interactive whether stdin and stdout both are terminals (a cold JVM's {@code System.console()})
 * @param stderrTerminal whether stderr is a terminal (bin/wb's {@code [ -t 2 ]})
 * @param locales the default locale, then its display and format categories, as language tags
 */
public record Hello(
        long pid,
        String cwd,
        boolean interactive,
        boolean stderrTerminal,
        List<String> locales,
        String zone,
        String key,
        List<String> args,
        Map<String, String> env) {

    /** Names this wire format; a server that speaks another answers {@code stale}. */
    public static final String MAGIC = "wb-served/1";

    public byte[] encode() {
        Writer w = new Writer();
        w.string(MAGIC);
        w.string(Long.toString(pid));
        w.string(cwd);
        w.string(interactive ? "1" : "0");
        w.string(stderrTerminal ? "1" : "0");
        w.strings(locales);
        w.string(zone);
        w.string(key);
        w.strings(args);
        List<String> entries = new ArrayList<>(env.size());
        for (Map.Entry<String, String> e : env.entrySet()) {
            entries.add(e.getKey() + '=' + e.getValue());
        }
        w.strings(entries);
        return w.bytes.toByteArray();
    }

    /** The request {@code bytes} hold; an {@link IOException} for anything malformed. */
    public static Hello decode(byte[] bytes) throws IOException {
        Reader r = new Reader(bytes);
        if (!MAGIC.equals(r.string())) {
            throw new IOException("not a " + MAGIC + " request");
        }
        long pid;
        try {
            pid = Long.parseLong(r.string());
        } catch (NumberFormatException e) {
            throw new IOException("a request without a pid", e);
        }
        String cwd = r.string();
        boolean interactive = "1".equals(r.string());
        boolean stderr = "1".equals(r.string());
        List<String> locales = r.strings();
        String zone = r.string();
        String key = r.string();
        List<String> args = r.strings();
        Map<String, String> env = new LinkedHashMap<>();
        for (String entry : r.strings()) {
            int eq = entry.indexOf('=');
            if (eq > 0) {
                env.put(entry.substring(0, eq), entry.substring(eq + 1));
            }
        }
        if (r.buffer.hasRemaining()) {
            throw new IOException("a request with bytes after its end");
        }
        return new Hello(pid, cwd, interactive, stderr, List.copyOf(locales), zone, key, List.copyOf(args), env);
    }

    private static final class Writer {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream(8192);

        void string(String s) {
            byte[] b = s.getBytes(StandardCharsets.UTF_8);
            count(b.length);
            bytes.write(b, 0, b.length);
        }

        void strings(List<String> list) {
            count(list.size());
            for (String s : list) {
                string(s);
            }
        }

        void count(int n) {
            bytes.write(n >>> 24);
            bytes.write(n >>> 16);
            bytes.write(n >>> 8);
            bytes.write(n);
        }
    }

    private static final class Reader {
        final ByteBuffer buffer;

        Reader(byte[] bytes) {
            this.buffer = ByteBuffer.wrap(bytes);
        }

        int count() throws IOException {
            if (buffer.remaining() < 4) {
                throw new IOException("a request cut short");
            }
            int n = buffer.getInt();
            if (n < 0 || n > buffer.remaining()) {
                throw new IOException("a request whose counts exceed its length");
            }
            return n;
        }

        String string() throws IOException {
            int n = count();
            String s = new String(buffer.array(), buffer.position(), n, StandardCharsets.UTF_8);
            buffer.position(buffer.position() + n);
            return s;
        }

        List<String> strings() throws IOException {
            int n = count();
            List<String> list = new ArrayList<>(Math.min(n, 4096));
            for (int i = 0; i < n; i++) {
                list.add(string());
            }
            return list;
        }
    }
}
