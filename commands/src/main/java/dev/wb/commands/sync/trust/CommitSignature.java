package dev.wb.commands.sync.trust;

import com.google.common.io.BaseEncoding;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.MessageDigest;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPoint;
import java.security.spec.ECPublicKeySpec;
import java.security.spec.RSAPublicKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;

/**
 * The signature git put on a commit ({@code gpgsig}), checked in process: an SSH signature
 * (git's {@code gpg.format ssh}, the SSHSIG format of OpenSSH's PROTOCOL.sshsig, namespace {@code git})
 * is verified against the commit's bytes without the header, and names its key by the fingerprint
 * {@code ssh-keygen -l} prints ({@code SHA256:…}). Whether that key may sign is not decided here: the
 * key is matched against {@code .workflow/allowed_signers} where a claim is used ({@link AllowedSigners}).
 * An OpenPGP or X.509 signature is recognised and reported as not checked (docs/SYNC.md, "Trust").
 */
public sealed interface CommitSignature {

    /** No signature. */
    record Unsigned() implements CommitSignature {}

    /** A valid SSH signature by the key with this fingerprint, of this key type. */
    record Good(String fingerprint, String keyType) implements CommitSignature {}

    /** A signature that does not verify, or is not an SSH signature wb checks, with why. */
    record Bad(String why) implements CommitSignature {}

    String NAMESPACE = "git";

    /** The signature of a raw commit object as git stores it. */
    static CommitSignature of(byte[] raw) {
        String text = new String(raw, StandardCharsets.UTF_8);
        int end = text.indexOf("\n\n");
        if (end < 0) {
            return new Unsigned();
        }
        StringBuilder payload = new StringBuilder();
        StringBuilder armored = null;
        boolean inSignature = false;
        int at = 0;
        while (at <= end) {
            int newline = text.indexOf('\n', at);
            String line = text.substring(at, newline);
            at = newline + 1;
            if (inSignature && line.startsWith(" ")) {
                armored.append(line.substring(1)).append('\n');
                continue;
            }
            inSignature = false;
            if (line.startsWith("gpgsig ") || line.startsWith("gpgsig-sha256 ")) {
                if (armored != null) {
                    return new Bad("the commit carries two signatures");
                }
                armored = new StringBuilder(line.substring(line.indexOf(' ') + 1)).append('\n');
                inSignature = true;
                continue;
            }
            payload.append(line).append('\n');
        }
        if (armored == null) {
            return new Unsigned();
        }
        payload.append(text.substring(end + 1));
        return check(armored.toString(), payload.toString().getBytes(StandardCharsets.UTF_8));
    }

    private static CommitSignature check(String armored, byte[] payload) {
        if (armored.startsWith("-----BEGIN PGP SIGNATURE-----")) {
            return new Bad("an OpenPGP signature: wb checks SSH signatures only");
        }
        if (armored.startsWith("-----BEGIN SIGNED MESSAGE-----")) {
            return new Bad("an X.509 signature: wb checks SSH signatures only");
        }
        String begin = "-----BEGIN SSH SIGNATURE-----\n";
        String finish = "-----END SSH SIGNATURE-----";
        int stop = armored.indexOf(finish);
        if (!armored.startsWith(begin) || stop < 0) {
            return new Bad("not a signature wb reads");
        }
        byte[] blob;
        try {
            blob = BaseEncoding.base64()
                    .decode(armored.substring(begin.length(), stop).replaceAll("\\s", ""));
        } catch (IllegalArgumentException e) {
            return new Bad("the signature is not base64");
        }
        try {
            return SshSig.verify(blob, payload);
        } catch (SshSig.Malformed | GeneralSecurityException e) {
            return new Bad("the signature does not verify: " + e.getMessage());
        }
    }

