package org.hhfr.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.hhfr.axis.module.ModuleSettings;
import org.hhfr.axis.server.ConsoleLogging;
import org.hhfr.axis.server.HhfrServer;
import org.hhfr.axis.server.ServerSettings;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

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
                    + "client reached the server at); streams listen on every interface")
    private String streamHost;

    /** Counted down to stop serving: by the shutdown hook, or by a test. */
    final CountDownLatch stopRequested = new CountDownLatch(1);
    private final CountDownLatch stopped = new CountDownLatch(1);

    @Override
    public Integer call() {
        ConsoleLogging.quiet();
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        HhfrServer server;
        try {
            server = HhfrServer.start(settings());
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
    private ServerSettings settings() {
        ServerSettings.Builder settings = ServerSettings.builder().port(port).repository(repository);
        if (tcpPort != null) {
            settings.moduleParameter(ModuleSettings.TCP_PORT, String.valueOf(tcpPort));
        }
        if (udpPort != null) {
            settings.moduleParameter(ModuleSettings.UDP_PORT, String.valueOf(udpPort));
        }
        if (streamHost != null) {
            settings.moduleParameter(ModuleSettings.ADVERTISED_HOST, streamHost);
        }
        return settings.build();
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
