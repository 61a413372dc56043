package org.hhfr.axis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;

import org.hhfr.axis.server.HhfrServer;
import org.junit.jupiter.api.Test;

/** The request thread pool is capped: a connection beyond its queue is refused at once, and the rest served. */
class BusyServerTest {

    @Test
    void aConnectionBeyondTheQueueGets503AndIsClosed() throws Exception {
        try (HhfrServer server = HhfrServer.start(TestServers.loopback().requestThreads(1)
                .queuedConnections(1).build())) {
            try (Socket holdsTheThread = connect(server); Socket waitsInTheQueue = connect(server)) {
                Thread.sleep(200); // let the server hand the first connection to its only thread
                try (Socket refused = connect(server)) {
                    RawHttp.Response response = RawHttp.read(refused.getInputStream());
                    assertEquals(503, response.status, response::toString);
                    assertEquals("close", response.headers.get("connection"));
                }
            }
            // the closed connections free the thread and the queue slot as soon as the server notices; until
            // then a request is refused (503, or the connection closed while the request is still being sent)
            RawHttp.Response response = null;
            for (int i = 0; i < 50 && (response == null || response.status == 503); i++) {
                Thread.sleep(100);
                response = sumOrNull(server);
            }
            assertEquals("3.0", Envelopes.singleReturn(response.body), "served again once connections left");
        }
    }

    /** The response, or null when the server closed the connection on the request (it was busy). */
    private static RawHttp.Response sumOrNull(HhfrServer server) {
        try {
            return RawHttp.postSoap11(server.port(), "/axis2/services/FloatSum", "urn:sum",
                    Envelopes.envelope(Envelopes.SOAP11, Envelopes.sum("1", "2")));
        } catch (IOException refused) {
            return null;
        }
    }

    private static Socket connect(HhfrServer server) throws IOException {
        Socket socket = new Socket();
        socket.connect(new InetSocketAddress("127.0.0.1", server.port()), 2_000);
        socket.setSoTimeout(5_000);
        return socket;
    }
}