    /** The fingerprint {@code ssh-keygen -l} prints for a public key blob. */
    static String fingerprint(byte[] keyBlob) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(keyBlob);
            return "SHA256:" + BaseEncoding.base64().omitPadding().encode(digest);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-256 is missing from this JDK", e);
        }
    }

    /** OpenSSH's SSHSIG: the wire format and the check (PROTOCOL.sshsig). */
    final class SshSig {

        private static final byte[] MAGIC = "SSHSIG".getBytes(StandardCharsets.US_ASCII);

        /** A blob that is not an SSH signature. */
        static final class Malformed extends Exception {
            private static final long serialVersionUID = 1L;

            Malformed(String message) {
                super(message);
            }
        }

        private SshSig() {}

        static CommitSignature verify(byte[] blob, byte[] message) throws Malformed, GeneralSecurityException {
            ByteBuffer in = ByteBuffer.wrap(blob);
            byte[] magic = fixed(in, MAGIC.length);
            if (!Arrays.equals(magic, MAGIC) || in.remaining() < 4 || in.getInt() != 1) {
                throw new Malformed("not an SSHSIG version 1 blob");
            }
            byte[] key = string(in);
            byte[] namespace = string(in);
            byte[] reserved = string(in);
            String hash = new String(string(in), StandardCharsets.US_ASCII);
            ByteBuffer signature = ByteBuffer.wrap(string(in));
            if (in.hasRemaining()) {
                throw new Malformed("bytes after the signature");
            }
            if (!NAMESPACE.equals(new String(namespace, StandardCharsets.UTF_8))) {
                throw new Malformed(
                        "signed for namespace \"" + new String(namespace, StandardCharsets.UTF_8) + "\", not git");
            }
            String digestName = switch (hash) {
                case "sha256" -> "SHA-256";
                case "sha512" -> "SHA-512";
                default -> throw new Malformed("hash " + hash + " is not sha256 or sha512");
            };
            byte[] signed = signedData(
                    namespace,
                    reserved,
                    hash,
                    MessageDigest.getInstance(digestName).digest(message));
            ByteBuffer keyIn = ByteBuffer.wrap(key);
            String keyType = new String(string(keyIn), StandardCharsets.US_ASCII);
            String sigType = new String(string(signature), StandardCharsets.US_ASCII);
            byte[] sigBytes = string(signature);
            boolean valid = switch (keyType) {
                case "ssh-ed25519" -> {
                    require(sigType.equals("ssh-ed25519"), sigType, keyType);
                    yield check("Ed25519", ed25519(string(keyIn)), signed, sigBytes);
                }
                case "ssh-rsa" -> {
                    BigInteger e = new BigInteger(string(keyIn));
                    BigInteger n = new BigInteger(string(keyIn));
                    PublicKey rsa = KeyFactory.getInstance("RSA").generatePublic(new RSAPublicKeySpec(n, e));
                    String algorithm = switch (sigType) {
                        case "rsa-sha2-512" -> "SHA512withRSA";
                        case "rsa-sha2-256" -> "SHA256withRSA";
                        default -> throw new Malformed("RSA signature type " + sigType);
                    };
                    yield check(algorithm, rsa, signed, sigBytes);
                }
                case "ecdsa-sha2-nistp256" -> {
                    require(sigType.equals(keyType), sigType, keyType);
                    string(keyIn); // the curve's name, implied by the key type
                    yield check("SHA256withECDSAinP1363Format", p256(string(keyIn)), signed, p1363(sigBytes));
                }
                default -> throw new Malformed("key type " + keyType + " is not one wb checks");
            };
            return valid ? new Good(fingerprint(key), keyType) : new Bad("the signature does not match the commit");
        }

        private static void require(boolean same, String sigType, String keyType) throws Malformed {
            if (!same) {
                throw new Malformed("a " + sigType + " signature by a " + keyType + " key");
            }
        }

        private static boolean check(String algorithm, PublicKey key, byte[] signed, byte[] signature)
                throws GeneralSecurityException {
            Signature verifier = Signature.getInstance(algorithm);
            verifier.initVerify(key);
            verifier.update(signed);
            return verifier.verify(signature);
        }

        private static byte[] signedData(byte[] namespace, byte[] reserved, String hash, byte[] digest) {
            byte[] hashName = hash.getBytes(StandardCharsets.US_ASCII);
            ByteBuffer out = ByteBuffer.allocate(
                    MAGIC.length + 16 + namespace.length + reserved.length + hashName.length + digest.length);
            out.put(MAGIC);
            for (byte[] field : new byte[][] {namespace, reserved, hashName, digest}) {
                out.putInt(field.length).put(field);
            }
            return out.array();
        }

        private static PublicKey ed25519(byte[] raw) throws GeneralSecurityException, Malformed {
            if (raw.length != 32) {
                throw new Malformed("an Ed25519 key of " + raw.length + " bytes");
            }
            byte[] prefix = {0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00};
            byte[] der = Arrays.copyOf(prefix, prefix.length + 32);
            System.arraycopy(raw, 0, der, prefix.length, 32);
            return KeyFactory.getInstance("Ed25519").generatePublic(new X509EncodedKeySpec(der));
        }

        private static PublicKey p256(byte[] point) throws GeneralSecurityException, Malformed {
            if (point.length != 65 || point[0] != 4) {
                throw new Malformed("not an uncompressed P-256 point");
            }
            AlgorithmParameters parameters = AlgorithmParameters.getInstance("EC");
            parameters.init(new ECGenParameterSpec("secp256r1"));
            ECParameterSpec curve = parameters.getParameterSpec(ECParameterSpec.class);
            ECPoint w = new ECPoint(
                    new BigInteger(1, Arrays.copyOfRange(point, 1, 33)),
                    new BigInteger(1, Arrays.copyOfRange(point, 33, 65)));
            return KeyFactory.getInstance("EC").generatePublic(new ECPublicKeySpec(w, curve));
        }

        /** SSH's ECDSA signature (two mpints, r and s) as the fixed 64 bytes of IEEE P1363. */
        private static byte[] p1363(byte[] sig) throws Malformed {
            ByteBuffer in = ByteBuffer.wrap(sig);
            byte[] out = new byte[64];
            for (int half = 0; half < 2; half++) {
                byte[] value = new BigInteger(1, string(in)).toByteArray();
                int skip = value.length > 32 ? value.length - 32 : 0;
                if (value.length - skip > 32) {
                    throw new Malformed("an ECDSA value over 32 bytes");
                }
                System.arraycopy(value, skip, out, half * 32 + 32 - (value.length - skip), value.length - skip);
            }
            return out;
        }

        private static byte[] string(ByteBuffer in) throws Malformed {
            if (in.remaining() < 4) {
                throw new Malformed("truncated");
            }
            int length = in.getInt();
            if (length < 0 || length > in.remaining()) {
                throw new Malformed("a field longer than the blob");
            }
            return fixed(in, length);
        }

        private static byte[] fixed(ByteBuffer in, int length) throws Malformed {
            if (in.remaining() < length) {
                throw new Malformed("truncated");
            }
            byte[] out = new byte[length];
            in.get(out);
            return out;
        }
    }
}
