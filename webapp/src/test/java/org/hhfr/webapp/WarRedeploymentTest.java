package org.hhfr.webapp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.BindException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stream endpoints live and die with the application: stopping it in a running container (undeploying,
 * reloading) frees the configured TCP and UDP ports, and starting it again binds the same ports, so a
 * redeployment never finds them taken by its own earlier self. A port taken by another program costs the
 * streams, not the application.
 */
@Timeout(60)
class WarRedeploymentTest {
    private static final String LOOPBACK = "127.0.0.1";

    @TempDir
    Path work;

    @Test
    void stoppingTheApplicationFreesItsStreamPortsAndStartingItBindsThemAgain() throws Exception {
        int tcpPort = freeTcpPort();
        int udpPort = freeUdpPort();
        try (DeployedWebapp webapp = DeployedWebapp.start(DeployedWebapp.builtByMaven(), work,
                DeployedWebapp.streamsAt(LOOPBACK, tcpPort, udpPort))) {
            assertTrue(acceptsTcp(tcpPort), "TCP stream port after start");
            assertTrue(udpTaken(udpPort), "UDP stream port after start");

            webapp.stopApplication();
            assertFalse(acceptsTcp(tcpPort), "TCP stream port after stop");
            assertFalse(udpTaken(udpPort), "UDP stream port after stop");

            webapp.startApplication();
            assertTrue(acceptsTcp(tcpPort), "TCP stream port after a new start");
            assertTrue(udpTaken(udpPort), "UDP stream port after a new start");
        }
    }

    @Test
    void aStreamPortTakenByAnotherProgramLeavesAxis2Serving() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName(LOOPBACK));
             DeployedWebapp webapp = DeployedWebapp.start(DeployedWebapp.builtByMaven(), work,
                     DeployedWebapp.streamsAt(LOOPBACK, taken.getLocalPort(), freeUdpPort()))) {
            assertEquals(200, webapp.servicesListingStatus());
        }
    }

    private static int freeTcpPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(LOOPBACK))) {
            return socket.getLocalPort();
        }
    }

    private static int freeUdpPort() throws IOException {
        try (DatagramSocket socket = new DatagramSocket(new InetSocketAddress(LOOPBACK, 0))) {
            return socket.getLocalPort();
        }
    }

    private static boolean acceptsTcp(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(LOOPBACK, port), 1_000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static boolean udpTaken(int port) throws IOException {
        DatagramSocket socket;
        try {
            socket = new DatagramSocket(new InetSocketAddress(LOOPBACK, port));
        } catch (BindException e) {
            return true;
        }
        socket.close();
        return false;
    }
}
