package dev.uictl.commands.mcp;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A TLS certificate chain and its private key from PEM files (what certbot, mkcert and openssl write), as the
 * in-memory key store JDK TLS wants. The key must be PKCS#8 ("BEGIN PRIVATE KEY"), RSA or EC.
 */
record TlsFiles(Path certificate, Path key, KeyStore keyStore) {
    /** The in-memory store's password: it never touches a disk, so it protects nothing and need not be secret. */
    static final String PASSWORD = "uictl";
    private static final Pattern KEY = Pattern.compile(
            "-----BEGIN PRIVATE KEY-----([A-Za-z0-9+/=\\s]+)-----END PRIVATE KEY-----");

    static TlsFiles load(Path certificate, Path key) {
        try {
            Certificate[] chain = CertificateFactory.getInstance("X.509")
                    .generateCertificates(new ByteArrayInputStream(Files.readAllBytes(certificate)))
                    .toArray(Certificate[]::new);
            if (chain.length == 0) {
                throw invalid(certificate, "no certificate in it");
            }
            Matcher m = KEY.matcher(Files.readString(key));
            if (!m.find()) {
                throw invalid(key, "no PKCS#8 private key in it (convert with `openssl pkcs8 -topk8 -nocrypt`)");
            }
            byte[] der = Base64.getMimeDecoder().decode(m.group(1));
            String algorithm = chain[0].getPublicKey().getAlgorithm();
            PrivateKey privateKey = KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(der));
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            store.setKeyEntry("uictl", privateKey, PASSWORD.toCharArray(), chain);
            return new TlsFiles(certificate, key, store);
        } catch (IOException e) {
            throw UictlException.of(ErrorCode.IO_ERROR, "cannot read " + e.getMessage())
                    .withHint("Check the --tls-cert and --tls-key paths.");
        } catch (GeneralSecurityException e) {
            throw invalid(key, e.getMessage());
        }
    }

    private static UictlException invalid(Path file, String why) {
        return UictlException.of(ErrorCode.INVALID_ARGS, "cannot use " + file + " for TLS: " + why)
                .withHint("Make a pair with `openssl req -x509 -newkey rsa:2048 -nodes -keyout key.pem -out "
                        + "cert.pem -subj /CN=localhost -days 365`.")
                .withDetail("path", file.toString());
    }
}
