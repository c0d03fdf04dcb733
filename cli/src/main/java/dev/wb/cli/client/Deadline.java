package dev.wb.cli.client;

import java.nio.channels.Channel;

/**
 * A deadline on the waits of one connection (docs/adr/0013-served-path.md): when a wait passes it, the
 * channel is closed, which ends the blocked read or write at once. Both sides use it: the client for the
 * server's answer and its silence during a command, the server for a request's first frames.
 */
public final class Deadline extends Thread {

    private final Channel channel;
    private long deadline = Long.MAX_VALUE;
    private boolean fired;
    private boolean finished;

    public Deadline(Channel channel) {
        super("wb-deadline");
        this.channel = channel;
        setDaemon(true);
        start();
    }

    /** From now on, at most {@code millis} until the next {@link #arm}, {@link #disarm} or {@link #finish}. */
    public synchronized void arm(long millis) {
        deadline = System.nanoTime() + millis * 1_000_000L;
        notifyAll();
    }

    /** No deadline until the next {@link #arm}. */
    public synchronized void disarm() {
        deadline = Long.MAX_VALUE;
    }

    /** Ends this watch for good. */
    public synchronized void finish() {
        finished = true;
        notifyAll();
    }

    /** Whether a deadline passed (and the channel was closed for it). */
    public synchronized boolean fired() {
        return fired;
    }

    @Override
    public void run() {
        synchronized (this) {
            while (!finished) {
                long left = deadline - System.nanoTime();
                if (deadline != Long.MAX_VALUE && left <= 0) {
                    fired = true;
                    try {
                        channel.close();
                    } catch (java.io.IOException e) {
                        // Closed is closed.
                    }
                    return;
                }
                try {
                    if (deadline == Long.MAX_VALUE) {
                        wait();
                    } else {
                        wait(Math.max(1, left / 1_000_000L));
                    }
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
    }
}
