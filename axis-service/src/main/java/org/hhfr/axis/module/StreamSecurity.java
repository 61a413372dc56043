package org.hhfr.axis.module;

import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.function.Function;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLException;
import org.jspecify.annotations.Nullable;

/**
 * How the module protects streams: a stream is never less protected than the SOAP endpoint that granted it. A
 * session negotiated over HTTPS streams encrypted (TLS on TCP with the server's certificate, AES-GCM datagrams
 * on UDP); one negotiated over plain HTTP streams in cleartext unless {@code cleartextStreams} is false.
 * Without a key store there is no TLS, so encrypted sessions are offered UDP only.
 *
 * @param tls              the TCP streams' TLS, from the {@code streamKeystore} (PKCS12), or {@code null}
 * @param cleartextForHttp whether a session negotiated over plain HTTP may stream in cleartext
 * @param addressTokens    whether UDP streams give their clients' addresses tokens and honour them on later
 *                         streams, which are then sent to at once: only where the stream server sees its clients'
 *                         own addresses ({@code StreamServerConfig.addressTokens})
 */
public record StreamSecurity(@Nullable SslContext tls, boolean cleartextForHttp, boolean addressTokens) {
    /** Path of a PKCS12 key store holding the server's key and certificate chain (the HTTPS one). */
    public static final String KEYSTORE = "streamKeystore";
    public static final String KEYSTORE_PASSWORD = "streamKeystorePassword";
    /** "true" (the default): plain HTTP sessions stream in cleartext; "false": every stream is encrypted. */
    public static final String CLEARTEXT_STREAMS = "cleartextStreams";
    /**
     * "false" (the default): a UDP stream's first address gets three times what came from it until it answers a
     * challenge; "true": a client's later stream from an address that received the session's datagrams is sent to
     * at once. Only for a stream server that sees its clients' own source addresses (no proxy or load balancer
     * that rewrites them in front of its UDP port).
     */
    public static final String ADDRESS_TOKENS = "addressTokens";

    /**
     * Reads the parameters; {@code parameters} answers a name with its text, or {@code null}.
     *
     * @throws IllegalArgumentException naming a parameter that is out of range or a key store that cannot be used
     */
    public static StreamSecurity read(Function<String, String> parameters) {
        boolean cleartext = flag(parameters, CLEARTEXT_STREAMS, true);
        boolean addressTokens = flag(parameters, ADDRESS_TOKENS, false);
        String keystore = parameters.apply(KEYSTORE);
        String password = parameters.apply(KEYSTORE_PASSWORD);
        SslContext tls = keystore == null || keystore.isBlank() ? null
                : serverTls(Path.of(keystore.trim()), password == null ? new char[0] : password.toCharArray());
        return new StreamSecurity(tls, cleartext, addressTokens);
    }

    /** A true-or-false parameter; {@code absent} when it is missing or blank. */
    private static boolean flag(Function<String, String> parameters, String name, boolean absent) {
        String text = parameters.apply(name);
        if (text == null || text.isBlank()) {
            return absent;
        }
        if (!"true".equals(text.trim()) && !"false".equals(text.trim())) {
            throw new IllegalArgumentException(name + " must be true or false: " + text);
        }
        return "true".equals(text.trim());
    }

    /** Whether streams granted to a client that negotiated {@code overHttps} must be encrypted. */
    public boolean encrypts(boolean overHttps) {
        return overHttps || !cleartextForHttp;
    }

    /** TLS 1.3, and TLS 1.2 for clients without it (Android before API 29), with the key store's key. */
    public static SslContext serverTls(Path keystore, char[] password) {
        try (InputStream in = Files.newInputStream(keystore)) {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(in, password);
            KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            keys.init(store, password);
            return SslContextBuilder.forServer(keys).protocols("TLSv1.3", "TLSv1.2").build();
        } catch (SSLException | GeneralSecurityException e) {
            throw new IllegalArgumentException(KEYSTORE + " " + keystore + " is not a usable PKCS12 key store: "
                    + e.getMessage(), e);
        } catch (IOException e) {
            throw new IllegalArgumentException(KEYSTORE + " " + keystore + " cannot be read (or "
                    + KEYSTORE_PASSWORD + " is wrong): " + e.getMessage(), e);
        }
    }
}
