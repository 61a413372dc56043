package org.hhfr.benchmarks.session;

/**
 * The bytes of one message in each form: the SOAP 1.1 envelope, its XML body alone, HHFR's binary body, the
 * protobuf encoding of the same values, and that protobuf as a gRPC message (5-byte length prefix; HTTP/2
 * frame and header bytes not included).
 */
public record WireSize(String message, int soapEnvelope, int xmlBody, int hhfrBinary, int protobuf) {
    public int grpcMessage() {
        return protobuf + 5;
    }
}
