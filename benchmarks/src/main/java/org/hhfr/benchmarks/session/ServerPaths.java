package org.hhfr.benchmarks.session;

import java.io.IOException;

import org.hhfr.benchmarks.session.network.Traffic;
import org.hhfr.client.HhfrException;
import org.hhfr.client.Operation;

/** How a {@link SessionRunner}'s client reaches the servers of a profile: a fresh path per session. */
interface ServerPaths {
    /** The operation as the service's WSDL describes it. */
    Operation operation(SessionWorkload workload) throws HhfrException;

    /** A path to the HTTP port of the HHFR server. */
    SessionLink openLink() throws IOException;

    /** A path to the HTTPS server of the encrypted modes. */
    SessionLink openHttpsLink() throws IOException;

    /** A path to the gRPC rival's server. */
    SessionLink openGrpcLink() throws IOException;

    /** A path to the REST rival's server. */
    SessionLink openRestLink() throws IOException;

    /** What the streams carried so far outside the session links (their own relays); zero when links count all. */
    Traffic.Counts streamTraffic();

    /** TCP stream connections made so far outside the session links. */
    int streamConnections();
}
