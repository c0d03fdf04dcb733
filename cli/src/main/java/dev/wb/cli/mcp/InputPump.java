package dev.wb.cli.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;

/**
 * Reads the client's stdin line by line and hands the SDK's transport only JSON-RPC messages: the
 * SDK stops reading for good at the first line it cannot read, after which {@code wb mcp} would neither
 * answer nor notice its stdin closing. Any other line is dropped with a warning on stderr. When stdin
 * ends, {@link #ended} counts down; the SDK's input ends when {@link #close} is called, once what was
 * handed over is answered.
 */
final class InputPump {

    private final BufferedReader client;
    private final PipedOutputStream toSdk = new PipedOutputStream();
    private final PipedInputStream sdkInput;
    private final PrintStream stderr;
    private final ObjectMapper json;
    private final CountDownLatch ended = new CountDownLatch(1);
    private volatile long lastHanded = System.nanoTime();

    InputPump(InputStream stdin, PrintStream stderr, ObjectMapper json) throws IOException {
        this.client = new BufferedReader(new InputStreamReader(stdin, StandardCharsets.UTF_8));
        this.sdkInput = new PipedInputStream(toSdk, 1 << 16);
        this.stderr = stderr;
        this.json = json;
    }

    /** What the SDK's transport reads. */
    InputStream sdkInput() {
        return sdkInput;
    }

    /** Counts down when the client's stdin has ended (or failed). */
    CountDownLatch ended() {
        return ended;
    }

    /** Starts pumping on a daemon thread. */
    void start() {
        Thread thread = new Thread(this::pump, "wb-mcp-stdin");
        thread.setDaemon(true);
        thread.start();
    }

    private void pump() {
        try {
            for (String line = client.readLine(); line != null; line = client.readLine()) {
                if (message(line)) {
                    toSdk.write((line + "\n").getBytes(StandardCharsets.UTF_8));
                    toSdk.flush();
                    lastHanded = System.nanoTime();
                } else if (!line.isBlank()) {
                    stderr.println("warning: wb mcp ignored a line on stdin that is no JSON-RPC message");
                    stderr.println("  fix: send one JSON-RPC 2.0 message a line (the MCP stdio transport)");
                }
            }
        } catch (IOException e) {
            stderr.println("warning: wb mcp stopped reading stdin: " + e.getMessage());
            stderr.println("  fix: start the server again from the MCP client");
        } finally {
            ended.countDown();
        }
    }

    /** When the last message was handed to the SDK ({@link System#nanoTime}). */
    long lastHanded() {
        return lastHanded;
    }

    /** Whether lines handed over are still waiting for the SDK to read them. */
    boolean pending() throws IOException {
        return sdkInput.available() > 0;
    }

    /** Ends the SDK's input: it stops reading and closes its session. */
    void close() throws IOException {
        toSdk.close();
    }

    /** Whether the line is one JSON-RPC 2.0 request, notification or response the SDK can read. */
    private boolean message(String line) {
        try {
            JsonNode node = json.readTree(line);
            return node != null
                    && node.isObject()
                    && "2.0".equals(node.path("jsonrpc").asText())
                    && (node.path("method").isTextual() || node.has("result") || node.has("error"));
        } catch (IOException e) {
            return false;
        }
    }
}
