package dev.wb.cli.server;

import dev.wb.cli.client.Deadline;
import dev.wb.cli.client.Frames;
import dev.wb.cli.client.Hello;
import java.io.IOException;
import java.nio.channels.SocketChannel;
import java.util.Optional;

/**
 * One connection to a server (docs/adr/0013-served-path.md), from a peer the kernel says is this user's:
 * a request ({@code HELLO}, answered {@code go}, {@code busy} or {@code stale}, then {@code START} and the
 * command) or the registry's {@code STOP_IF_IDLE}. The first frames are read under a deadline, so a peer
 * that says nothing holds a handshake slot for seconds, never the server.
 */
final class Connection {

    private static final long FIRST_FRAME_MILLIS = 5_000;

    private final Server server;
    private final SocketChannel channel;
    private final Native.Peer peer;

    Connection(Server server, SocketChannel channel, Native.Peer peer) {
        this.server = server;
        this.channel = channel;
        this.peer = peer;
    }

    void handle() {
        Deadline deadline = new Deadline(channel);
        try {
            deadline.arm(FIRST_FRAME_MILLIS);
            Frames.Frame first = Frames.read(channel);
            deadline.disarm();
            FramedChannel framed = new FramedChannel(channel);
            if (first.type() == Frames.STOP_IF_IDLE) {
                framed.send(Frames.ANSWER, server.stopIfIdle() ? "stopping" : "busy");
            } else if (first.type() == Frames.HELLO) {
                request(Hello.decode(first.payload()), framed, deadline);
            }
        } catch (IOException | RuntimeException e) {
            // A peer that broke the protocol or went away: nothing of it ran.
        } finally {
            deadline.finish();
            closeQuietly(channel);
        }
    }

    private void request(Hello hello, FramedChannel framed, Deadline deadline) throws IOException {
        if (hello.pid() != peer.pid()) {
            return; // a request naming another process than the one that connected: never answered
        }
        Optional<ProcProcess> client = ProcProcess.of(peer.pid());
        if (client.isEmpty()) {
            return; // gone already
        }
        if (!hello.key().equals(server.key) || !server.self.confinedAs(client.get()) || !server.jars.unchanged()) {
            // Another JVM, another confinement, or a rebuilt install (the server ends once idle): the
            // client runs the command cold.
            framed.send(Frames.ANSWER, "stale");
            return;
        }
        if (!server.claim()) {
            framed.send(Frames.ANSWER, "busy");
            return;
        }
        boolean started = false;
        try {
            framed.send(Frames.ANSWER, "go");
            deadline.arm(FIRST_FRAME_MILLIS);
            Frames.Frame start = Frames.read(channel);
            deadline.disarm();
            started = start.type() == Frames.START;
        } finally {
            if (!started) {
                server.release(); // withdrawn, or gone: nothing ran
            }
        }
        if (!started) {
            return;
        }
        ServedRun.Ended ended = new ServedRun(server.runner, hello, client.get(), framed, server.libc)
                .run(() -> Runtime.getRuntime().halt(137)); // the client died: as SIGKILL ends a cold JVM
        try {
            framed.sendInt(Frames.EXIT, ended.code());
        } catch (IOException e) {
            // The client went away after its command ended; nothing of the server is broken.
        }
        server.finished(ended);
    }

    static void closeQuietly(SocketChannel channel) {
        try {
            channel.close();
        } catch (IOException e) {
            // Closing only.
        }
    }
}
