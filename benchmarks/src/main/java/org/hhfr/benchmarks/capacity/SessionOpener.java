package org.hhfr.benchmarks.capacity;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URL;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import io.netty.channel.EventLoopGroup;
import org.hhfr.benchmarks.session.SessionWorkload;
import org.hhfr.contextstore.ResumptionTicketCache;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.contextstore.StreamEndpoint;
import org.hhfr.contextstore.TicketKey;
import org.hhfr.negotiation.Answer;
import org.hhfr.negotiation.HhfrUris;
import org.hhfr.negotiation.NegotiationLimits;
import org.hhfr.negotiation.NegotiationReader;
import org.hhfr.negotiation.Offer;
import org.hhfr.negotiation.SchemaDigests;
import org.hhfr.negotiation.client.NegotiationOutcome;
import org.hhfr.negotiation.client.Negotiator;
import org.hhfr.negotiation.soap.SoapHttpClient;
import org.hhfr.negotiation.soap.SoapLimits;
import org.hhfr.schemas.DataStructure;
import org.hhfr.schemas.SchemaException;
import org.hhfr.schemas.SchemaParser;
import org.hhfr.streamer.Representations;
import org.hhfr.transports.frame.DatagramWriter;
import org.hhfr.transports.netty.NettyStreamClient;
import org.hhfr.transports.reliability.ReliabilityConfig;
import org.hhfr.transports.Role;

/**
 * Opens sessions as a client of the server does: an explicit negotiation over SOAP (the {@code negotiate}
 * operation, one HTTP request), then the stream the answer hands out, on a shared event loop group. The first
 * negotiation of each workload takes the schemas from the answer; later offers carry their digests, so the
 * server sends no schema text again. Thread-safe once {@link #prime primed}.
 */
final class SessionOpener {
    private static final int CONNECT_TIMEOUT_MILLIS = 10_000;
    private static final int READ_TIMEOUT_MILLIS = 30_000;

    private final int httpPort;
    private final String transport;
    private final EventLoopGroup group;
    private final int arraySize;
    private final Map<SessionWorkload, Negotiator> negotiators = new EnumMap<>(SessionWorkload.class);
    private final Map<SessionWorkload, Structures> structures = new EnumMap<>(SessionWorkload.class);
    private final Representations representations = Representations.standard();

    SessionOpener(int httpPort, String transport, EventLoopGroup group, int arraySize) {
        this.httpPort = httpPort;
        this.transport = transport;
        this.group = group;
        this.arraySize = arraySize;
    }

    /** Learns each workload's message structures from a first negotiation (whose session is left unused). */
    void prime(List<SessionWorkload> workloads) throws IOException {
        for (SessionWorkload workload : workloads) {
            Negotiator negotiator = new Negotiator(new SoapHttpClient(new URL(serviceUrl(workload)),
                    CONNECT_TIMEOUT_MILLIS, READ_TIMEOUT_MILLIS, SoapLimits.defaults()), SoapVersion.SOAP_11,
                    new NegotiationReader(NegotiationLimits.defaults()), new ResumptionTicketCache());
            negotiators.put(workload, negotiator);
            Answer answer = negotiate(workload, offer(workload).build());
            if (answer.schemas() == null) {
                throw new IOException(workload.service() + " answered without the schemas of its messages");
            }
            try {
                SchemaParser parser = new SchemaParser();
                DataStructure request = parser.parse(answer.schemas().request().xsd())
                        .dataStructure(answer.schemas().request().element());
                DataStructure response = parser.parse(answer.schemas().response().xsd())
                        .dataStructure(answer.schemas().response().element());
                structures.put(workload, new Structures(request, response));
            } catch (SchemaException e) {
                throw new IOException(workload.service() + "'s schemas are not usable: " + e.getMessage(), e);
            }
        }
    }

    /** Negotiates a session of {@code workload} and opens its stream. */
    LoadedSession open(SessionWorkload workload) throws IOException {
        Structures known = structures.get(workload);
        Answer answer = negotiate(workload, offer(workload)
                .digests(SchemaDigests.of(known.request, known.response)).build());
        StreamEndpoint endpoint = answer.endpoint();
        InetSocketAddress address = new InetSocketAddress(endpoint.host(), endpoint.port());
        byte[] id = answer.sessionId().toBytes();
        byte[] token = answer.token().toBytes();
        boolean udp = HhfrUris.TRANSPORT_UDP.equals(answer.transport());
        ReliabilityConfig local = udp
                ? ReliabilityConfig.forDatagrams(DatagramWriter.frameBudget(DatagramWriter.DEFAULT_MAX_DATAGRAM_SIZE,
                        id.length))
                : ReliabilityConfig.forStream();
        NettyStreamClient client = (udp ? NettyStreamClient.udp(address, id, token)
                : NettyStreamClient.tcp(address, id, token))
                .group(group)
                .reliability(answer.policy().applyTo(local, Role.CLIENT))
                .connectTimeoutMillis(CONNECT_TIMEOUT_MILLIS)
                .connect();
        return new LoadedSession(client, workload, representations.get(answer.representation()),
                known.request, known.response, arraySize);
    }

    private Answer negotiate(SessionWorkload workload, Offer offer) throws IOException {
        NegotiationOutcome outcome = negotiators.get(workload).negotiate(
                TicketKey.of(serviceUrl(workload), workload.operation(), "capacity"), offer, List.of());
        if (outcome.kind() != NegotiationOutcome.Kind.ACCEPTED) {
            throw new IOException(workload.service() + " did not accept the offer: " + outcome);
        }
        return outcome.answer();
    }

    private Offer.Builder offer(SessionWorkload workload) {
        return Offer.builder().action("urn:" + workload.operation()).transports(List.of(transport));
    }

    private String serviceUrl(SessionWorkload workload) {
        return "http://127.0.0.1:" + httpPort + "/axis2/services/" + workload.service();
    }

    /** The request and response structures of one operation. */
    private static final class Structures {
        final DataStructure request;
        final DataStructure response;

        Structures(DataStructure request, DataStructure response) {
            this.request = request;
            this.response = response;
        }
    }
}
