package org.hhfr.benchmarks.transport;

/**
 * What one contender measured: throughput, CPU per message on each side, bytes on the wire per message. Values
 * that do not apply are NaN.
 */
final class ContenderResult {
    final Contender contender;
    final double messagesPerSecond;
    final double clientMicrosPerMessage;
    final double serverMicrosPerMessage;
    /** CPU of the lossy relay per message; NaN when the measured run had no relay. */
    final double relayMicrosPerMessage;
    final double bytesPerRequest;
    /** NaN for a one-way contender. */
    final double bytesPerReply;
    /** NaN over TCP. */
    final double datagramsPerRequest;

    private ContenderResult(Builder builder) {
        contender = builder.contender;
        messagesPerSecond = builder.messagesPerSecond;
        clientMicrosPerMessage = builder.clientMicros;
        serverMicrosPerMessage = builder.serverMicros;
        relayMicrosPerMessage = builder.relayMicros;
        bytesPerRequest = builder.bytesPerRequest;
        bytesPerReply = builder.bytesPerReply;
        datagramsPerRequest = builder.datagramsPerRequest;
    }

    static final class Builder {
        private final Contender contender;
        private double messagesPerSecond = Double.NaN;
        private double clientMicros = Double.NaN;
        private double serverMicros = Double.NaN;
        private double relayMicros = Double.NaN;
        private double bytesPerRequest = Double.NaN;
        private double bytesPerReply = Double.NaN;
        private double datagramsPerRequest = Double.NaN;

        Builder(Contender contender) {
            this.contender = contender;
        }

        Builder messagesPerSecond(double value) {
            messagesPerSecond = value;
            return this;
        }

        Builder clientMicros(double value) {
            clientMicros = value;
            return this;
        }

        Builder serverMicros(double value) {
            serverMicros = value;
            return this;
        }

        Builder relayMicros(double value) {
            relayMicros = value;
            return this;
        }

        Builder bytesPerRequest(double value) {
            bytesPerRequest = value;
            return this;
        }

        Builder bytesPerReply(double value) {
            bytesPerReply = value;
            return this;
        }

        Builder datagramsPerRequest(double value) {
            datagramsPerRequest = value;
            return this;
        }

        ContenderResult build() {
            return new ContenderResult(this);
        }
    }
}
