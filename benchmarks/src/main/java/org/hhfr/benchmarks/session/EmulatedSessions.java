package org.hhfr.benchmarks.session;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.hhfr.axis.server.HhfrServer;
import org.hhfr.benchmarks.link.EmulatedLink;
import org.hhfr.benchmarks.session.rival.GrpcRivalServer;
import org.hhfr.benchmarks.session.rival.RestJsonServer;
import org.hhfr.benchmarks.transport.PeerProcess;

/**
 * A profile's sessions across {@code hhfr-link}: the servers in this JVM on the wildcard address (the HHFR server's
 * HTTP port and its TCP and UDP stream endpoints, the gRPC and REST rivals' servers), and one client JVM
 * ({@link ClientPeer}) in the link's namespace for all the profile's cells, so its JIT stays warm from cell to
 * cell. The stream endpoints are handed out under the address each client reached the server at, which for that
 * client is {@value EmulatedLink#SERVER_ADDRESS_ENV}. Nothing relays or counts in this JVM: every byte of every
 * transport crosses the link as IP packets, and the client JVM counts them at its device.
 */
final class EmulatedSessions implements ProfileSessions {
    private static final String WILDCARD = "0.0.0.0";
    private static final long START_TIMEOUT_MILLIS = 120_000;
    /** The longest session of the plans (soap-new-conn, 100 messages on EDGE) takes about 90 s. */
    private static final long SESSION_TIMEOUT_MILLIS = 600_000;

    private final HhfrServer server;
    private final GrpcRivalServer grpc;
    private final RestJsonServer rest;
    private final PeerProcess client;

    private EmulatedSessions(HhfrServer server, GrpcRivalServer grpc, RestJsonServer rest, PeerProcess client) {
        this.server = server;
        this.grpc = grpc;
        this.rest = rest;
        this.client = client;
    }

    /**
     * Runs every profile behind {@code link} with its {@code hhfr-link} profile of the same name, losses drawn
     * from {@code seed}; each client JVM's log (its and the emulator's standard error) goes to {@code log}. With
     * {@code captures} (else null), the link writes every packet of a profile's sessions to
     * {@code captures/PROFILE.pcap}.
     */
    static Links across(EmulatedLink link, long seed, Path log, Path captures) {
        return profile -> open(link, profile, seed, log, captures);
    }

    private static EmulatedSessions open(EmulatedLink link, NetworkProfile profile, long seed, Path log,
                                         Path captures) throws IOException {
        HhfrServer server = null;
        GrpcRivalServer grpc = null;
        RestJsonServer rest = null;
        try {
            server = HhfrServer.start(BenchServerSettings.builder().streams(WILDCARD, null, 0, 0).build());
            grpc = GrpcRivalServer.start(WILDCARD);
            rest = RestJsonServer.start(WILDCARD);
            List<String> java = PeerProcess.javaCommand(ClientPeer.class, List.of(IdleHttpConnections.JVM_OPTION),
                    List.of(profile.name(), Integer.toString(server.port()), Integer.toString(grpc.port()),
                            Integer.toString(rest.port())));
            List<String> settings = new ArrayList<>(List.of("--profile", profile.name(), "--seed",
                    Long.toString(seed)));
            if (captures != null) {
                settings.addAll(List.of("--pcap", captures.resolve(profile.name() + ".pcap").toString()));
            }
            PeerProcess client = PeerProcess.start("client behind hhfr-link --profile " + profile.name(),
                    link.wrap(settings, java), log);
            try {
                client.await("ready", START_TIMEOUT_MILLIS);
            } catch (IOException | InterruptedException e) {
                client.close();
                if (e instanceof InterruptedException) {
                    Thread.currentThread().interrupt();
                }
                throw new IOException(e.getMessage() + " (log: " + log + ")", e);
            }
            return new EmulatedSessions(server, grpc, rest, client);
        } catch (IOException | RuntimeException | Error e) {
            if (server != null) {
                server.close();
            }
            if (grpc != null) {
                grpc.close();
            }
            if (rest != null) {
                rest.close();
            }
            throw e;
        }
    }

    @Override
    public SessionSample run(Cell cell) throws IOException {
        String[] answer;
        try {
            answer = client.request("run " + cell.workload().label() + " " + cell.mode().label() + " "
                    + cell.arraySize() + " " + cell.messages(), SESSION_TIMEOUT_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for a session across the link", e);
        }
        return new SessionSample(Double.parseDouble(answer[1]), Long.parseLong(answer[2]), Long.parseLong(answer[3]),
                Integer.parseInt(answer[4]), Double.parseDouble(answer[5]), answer[6], Integer.parseInt(answer[7]),
                Long.parseLong(answer[8]), Long.parseLong(answer[9]));
    }

    @Override
    public void close() {
        client.close();
        server.close();
        grpc.close();
        rest.close();
    }
}
