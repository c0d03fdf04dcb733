package dev.wb.testkit.browser;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Base64;
import java.util.concurrent.atomic.AtomicInteger;

/** A 1x1 PNG served on a loopback port, counting who asked for it: an "external" image that is safe to test with. */
final class LoopbackImage implements AutoCloseable {

    private static final byte[] PNG = Base64.getDecoder()
            .decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==");

    private final HttpServer server;
    private final AtomicInteger requests = new AtomicInteger();

    private LoopbackImage(HttpServer server) {
        this.server = server;
    }

    static LoopbackImage start() throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        LoopbackImage image = new LoopbackImage(server);
        server.createContext("/x.png", exchange -> {
            image.requests.incrementAndGet();
            exchange.getResponseHeaders().add("Content-Type", "image/png");
            exchange.sendResponseHeaders(200, PNG.length);
            try (OutputStream body = exchange.getResponseBody()) {
                body.write(PNG);
            }
        });
        server.start();
        return image;
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/x.png";
    }

    int requests() {
        return requests.get();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
