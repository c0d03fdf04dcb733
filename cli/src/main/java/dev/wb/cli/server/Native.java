package dev.wb.cli.server;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SocketChannel;
import jnr.ffi.LibraryLoader;
import jnr.ffi.byref.IntByReference;

/**
 * The few libc calls a server needs that Java does not offer (docs/adr/0013-served-path.md): the peer
 * of a Unix socket as the kernel saw it connect ({@code SO_PEERCRED}: pid, uid, gid; Java's own option
 * gives the user and group but not the pid), a command's umask, and a signal delivered as the caller's
 * terminal or {@code kill} would have delivered it. Bound through jnr-ffi (Chronicle's posix calls use it
 * too), reflectively ({@code -Djnr.ffi.asm.enabled=false}, as bin/wb runs every JVM).
 */
final class Native {

    /** The libc functions used. */
    public interface LibC {
        int umask(int mask);

        int kill(int pid, int signal);

        int getpid();

        int getsockopt(int fd, int level, int name, byte[] value, IntByReference length);
    }

    /** A socket's peer: the process that connected, its user and group. */
    record Peer(long pid, int uid, int gid) {}

    private static final int SOL_SOCKET = 1;
    private static final int SO_PEERCRED = 17;
    private static final int SIGINT = 2;
    private static final int SIGQUIT = 3;

    private final LibC libc;
    private final Method fdOf;

    private Native(LibC libc, Method fdOf) {
        this.libc = libc;
        this.fdOf = fdOf;
    }

    /** The calls, bound; an {@link IOException} where they cannot be (no jnr, no export of sun.nio.ch). */
    static Native load() throws IOException {
        try {
            LibC libc = LibraryLoader.create(LibC.class).load("c");
            Method fdOf = Class.forName("sun.nio.ch.SelChImpl").getMethod("getFDVal");
            libc.getpid();
            return new Native(libc, fdOf);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            throw new IOException("libc cannot be called from this JVM: " + e, e);
        }
    }

    /** The process at the other end of {@code channel}, as the kernel recorded it at {@code connect}. */
    Peer peer(SocketChannel channel) throws IOException {
        int fd;
        try {
            fd = (Integer) fdOf.invoke(channel);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IOException("a socket without a descriptor", e);
        }
        byte[] credentials = new byte[12];
        IntByReference length = new IntByReference(credentials.length);
        if (libc.getsockopt(fd, SOL_SOCKET, SO_PEERCRED, credentials, length) != 0 || length.intValue() != 12) {
            throw new IOException("the socket's peer cannot be read");
        }
        ByteBuffer ucred = ByteBuffer.wrap(credentials).order(ByteOrder.nativeOrder());
        return new Peer(ucred.getInt(), ucred.getInt(), ucred.getInt());
    }

    /** Sets this process's umask; the one before. */
    int umask(int mask) {
        return libc.umask(mask);
    }

    /**
     * Delivers {@code signal} as it would have reached a cold JVM: INT and QUIT to this server's whole
     * process group (a terminal sends them to its foreground group, a verify's children included), any
     * other to this process alone.
     */
    void deliver(int signal) {
        int self = libc.getpid();
        if ((signal != SIGINT && signal != SIGQUIT) || libc.kill(-self, signal) != 0) {
            libc.kill(self, signal); // a server that leads no group of its own (started without setsid)
        }
    }
}
