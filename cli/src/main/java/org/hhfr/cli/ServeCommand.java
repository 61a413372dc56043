package org.hhfr.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.hhfr.axis.admin.AdminSettings;
import org.hhfr.axis.module.HhfrModule;
import org.hhfr.axis.module.ModuleSettings;
import org.hhfr.axis.module.StreamSecurity;
import org.hhfr.axis.server.ConsoleLogging;
import org.hhfr.axis.server.DevelopmentCertificate;
import org.hhfr.axis.server.HhfrServer;
import org.hhfr.axis.server.HttpsKeyStore;
import org.hhfr.axis.server.ServerSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code hhfr serve}: runs Apache Axis2 with the HHFR module until Ctrl-C, and says where everything is: the
 * sample services, or any Axis2 repository ({@code --repo}).
 */
@Command(name = "serve",
        mixinStandardHelpOptions = true,
        description = {
            "Run the HHFR server: Apache Axis2 with the HHFR module and its TCP and UDP streams.",
            "Without --repo, serves the samples StringConcat, FloatSum and PointsOfInterest over SOAP 1.1 and 1.2",
            "with HHFR engaged. With --repo DIR, serves that Axis2 repository: services/ (.aar files or exploded",
            "services), modules/ (.mar files; the built-in HHFR module when there is none), and DIR/axis2.xml or",
            "DIR/conf/axis2.xml if present; services use HHFR where axis2.xml or their services.xml engage",
            "<module ref=\"hhfr\"/>. Prints each service's URL and WSDL, and the stream endpoints. Ctrl-C stops it."},
        exitCodeListHeading = "Exit codes:%n",
        exitCodeList = {"0:stopped by Ctrl-C (or a termination signal)", "2:the server could not start"})
