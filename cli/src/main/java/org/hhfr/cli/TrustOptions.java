package org.hhfr.cli;

import java.nio.file.Path;
import java.security.cert.CertPathBuilderException;
import java.security.cert.CertPathValidatorException;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;
import picocli.CommandLine.Option;

/**
 * {@code --trust FILE [--trust-password]}, for the commands that reach an https service ({@code call},
 * {@code schema}): the certificates to trust instead of the platform's authorities ({@link TrustFile}). Says
 * what to do when a server's certificate was not trusted.
 */
final class TrustOptions {
    @Option(names = "--trust", paramLabel = "FILE",
            description = "trust the certificates in FILE (PEM, or a PKCS12/JKS trust store) for an https URL and "
                    + "its encrypted streams, instead of the platform's authorities")
    private Path trust;

    @Option(names = "--trust-password", paramLabel = "PASSWORD", interactive = true, arity = "0..1",
            description = "the trust store's password, if it has one (asked for when given without a value)")
    private char[] trustPassword;

    /**
     * The TLS context trusting {@code --trust}'s certificates; {@code null} without {@code --trust} (the
     * platform's authorities).
     *
     * @throws IllegalArgumentException naming the file when it is missing or holds no usable certificate
     */
    SSLContext context() {
        return trust == null ? null : TrustFile.context(trust, trustPassword);
    }

    /**
     * What to add to an error whose cause is a server certificate the client did not trust: how to trust it.
     * Empty for any other error.
     */
    String hintFor(Throwable error) {
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            if (cause instanceof CertPathBuilderException || cause instanceof CertPathValidatorException
                    || cause instanceof SSLHandshakeException && String.valueOf(cause.getMessage()).contains("PKIX")) {
                return trust == null
                        ? " (the server's certificate is not trusted: pass --trust FILE with it or its issuer's, such"
                                + " as ~/.hhfr/hhfr-development.pem for a server on a development certificate)"
                        : " (the server's certificate is not among those in --trust " + trust + ")";
            }
        }
        return "";
    }
}
