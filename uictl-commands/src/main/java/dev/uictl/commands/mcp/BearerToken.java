package dev.uictl.commands.mcp;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.file.ArtifactFile;
import dev.uictl.core.file.OwnerOnly;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Map;
import java.util.Set;

/**
 * The bearer token of `uictl mcp --http`: 256 random bits, created on first use in a file only its owner can read
 * ($XDG_CONFIG_HOME/uictl/http-token, else ~/.config/uictl/http-token; directory 0700, file 0600). The value never
 * appears in a log, an error message or an envelope other than `mcp token`'s own.
 */
final class BearerToken {
    private static final SecureRandom RANDOM = new SecureRandom();

    private final byte[] value;

    private BearerToken(String value) {
        this.value = value.getBytes(StandardCharsets.US_ASCII);
    }

    static Path file(Map<String, String> env) {
        String config = env.get("XDG_CONFIG_HOME");
        Path dir = config != null && !config.isEmpty() ? Path.of(config)
                : Path.of(env.getOrDefault("HOME", System.getProperty("user.home")), ".config");
        return dir.resolve("uictl").resolve("http-token");
    }

    /** The token in {@code file}, created when there is none yet. */
    static BearerToken load(Path file) {
        try {
            if (Files.exists(file)) {
                refuseShared(file);
                String text = Files.readString(file, StandardCharsets.US_ASCII).strip();
                if (text.length() >= 32) {
                    return new BearerToken(text);
                }
            }
            return rotate(file);
        } catch (IOException e) {
            throw failure(file, e.getMessage());
        }
    }

    /** A new token replaces the old one; requests carrying the old one fail from the next server start on. */
    static BearerToken rotate(Path file) {
        byte[] bits = new byte[32];
        RANDOM.nextBytes(bits);
        String text = Base64.getUrlEncoder().withoutPadding().encodeToString(bits);
        try {
            Files.createDirectories(file.getParent(), OwnerOnly.DIRECTORY);
        } catch (IOException e) {
            throw failure(file, e.getMessage());
        }
        try {
            // the one atomic, private (0600) writer: a reader never sees half a token
            ArtifactFile.write(file, (text + "\n").getBytes(StandardCharsets.US_ASCII));
        } catch (UictlException e) {
            throw failure(file, e.getMessage());
        }
        return new BearerToken(text);
    }

    /** Constant-time comparison with the value of an {@code Authorization: Bearer …} header (null: none). */
    boolean matches(String presented) {
        byte[] given = presented == null ? new byte[0] : presented.getBytes(StandardCharsets.US_ASCII);
        return MessageDigest.isEqual(digest(given), digest(value));
    }

    String text() {
        return new String(value, StandardCharsets.US_ASCII);
    }

    /** Equal-length inputs for isEqual, so the token's length does not leak through timing either. */
    private static byte[] digest(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A token file others can read is no secret: refuse it rather than serve with it. */
    private static void refuseShared(Path file) throws IOException {
        Set<PosixFilePermission> perms = Files.getPosixFilePermissions(file);
        if (perms.stream().anyMatch(p -> p.name().startsWith("GROUP") || p.name().startsWith("OTHERS"))) {
            throw UictlException.of(ErrorCode.PERMISSION_DENIED, "the token file " + file
                            + " is readable by other users")
                    .withHint("Run `chmod 600 " + file + "`, then `uictl mcp token --rotate`.")
                    .withDetail("path", file.toString());
        }
    }

    private static UictlException failure(Path file, String why) {
        return UictlException.of(ErrorCode.IO_ERROR, "cannot read or create the token file " + file + ": " + why)
                .withHint("Check that " + file.getParent() + " is a directory you own, then run `uictl mcp token`.")
                .withDetail("path", file.toString());
    }
}
