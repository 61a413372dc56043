package org.hhfr.negotiation.description;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.stream.Stream;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.hhfr.schemas.testing.Refusals;

/**
 * Any bytes as a compiled service description (versions 1 and 2, the latter with advertised stream endpoints): the {@link ServiceDescriptionReader} reads a description that
 * the {@link ServiceDescriptionWriter} writes and the reader reads back equal, or refuses the bytes with a
 * deliberate {@link MalformedDescriptionException}; nothing else escapes.
 */
class ServiceDescriptionReaderFuzzTest {
    static Stream<byte[]> descriptions() {
        return Stream.of(ServiceDescriptionWriter.write(ServiceDescriptionTest.floatSum()),
                ServiceDescriptionWriter.write(ServiceDescription.of(List.of())),
                ServiceDescriptionWriter.write(ServiceDescriptionTest.advertising(
                        AdvertisedEndpoint.of("urn:hhfr:transport:tcp", 9000, null),
                        AdvertisedEndpoint.of("urn:hhfr:transport:udp", 9001, "streams.example.org"))));
    }

    @MethodSource("descriptions")
    @FuzzTest
    void bytesReadToADescriptionWrittenAndReadBackAlikeOrAreRefused(byte[] input) throws Exception {
        ServiceDescription description;
        try {
            description = ServiceDescriptionReader.read(input);
        } catch (MalformedDescriptionException refused) {
            Refusals.requireDeliberate(refused, input);
            return;
        }
        assertEquals(description, ServiceDescriptionReader.read(ServiceDescriptionWriter.write(description)));
    }
}
