package org.hhfr.contextstore.redis;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;
import org.hhfr.contextstore.CallerIdentity;
import org.hhfr.contextstore.ContextStoreException;
import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.contextstore.ReliabilityPolicy;
import org.hhfr.contextstore.ServiceOperation;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.contextstore.StoredSession;
import org.hhfr.contextstore.StreamCharacteristics;
import org.hhfr.contextstore.StreamContext;
import org.hhfr.schemas.DataStructure;
import org.hhfr.schemas.QualifiedName;
import org.hhfr.transports.auth.SessionId;
import org.hhfr.transports.reliability.DeliveryAssurance;
import org.jspecify.annotations.Nullable;

/**
 * The stored form of what does not change in a session: a version byte, the token's SHA-256, then the
 * {@link StreamContext} (URIs, operation, the request and response structures by digest, static header blocks
 * as exact XML, the agreed policy and sizes, the negotiating identity (principal and caller headers), whether its
 * streams must be encrypted). The structures themselves are stored once per digest ({@link StructureCodec}).
 * Reading checks every length and value; anything else fails with a {@link ContextStoreException}. A server with
 * a record key keeps the record sealed ({@link #stored}, {@link #opened}).
 */
final class SessionRecordCodec {
    /** Records written now; version 1 (an older node's) kept the Authorization header alone and is still read. */
    private static final int VERSION = 2;
    private static final int VERSION_AUTHORIZATION_ONLY = 1;
    /**
     * A record sealed by a {@link RecordSeal}: this byte, then the sealed record of another version (the next
     * version of the plain record is therefore 4).
     */
    private static final int SEALED = 3;
    /** Static header blocks in one record, at most (the negotiation allows far fewer). */
    private static final int MAX_HEADERS = 1_000;
    /** What the contexts decoded on this node share (never the caller's identity). */
    private static final SharedValues SHARED = new SharedValues();

    /** Where the structures named by digest come from. */
    interface Structures {
        DataStructure byDigest(String fingerprint) throws ContextStoreException;
    }

    private SessionRecordCodec() {
    }

    static byte[] encode(StreamContext context, byte[] tokenDigest) {
        RecordWriter out = new RecordWriter().writeByte(VERSION).writeBytes(tokenDigest)
                .writeString(context.schemeUri())
                .writeString(context.representationUri())
                .writeString(context.transportUri());
        ServiceOperation operation = context.operation();
        out.writeString(operation.service()).writeString(operation.operation())
                .writeString(operation.soapVersion().name()).writeString(operation.soapAction());
        out.writeString(context.request().fingerprint());
        out.writeOptionalString(context.response() == null ? null : context.response().fingerprint());
        out.writeCount(context.staticHeaders().size());
        for (HeaderBlock header : context.staticHeaders()) {
            out.writeString(header.name().namespace()).writeString(header.name().localName())
                    .writeString(header.xml());
        }
        StreamCharacteristics characteristics = context.characteristics();
        ReliabilityPolicy policy = characteristics.reliability();
        out.writeString(policy.deliveryAssurance().name()).writeBoolean(policy.inOrder())
                .writeCount(policy.retransmissionIntervalMillis()).writeCount(policy.ackIntervalMillis())
                .writeCount(policy.window()).writeCount(policy.maxRequestBytes())
                .writeCount(policy.maxResponseBytes()).writeLong(policy.validForMillis())
                .writeCount(characteristics.maxInboundMessageBytes())
                .writeCount(characteristics.maxOutboundMessageBytes());
        CallerIdentity caller = context.identity();
        out.writeOptionalString(caller.principal()).writeCount(caller.headers().size());
        for (Map.Entry<String, String> header : caller.headers().entrySet()) {
            out.writeString(header.getKey()).writeString(header.getValue());
        }
        out.writeBoolean(context.encryptedStreams());
        return out.toBytes();
    }

    /**
     * The record as Redis keeps it for session {@code id}: sealed under {@code seal}, or as it is when there is
     * none.
     */
    static byte[] stored(byte[] record, @Nullable RecordSeal seal, SessionId id) {
        if (seal == null) {
            return record;
        }
        byte[] sealed = seal.seal(record, associated(id));
        byte[] stored = new byte[1 + sealed.length];
        stored[0] = SEALED;
        System.arraycopy(sealed, 0, stored, 1, sealed.length);
        return stored;
    }

