package dev.uictl.commands.mcp;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.proc.DefaultJWTClaimsVerifier;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import java.io.IOException;
import java.nio.file.Path;
import java.text.ParseException;
import java.util.Set;

/**
 * Bearer JWTs from a configured issuer, as an alternative to the static token: signed by a key of the issuer's JWKS
 * file (RS/PS/ES 256-512; never "none" or HMAC), with that {@code iss}, an {@code aud} naming this server, and an
 * {@code exp} not passed. Verified by Nimbus JOSE+JWT; the file is read once, when the server starts.
 */
final class JwtVerifier {
    private static final Set<JWSAlgorithm> ALGORITHMS = Set.of(JWSAlgorithm.RS256, JWSAlgorithm.RS384,
            JWSAlgorithm.RS512, JWSAlgorithm.PS256, JWSAlgorithm.PS384, JWSAlgorithm.PS512, JWSAlgorithm.ES256,
            JWSAlgorithm.ES384, JWSAlgorithm.ES512);

    private final DefaultJWTProcessor<SecurityContext> processor;

    private JwtVerifier(DefaultJWTProcessor<SecurityContext> processor) {
        this.processor = processor;
    }

    static JwtVerifier load(Path jwks, String issuer, String audience) {
        JWKSet keys;
        try {
            keys = JWKSet.load(jwks.toFile());
        } catch (IOException | ParseException e) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "cannot use " + jwks + " as a JWKS: " + e.getMessage())
                    .withHint("Give the issuer's public keys as a JSON Web Key Set file: `--jwks jwks.json`.")
                    .withDetail("path", jwks.toString());
        }
        DefaultJWTProcessor<SecurityContext> processor = new DefaultJWTProcessor<>();
        processor.setJWSKeySelector(new JWSVerificationKeySelector<>(ALGORITHMS, new ImmutableJWKSet<>(keys)));
        processor.setJWTClaimsSetVerifier(new DefaultJWTClaimsVerifier<>(audience,
                new JWTClaimsSet.Builder().issuer(issuer).build(), Set.of("exp")));
        return new JwtVerifier(processor);
    }

    boolean accepts(String token) {
        try {
            processor.process(token, null);
            return true;
        } catch (ParseException | BadJOSEException | JOSEException e) {
            return false;
        }
    }
}
