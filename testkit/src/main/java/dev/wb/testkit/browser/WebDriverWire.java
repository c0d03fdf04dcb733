package dev.wb.testkit.browser;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.NullNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * W3C WebDriver's wire: JSON over HTTP to chromedriver on a loopback port, and nowhere else (no
 * proxy). Each answer's {@code value} is returned; an error answer becomes a {@link BrowserException}
 * naming the command, WebDriver's error code and its message.
 */
final class WebDriverWire {

    static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http;
    private final URI base;

    WebDriverWire(int port) {
        this.base = URI.create("http://127.0.0.1:" + port);
        this.http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .proxy(HttpClient.Builder.NO_PROXY)
                .connectTimeout(Duration.ofSeconds(5))
                .build();
    }

    JsonNode get(String path, Duration timeout) {
        return send("GET", path, HttpRequest.BodyPublishers.noBody(), timeout);
    }

    JsonNode post(String path, Object body, Duration timeout) {
        byte[] bytes;
        try {
            bytes = JSON.writeValueAsBytes(body);
        } catch (IOException e) {
            throw new BrowserException("cannot write the body of POST " + path + ": " + e.getMessage(), e);
        }
        return send("POST", path, HttpRequest.BodyPublishers.ofByteArray(bytes), timeout);
    }

    JsonNode delete(String path, Duration timeout) {
        return send("DELETE", path, HttpRequest.BodyPublishers.noBody(), timeout);
    }

    private JsonNode send(String method, String path, HttpRequest.BodyPublisher body, Duration timeout) {
        HttpRequest request = HttpRequest.newBuilder(base.resolve(path))
                .method(method, body)
                .header("Content-Type", "application/json; charset=utf-8")
                .timeout(timeout)
                .build();
        HttpResponse<byte[]> response;
        try {
            response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new BrowserException(method + " " + path + ": chromedriver did not answer: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BrowserException(method + " " + path + ": interrupted", e);
        }
        JsonNode answer;
        try {
            answer = JSON.readTree(response.body());
        } catch (IOException e) {
            throw new BrowserException(
                    method + " " + path + ": an answer that is not JSON (HTTP " + response.statusCode() + "): "
                            + new String(response.body(), StandardCharsets.UTF_8),
                    e);
        }
        JsonNode value = answer == null ? NullNode.getInstance() : answer.path("value");
        if (response.statusCode() != 200) {
            throw new BrowserException(method + " " + path + ": HTTP " + response.statusCode() + ", "
                    + value.path("error").asText("unknown error") + ": "
                    + firstLine(value.path("message").asText("")));
        }
        return value;
    }

    /** Chromedriver's messages carry a multi-line session description after the first line. */
    private static String firstLine(String message) {
        int end = message.indexOf('\n');
        return end < 0 ? message : message.substring(0, end);
    }
}
