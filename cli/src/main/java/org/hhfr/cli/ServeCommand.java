package org.hhfr.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.hhfr.axis.server.ConsoleLogging;
import org.hhfr.axis.server.HhfrServer;
import org.hhfr.axis.server.ServerSettings;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code hhfr serve}: runs the embedded Axis2 server with the sample services and HHFR until Ctrl-C, and
 * says where everything is.
 */
@Command(name = "serve",
        mixinStandardHelpOptions = true,
        description = {
            "Run the HHFR server: the sample services on Apache Axis2, with HHFR streams.",
            "Serves StringConcat, FloatSum and PointsOfInterest over SOAP 1.1 and 1.2 with HHFR negotiation",
            "engaged and TCP and UDP stream endpoints. Prints each service's URL and WSDL, and the stream",
            "endpoints. Ctrl-C stops it."},
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

    @Option(names = "--tcp-port", paramLabel = "PORT", defaultValue = "0",
            description = "TCP stream port; 0 picks a free one, -1 serves no TCP streams (default: ${DEFAULT-VALUE})")
    private int tcpPort;

    @Option(names = "--udp-port", paramLabel = "PORT", defaultValue = "0",
            description = "UDP stream port; 0 picks a free one, -1 serves no UDP streams (default: ${DEFAULT-VALUE})")
    private int udpPort;

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
            server = HhfrServer.start(ServerSettings.builder().port(port)
                    .streams("0.0.0.0", streamHost, tcpPort, udpPort).build());
        } catch (IOException | IllegalArgumentException e) {
            err.println("error: the server could not start: " + e.getMessage());
            err.flush();
            return CANNOT_START;
        }
        Thread hook = new Thread(this::stopAndWait, "hhfr-serve-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            out.println("HHFR server on port " + server.port() + " (Ctrl-C stops it)");
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
