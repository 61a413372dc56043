package org.hhfr.benchmarks;

import org.hhfr.streamer.BinaryRepresentation;
import org.hhfr.streamer.Message;
import org.hhfr.streamer.XmlRepresentation;

/**
 * Prints the bytes per message of each benchmarked workload in both representations, as a Markdown
 * table (JMH measures time, not size). Run: {@code java -cp benchmarks/target/hhfr-benchmarks.jar
 * org.hhfr.benchmarks.MessageSizes}.
 */
public final class MessageSizes {
    private static final String[] WORKLOADS = {"floatSum-0", "floatSum-1", "floatSum-10", "floatSum-100",
        "floatSum-1000", "floatSum-10000", "concat-10", "concat-100", "concat-1000", "poi-1", "poi-250", "poi-461",
        "poi-1884"};

    private MessageSizes() {
    }

    public static void main(String[] args) {
        BinaryRepresentation binary = new BinaryRepresentation();
        XmlRepresentation xml = new XmlRepresentation();
        System.out.println("| workload | binary bytes | xml bytes | xml / binary |");
        System.out.println("| --- | ---: | ---: | ---: |");
        for (String workload : WORKLOADS) {
            Message message = Workload.message(workload);
            int binaryBytes = binary.encode(message).length;
            int xmlBytes = xml.encode(message).length;
            System.out.printf("| %s | %d | %d | %.1f |%n", workload, binaryBytes, xmlBytes,
                    (double) xmlBytes / Math.max(1, binaryBytes));
        }
    }
}
