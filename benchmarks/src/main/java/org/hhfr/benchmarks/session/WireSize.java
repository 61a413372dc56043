package org.hhfr.benchmarks.session;

/**
 * The bytes of one message of a workload in each form, every figure from encoding the real message with the
 * real library.
 *
 * <ul>
 *   <li>{@code soapEnvelope}, {@code xmlBody}: the SOAP 1.1 envelope as the client library writes it, and its
 *       body element alone.</li>
 *   <li>{@code fastInfosetEnvelope}, {@code fastInfosetBody}: the same two documents in Fast Infoset.</li>
 *   <li>{@code exiEnvelope}, {@code exiBody}: the same two documents in EXI, informed by the service's own
 *       schema as Axis2 publishes it in the WSDL (the envelope and Body elements, which that schema does not
 *       declare, take EXI's built-in grammars).</li>
 *   <li>{@code protobuf}: the same values in the obvious protobuf schema.</li>
 *   <li>{@code hhfrBinary}: HHFR's binary body; {@code hhfrOnTcp}: that body as one DATA frame of the TCP
 *       stream, frame header included.</li>
 * </ul>
 */
public record WireSize(SessionWorkload workload, String message, int soapEnvelope, int xmlBody,
        int fastInfosetEnvelope, int fastInfosetBody, int exiEnvelope, int exiBody, int protobuf, int hhfrBinary,
        int hhfrOnTcp) {
    /** gRPC's length-prefixed message: one compressed-flag byte and a 4-byte length before the protobuf. */
    public static final int GRPC_PREFIX_BYTES = 5;

    /** The protobuf with gRPC's 5-byte prefix. */
    public int grpcMessage() {
        return protobuf + GRPC_PREFIX_BYTES;
    }

    /**
     * The gRPC message in its own HTTP/2 DATA frame (9-byte frame header), as grpc-java sends one message per
     * frame; HTTP/2 HEADERS frames of the call are not counted.
     */
    public int grpcOnHttp2() {
        return grpcMessage() + WireSizes.HTTP2_FRAME_HEADER_BYTES;
    }

    /** The HHFR DATA frame header: varint length, type byte, message number and, on a response, correlation. */
    public int hhfrFrameHeader() {
        return hhfrOnTcp - hhfrBinary;
    }
}