final class ServeCommand implements Callable<Integer> {
    static final int CANNOT_START = 2;
    private static final long CLOSE_WAIT_SECONDS = 10;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--port", paramLabel = "PORT", defaultValue = "8080",
            description = "HTTP port for SOAP and the WSDL; 0 picks a free one (default: ${DEFAULT-VALUE})")
    private int port;

    @Option(names = "--repo", paramLabel = "DIR",
            description = "serve this Axis2 repository instead of the sample services")
    private Path repository;

    @Option(names = "--tcp-port", paramLabel = "PORT",
            description = "TCP stream port; 0 picks a free one, -1 serves no TCP streams (default: 0; with --repo, "
                    + "the module's tcpPort)")
    private Integer tcpPort;

    @Option(names = "--udp-port", paramLabel = "PORT",
            description = "UDP stream port; 0 picks a free one, -1 serves no UDP streams (default: 0; with --repo, "
                    + "the module's udpPort)")
    private Integer udpPort;

    @Option(names = "--stream-host", paramLabel = "HOST",
            description = "host name or address clients are told to open streams to (default: the address each "
                    + "client reached the server at)")
    private String streamHost;

    @Option(names = "--stream-bind", paramLabel = "HOST",
            description = "interface the TCP and UDP stream ports listen on (default: every interface; with --repo, "
                    + "the module's streamBindHost)")
    private String streamBind;

    @Option(names = "--admin-port", paramLabel = "PORT",
            description = "serve /metrics (Prometheus), /health/ready and /health/live on this port; 0 picks a free "
                    + "one (default: none; with --repo, the module's adminPort)")
    private Integer adminPort;

    @Option(names = "--admin-host", paramLabel = "HOST",
            description = "interface the admin port listens on, e.g. 0.0.0.0 for a load balancer's health checks "
                    + "(default: 127.0.0.1; with --repo, the module's adminBindHost)")
    private String adminHost;

    @Option(names = "--store", paramLabel = "STORE",
            description = "where negotiated sessions are kept: memory, or redis://HOST:PORT[/DB] to share them "
                    + "with the other servers naming that Redis (default: memory; with --repo, the module's "
                    + "contextStore)")
    private String store;

    @Option(names = "--store-key", paramLabel = "KEY",
            description = "seal the session records kept in Redis under this key, the same on every server of that "
                    + "Redis: env:NAME reads it from an environment variable (a key on the command line shows in "
                    + "the process list), or base64 of 32 bytes as openssl rand -base64 32 prints (default: none, "
                    + "records in clear; with --repo, the module's contextStoreKey)")
    private String storeKey;

    @Option(names = "--https",
            description = "serve SOAP over HTTPS and encrypt every stream (TLS on TCP with the same certificate, "
                    + "AES-GCM datagrams on UDP); without --keystore, with a self-signed development certificate "
                    + "made once in ~/.hhfr (its SHA-256 fingerprint and PEM file are printed)")
    private boolean https;

    @Option(names = "--keystore", paramLabel = "FILE",
            description = "with --https: the PKCS12 key store holding the server's key and certificate chain")
    private Path keystore;

    @Option(names = "--keystore-password", paramLabel = "PASSWORD", interactive = true, arity = "0..1",
            description = "the key store's password (asked for when given without a value)")
    private char[] keystorePassword;

    @Option(names = "--cleartext-streams", paramLabel = "true|false", arity = "1",
            description = "whether sessions negotiated over plain HTTP may stream in cleartext (default: true; "
                    + "sessions negotiated over HTTPS never do)")
    private Boolean cleartextStreams;

    @Option(names = "--address-tokens", paramLabel = "true|false", arity = "1",
            description = "whether a UDP stream's client gets a token for its address that lets its next stream's "
                    + "large answers go at once; true only when the server sees its clients' own addresses, with no "
                    + "proxy or load balancer rewriting them (default: false)")
    private Boolean addressTokens;

    @Option(names = "--module-param", paramLabel = "NAME=VALUE",
            description = "sets one of the HHFR module's parameters over module.xml and axis2.xml (module.xml lists "
                    + "them with their defaults; axis-service's README says what each does); repeatable; an option of "
                    + "its own for the same parameter (--tcp-port, --store, --address-tokens...) wins over it")
    private Map<String, String> moduleParameters = new LinkedHashMap<>();

    @Option(names = "--request-threads", paramLabel = "N",
            description = "HTTP request threads; each open connection holds one until it closes or idles out "
                    + "(default: 64)")
    private Integer requestThreads;

    @Option(names = "--max-connections-per-address", paramLabel = "N",
            description = "HTTP connections one client address (an IPv6 client: its /64) may hold open; one "
                    + "more is answered 429 (default: 16; raise it when many clients share an address behind NAT)")
    private Integer maxConnectionsPerAddress;

    @Option(names = "--request-timeout", paramLabel = "MILLIS",
            description = "how long a request's whole body may take to arrive once its head is read; a slower one "
                    + "is answered 408 (default: 20000)")
    private Integer requestTimeoutMillis;

    @Option(names = "--max-buffered-frame-bytes", paramLabel = "BYTES",
            description = "bytes all TCP stream connections together may hold in partial frames; beyond it a "
                    + "partial frame is refused and its connection closed (default: 67108864; with --repo, the "
                    + "module's maxBufferedFrameBytes)")
    private Long maxBufferedFrameBytes;

    /** Counted down to stop serving: by the shutdown hook, or by a test. */
    final CountDownLatch stopRequested = new CountDownLatch(1);
    private final CountDownLatch stopped = new CountDownLatch(1);

    @Override
    public Integer call() {
        ConsoleLogging.quiet();
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        HhfrServer server;
        HttpsKeyStore keyStore;
        String fingerprint;
        try {
            keyStore = keyStore();
            fingerprint = keyStore == null ? null : keyStore.fingerprint();
            server = HhfrServer.start(settings(keyStore));
        } catch (IOException | IllegalArgumentException e) {
            err.println("error: the server could not start: " + e.getMessage());
            err.flush();
            return CANNOT_START;
        }
        Thread hook = new Thread(this::stopAndWait, "hhfr-serve-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            out.println("HHFR server on port " + server.port() + " (Ctrl-C stops it)"
                    + (repository == null ? "" : ", Axis2 repository " + repository.toAbsolutePath()));
            if (keyStore != null) {
                out.println("  HTTPS with " + keyStore.file().toAbsolutePath() + ", certificate SHA-256 "
                        + fingerprint);
                if (keystore == null) {
                    out.println("  a development certificate: clients trust it with --trust "
                            + DevelopmentCertificate.pemOf(keyStore.file()).toAbsolutePath());
                }
            }
            for (String line : server.describe("localhost")) {
                out.println("  " + line);
            }
            out.flush();
            stopRequested.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            server.close();
            stopped.countDown();
            removeHook(hook);
        }
        out.println("HHFR server stopped");
        out.flush();
        return 0;
    }

    /** The stream options given override the module's parameters (module.xml, the repository's axis2.xml). */
    private ServerSettings settings(HttpsKeyStore keyStore) {
        ServerSettings.Builder settings = ServerSettings.builder().port(port).repository(repository)
                .https(keyStore);
        Set<String> known = HhfrModule.parameterNames();
        for (Map.Entry<String, String> parameter : moduleParameters.entrySet()) {
            if (!known.contains(parameter.getKey())) {
                throw new IllegalArgumentException("the HHFR module has no parameter '" + parameter.getKey()
                        + "' (module.xml lists " + String.join(", ", known) + ")");
            }
            settings.moduleParameter(parameter.getKey(), parameter.getValue());
        }
        if (requestThreads != null) {
            settings.requestThreads(requestThreads);
        }
        if (maxConnectionsPerAddress != null) {
            settings.maxConnectionsPerAddress(maxConnectionsPerAddress);
        }
        if (requestTimeoutMillis != null) {
            settings.requestTimeoutMillis(requestTimeoutMillis);
        }
        if (maxBufferedFrameBytes != null) {
            settings.moduleParameter(ModuleSettings.MAX_BUFFERED_FRAME_BYTES, String.valueOf(maxBufferedFrameBytes));
        }
        if (cleartextStreams != null) {
            settings.moduleParameter(StreamSecurity.CLEARTEXT_STREAMS, String.valueOf(cleartextStreams));
        }
        if (addressTokens != null) {
            settings.moduleParameter(StreamSecurity.ADDRESS_TOKENS, String.valueOf(addressTokens));
        }
        if (tcpPort != null) {
            settings.moduleParameter(ModuleSettings.TCP_PORT, String.valueOf(tcpPort));
        }
        if (udpPort != null) {
            settings.moduleParameter(ModuleSettings.UDP_PORT, String.valueOf(udpPort));
        }
        if (streamHost != null) {
            settings.moduleParameter(ModuleSettings.ADVERTISED_HOST, streamHost);
        }
        if (streamBind != null) {
            settings.moduleParameter(ModuleSettings.STREAM_BIND_HOST, streamBind);
        }
        if (adminPort != null) {
            settings.moduleParameter(AdminSettings.PORT, String.valueOf(adminPort));
        }
        if (adminHost != null) {
            settings.moduleParameter(AdminSettings.BIND_HOST, adminHost);
        }
        if (store != null) {
            settings.contextStore(store);
        }
        if (storeKey != null) {
            settings.moduleParameter(ModuleSettings.CONTEXT_STORE_KEY, storeKey);
        }
        return settings.build();
    }

    /** The key store for --https: the one given, or the development certificate's; null without --https. */
    private HttpsKeyStore keyStore() throws IOException {
        if (!https) {
            if (keystore != null) {
                throw new IllegalArgumentException("--keystore is for --https");
            }
            return null;
        }
        if (keystore == null) {
            return DevelopmentCertificate.in(Path.of(System.getProperty("user.home"), ".hhfr"));
        }
        if (!Files.isRegularFile(keystore)) {
            throw new IllegalArgumentException("--keystore " + keystore + ": no such file");
        }
        if (keystorePassword == null) {
            throw new IllegalArgumentException("--keystore needs its password: --keystore-password PASSWORD, "
                    + "--keystore-password alone to be asked for it, or --keystore-password= for an empty one");
        }
        return new HttpsKeyStore(keystore, new String(keystorePassword));
    }

    /** The shutdown hook: asks the serving thread to close the server, and lets the JVM exit once it has. */
    private void stopAndWait() {
        stopRequested.countDown();
        try {
            stopped.await(CLOSE_WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running: nothing to remove
        }
    }
}