    /**
     * The record Redis keeps for session {@code id}, opened under {@code seal}. A node with a key reads sealed
     * records only, so whoever can write to Redis but has no key cannot make a session.
     */
    static byte[] opened(byte[] stored, @Nullable RecordSeal seal, SessionId id) throws ContextStoreException {
        boolean sealed = stored.length > 0 && stored[0] == SEALED;
        if (seal == null) {
            if (sealed) {
                throw corrupt(id, "it is sealed and this server has no record key");
            }
            return stored;
        }
        byte[] record = sealed ? seal.open(stored, 1, associated(id)) : null;
        if (record == null) {
            throw corrupt(id, sealed ? "it does not open under this server's record key" : "it is not sealed");
        }
        return record;
    }

    private static byte[] associated(SessionId id) {
        return id.text().getBytes(StandardCharsets.US_ASCII);
    }

    /** The error of a session record that cannot be read, naming the session and why. */
    static ContextStoreException corrupt(SessionId id, String detail) {
        return new ContextStoreException("corrupt session record in the context store: session " + id + ": "
                + detail);
    }

    /** The token digest alone, for checking a presented token before anything else is read. */
    static byte[] tokenDigest(byte[] record) throws ContextStoreException {
        RecordReader in = new RecordReader(record, "session record");
        readVersion(in);
        return in.readBytes(StoredSession.DIGEST_LENGTH, "the token digest");
    }

    static StreamContext context(byte[] record, Structures structures) throws ContextStoreException {
        RecordReader in = new RecordReader(record, "session record");
        int recordVersion = readVersion(in);
        in.readBytes(StoredSession.DIGEST_LENGTH, "the token digest");
        try {
            StreamContext.Builder context = StreamContext.builder()
                    .schemeUri(SHARED.share(in.readString("the scheme URI")))
                    .representationUri(SHARED.share(in.readString("the representation URI")))
                    .transportUri(SHARED.share(in.readString("the transport URI")));
            String service = in.readString("the service");
            String operation = in.readString("the operation");
            SoapVersion version = SoapVersion.valueOf(in.readString("the SOAP version"));
            context.operation(SHARED.share(ServiceOperation.of(service, operation, version,
                    in.readString("the SOAPAction"))));
            context.request(structures.byDigest(in.readString("the request digest")));
            String response = in.readOptionalString("the response digest");
            context.response(response == null ? null : structures.byDigest(response));
            int headers = in.readItemCount(MAX_HEADERS, "static headers");
            for (int i = 0; i < headers; i++) {
                QualifiedName name = new QualifiedName(in.readString("a header namespace"),
                        in.readString("a header name"));
                context.addStaticHeader(HeaderBlock.of(name, in.readString("a header block")));
            }
            ReliabilityPolicy policy = ReliabilityPolicy.defaults().toBuilder()
                    .deliveryAssurance(DeliveryAssurance.valueOf(in.readString("the delivery assurance")))
                    .inOrder(in.readBoolean())
                    .retransmissionIntervalMillis(in.readCount(Integer.MAX_VALUE, "the retransmission interval"))
                    .ackIntervalMillis(in.readCount(Integer.MAX_VALUE, "the acknowledgement interval"))
                    .window(in.readCount(Integer.MAX_VALUE, "the window"))
                    .maxRequestBytes(in.readCount(Integer.MAX_VALUE, "the request limit"))
                    .maxResponseBytes(in.readCount(Integer.MAX_VALUE, "the response limit"))
                    .validForMillis(in.readLong())
                    .build();
            context.characteristics(SHARED.share(StreamCharacteristics.of(SHARED.share(policy),
                    in.readCount(Integer.MAX_VALUE, "the inbound size limit"),
                    in.readCount(Integer.MAX_VALUE, "the outbound size limit"))));
            context.identity(caller(in, recordVersion));
            context.encryptedStreams(in.readBoolean());
            in.requireEnd();
            return context.build();
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw in.corrupt(e.getMessage());
        }
    }

    private static CallerIdentity caller(RecordReader in, int version) throws ContextStoreException {
        String principal = in.readOptionalString("the principal");
        Map<String, String> headers = new TreeMap<>();
        if (version == VERSION_AUTHORIZATION_ONLY) {
            String authorization = in.readOptionalString("the Authorization header");
            if (authorization != null) {
                headers.put("authorization", authorization);
            }
        } else {
            int count = in.readItemCount(CallerIdentity.MAX_HEADERS, "caller headers");
            for (int i = 0; i < count; i++) {
                headers.put(in.readString("a caller header name"), in.readString("a caller header value"));
            }
        }
        return CallerIdentity.of(principal, headers);
    }

    private static int readVersion(RecordReader in) throws ContextStoreException {
        int version = in.readByte();
        if (version != VERSION && version != VERSION_AUTHORIZATION_ONLY) {
            throw in.corrupt("unknown version " + version);
        }
        return version;
    }
}
