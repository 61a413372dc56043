package org.hhfr.benchmarks;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import org.hhfr.streamer.MalformedMessageException;
import org.hhfr.streamer.Message;
import org.hhfr.streamer.Representation;
import org.hhfr.streamer.Representations;

/**
 * One message through a representation and back (encode, then decode), as each peer does once per call:
 * the binary stream writer/reader against the document/literal XML a SOAP peer exchanges.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class RepresentationBenchmark {
    @Param({"floatSum-10", "floatSum-100", "floatSum-1000", "concat-10", "concat-100", "concat-1000", "poi-1",
        "poi-250", "poi-461", "poi-1884"})
    public String workload;

    @Param({"urn:hhfr:rep:binary", "urn:hhfr:rep:xml"})
    public String representation;

    private Representation codec;
    private Message message;

    @Setup
    public void setUp() {
        codec = Representations.standard().get(representation);
        message = Workload.message(workload);
    }

    @Benchmark
    public Message encodeDecode() throws MalformedMessageException {
        return codec.decode(message.structure(), codec.encode(message));
    }
}
