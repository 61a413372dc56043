package org.hhfr.benchmarks.session;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import com.google.protobuf.CodedOutputStream;
import org.hhfr.client.HhfrClient;
import org.hhfr.client.Mode;
import org.hhfr.client.Operation;
import org.hhfr.client.Session;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.negotiation.soap.MessageBody;
import org.hhfr.negotiation.soap.SoapEnvelopeWriter;
import org.hhfr.streamer.BinaryRepresentation;
import org.hhfr.streamer.Message;
import org.hhfr.streamer.XmlRepresentation;

/**
 * The wire-size table of one message: the float-sum and string-concat requests of 100 values, and the PoI
 * responses of 1 and 250 records (fetched from the embedded server over SOAP, then re-encoded). Protobuf sizes
 * are those of the obvious schemas ({@code repeated float values = 1} packed, {@code repeated string parts = 1},
 * a record of {@code int32 id = 1} and 13 strings in fields 2-14), computed with protobuf's own size functions.
 */
public final class WireSizes {
    private static final XmlRepresentation XML = new XmlRepresentation();
    private static final BinaryRepresentation BINARY = new BinaryRepresentation();

    private WireSizes() {
    }

    /** @throws IOException the embedded server did not start or did not answer */
    public static List<WireSize> measure() throws IOException {
        List<WireSize> sizes = new ArrayList<>();
        try (Testbed testbed = Testbed.start(NetworkProfile.LOOPBACK, 0, null)) {
            float[] floats = (float[]) SessionWorkload.FLOAT_SUM.requestValue(100);
            int floatsProto = CodedOutputStream.computeTagSize(1)
                    + CodedOutputStream.computeUInt32SizeNoTag(4 * floats.length) + 4 * floats.length;
            sizes.add(sizes("float-sum request, 100 floats", request(testbed, SessionWorkload.FLOAT_SUM, floats),
                    floatsProto));
            String[] parts = (String[]) SessionWorkload.STRING_CONCAT.requestValue(100);
            int partsProto = 0;
            for (String part : parts) {
                partsProto += CodedOutputStream.computeStringSize(1, part);
            }
            sizes.add(sizes("string-concat request, 100 parts",
                    request(testbed, SessionWorkload.STRING_CONCAT, parts), partsProto));
            for (int records : new int[] {1, 250}) {
                sizes.add(sizes("poi response, " + records + (records == 1 ? " record" : " records"),
                        poiResponse(testbed, records), poiProtobuf(records)));
            }
        }
        return sizes;
    }

    private static WireSize sizes(String name, Message message, int protobuf) throws IOException {
        byte[] envelope = SoapEnvelopeWriter.toBytes(SoapVersion.SOAP_11, Collections.emptyList(),
                MessageBody.writer(XML, message));
        return new WireSize(name, envelope.length, XML.encode(message).length, BINARY.encode(message).length,
                protobuf);
    }

    private static Message request(Testbed testbed, SessionWorkload workload, Object value) throws IOException {
        return Message.of(testbed.operation(workload).request()).set(0, value).build();
    }

    private static Message poiResponse(Testbed testbed, int records) throws IOException {
        Operation operation = testbed.operation(SessionWorkload.POI);
        try (Testbed.SessionLink link = testbed.openLink();
             HhfrClient client = HhfrClient.builder(link.serviceUrl(SessionWorkload.POI)).preferredModes(Mode.SOAP)
                     .maxMessageBytes(4 << 20).build();
             Session session = client.open(operation)) {
            return session.call(request(testbed, SessionWorkload.POI, records));
        }
    }

    private static int poiProtobuf(int records) {
        int total = 0;
        for (Object record : (List<?>) SessionWorkload.POI.expectedAnswer(records)) {
            int size = 0;
            int field = 1;
            for (Object value : (List<?>) record) {
                size += value instanceof String text ? CodedOutputStream.computeStringSize(field, text)
                        : CodedOutputStream.computeInt32Size(field, (Integer) value);
                field++;
            }
            total += CodedOutputStream.computeTagSize(1) + CodedOutputStream.computeUInt32SizeNoTag(size) + size;
        }
        return total;
    }
}
