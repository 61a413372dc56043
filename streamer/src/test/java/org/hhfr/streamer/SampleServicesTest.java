package org.hhfr.streamer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.hhfr.streamer.testing.Samples;

/** The paper's services and the point-of-interest lists round-trip, and binary is the smaller. */
class SampleServicesTest {
    private final Representations representations = Representations.standard();

    @ParameterizedTest
    @ValueSource(ints = {1, 250, 461, 1884})
    void pointOfInterestListsRoundTripInBothRepresentations(int count) throws Exception {
        Message message = Samples.pointsOfInterest(count);
        int xmlBytes = 0;
        int binaryBytes = 0;
        for (String uri : representations.uris()) {
            Representation representation = representations.get(uri);
            byte[] bytes = representation.encode(message);
            assertEquals(message, representation.decode(message.structure(), bytes));
            if (uri.equals(XmlRepresentation.URI)) {
                xmlBytes = bytes.length;
            } else {
                binaryBytes = bytes.length;
            }
        }
        int text = 0;
        for (Record poi : message.record().records("poi")) {
            for (String field : Samples.POI_FIELDS) {
                text += poi.string(field).getBytes(StandardCharsets.UTF_8).length;
            }
        }
        assertTrue(text / count > 500 && text / count < 700, "about 600 bytes of text per record: " + text / count);
        assertTrue(binaryBytes < text + 20 * count && xmlBytes > binaryBytes, binaryBytes + " vs " + xmlBytes);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 10, 1000})
    void requestsAndResponsesOfBothServicesRoundTrip(int n) throws Exception {
        Message sum = Samples.floatSum(Samples.floats(n));
        Message concat = Samples.concat(Samples.strings(n));
        Message sumResponse = Message.of(Samples.floatSumResponse()).set("return", (float) n).build();
        Message concatResponse = Message.of(Samples.concatResponse())
                .set("return", String.join("", Samples.strings(n))).build();
        for (String uri : representations.uris()) {
            Representation representation = representations.get(uri);
            for (Message message : new Message[] {sum, concat, sumResponse, concatResponse}) {
                assertEquals(message, representation.decode(message.structure(), representation.encode(message)));
            }
        }
    }
}
