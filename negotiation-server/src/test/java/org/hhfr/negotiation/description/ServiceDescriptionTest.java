package org.hhfr.negotiation.description;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

import org.hhfr.schemas.AttributeDecl;
import org.hhfr.schemas.ComplexType;
import org.hhfr.schemas.DataStructure;
import org.hhfr.schemas.ElementDecl;
import org.hhfr.schemas.QualifiedName;
import org.hhfr.schemas.SimpleType;
import org.hhfr.schemas.XsdType;
import org.hhfr.schemas.testing.DataStructures;

/**
 * The compiled service description: what the writer writes the reader reads back equal (random structures of
 * every shape), and the reader refuses damaged or hostile bytes with a {@link MalformedDescriptionException}
 * naming the offset and the flaw, within its bounds.
 */
class ServiceDescriptionTest {
    private static final String NS = "http://floatsum.hhfr.org";

    static DataStructure floats(String name, int maxOccurs) {
        return new DataStructure(ElementDecl.complex(new QualifiedName(NS, name),
                new ComplexType(null, Collections.emptyList(), List.of(ElementDecl.simple(
                        new QualifiedName("", "values"), SimpleType.of(XsdType.FLOAT), 1, maxOccurs, false))),
                1, 1, false));
    }

    static ServiceDescription floatSum() {
        return ServiceDescription.of(List.of(
                DescribedOperation.of("sum", "urn:sum", floats("sum", ElementDecl.UNBOUNDED), floats("sumResponse", 1)),
                DescribedOperation.oneWay("log", "", floats("log", 3))));
    }

    @Provide
    Arbitrary<DataStructure> structures() {
        return DataStructures.dataStructures();
    }

    @Property(tries = 200)
    void writtenDescriptionsReadBackEqualWithTheirFingerprints(@ForAll("structures") DataStructure request,
                                                                @ForAll("structures") DataStructure response)
            throws Exception {
        ServiceDescription description = ServiceDescription.of(List.of(
                DescribedOperation.of("op", "urn:op", request, response),
                DescribedOperation.oneWay("send", "urn:send", request)));
        byte[] bytes = ServiceDescriptionWriter.write(description);
        ServiceDescription read = ServiceDescriptionReader.read(bytes);
        assertEquals(description, read);
        assertEquals(request.fingerprint(), read.operation("op").request().fingerprint());
        assertEquals(response.fingerprint(), read.operation("op").response().fingerprint());
        assertArrayEquals(bytes, ServiceDescriptionWriter.write(read));
    }

    @Test
    void enumerationsNamedTypesAndAttributesSurvive() throws Exception {
        SimpleType colour = SimpleType.enumeration(new QualifiedName("urn:c", "Colour"), List.of("red", "green"));
        DataStructure poi = new DataStructure(ElementDecl.complex(new QualifiedName("urn:c", "poi"),
                new ComplexType(new QualifiedName("urn:c", "Poi"),
                        List.of(AttributeDecl.of(new QualifiedName("", "id"), SimpleType.of(XsdType.INT), true)),
                        List.of(ElementDecl.simple(new QualifiedName("", "colour"), colour, 0, 1, true))),
                1, 1, true));
        ServiceDescription description = ServiceDescription.of(List.of(DescribedOperation.of("get", "", poi, poi)));
        assertEquals(description, ServiceDescriptionReader.read(ServiceDescriptionWriter.write(description)));
    }

    @Test
    void aFloatSumDescriptionIsSmallAndReadsFromAStream() throws Exception {
        byte[] bytes = ServiceDescriptionWriter.write(floatSum());
        assertTrue(bytes.length < 250, bytes.length + " bytes");
        assertEquals(floatSum(), ServiceDescriptionReader.read(new ByteArrayInputStream(bytes)));
    }

    @Test
    void everyTruncationIsRefusedWithItsOffset() {
        byte[] bytes = ServiceDescriptionWriter.write(floatSum());
        for (int length = 0; length < bytes.length; length++) {
            MalformedDescriptionException refused = assertThrows(MalformedDescriptionException.class,
                    readOf(Arrays.copyOf(bytes, length)));
            assertTrue(refused.offset() <= length, refused.getMessage());
        }
    }

    @Test
    void aStructureChangedAfterCompilingIsRefusedByItsDigest() {
        byte[] bytes = ServiceDescriptionWriter.write(floatSum());
        // the maxOccurs of the one-way operation's 'values' (3) becomes 4: still well-formed, another structure
        int at = lastIndexOf(bytes, new byte[] {3, 0, 5});
        bytes[at] = 4;
        MalformedDescriptionException refused = assertThrows(MalformedDescriptionException.class, readOf(bytes));
        assertTrue(refused.getMessage().contains("does not have the digest"), refused.getMessage());
        bytes = ServiceDescriptionWriter.write(floatSum());
        bytes[bytes.length - 1] ^= 1;
        assertThrows(MalformedDescriptionException.class, readOf(bytes));
    }

    @Test
    void foreignBytesAndOtherVersionsAreRefusedByName() {
        assertMessage("not a compiled HHFR service description",
                "<wsdl:definitions/>".getBytes(StandardCharsets.UTF_8));
        byte[] bytes = ServiceDescriptionWriter.write(floatSum());
        bytes[4] = 3;
        assertMessage("version 3 is not supported", bytes);
        byte[] longer = Arrays.copyOf(ServiceDescriptionWriter.write(floatSum()), bytes.length + 1);
        assertMessage("1 bytes follow the description", longer);
    }

    static ServiceDescription advertising(AdvertisedEndpoint... endpoints) {
        return ServiceDescription.of(floatSum().operations(), List.of(endpoints));
    }

    @Test
    void advertisedStreamEndpointsReadBackAndADescriptionWithoutThemStaysVersion1() throws Exception {
        assertEquals(1, ServiceDescriptionWriter.write(floatSum())[4]);
        ServiceDescription advertising = advertising(AdvertisedEndpoint.of("urn:hhfr:transport:tcp", 9000, null),
                AdvertisedEndpoint.of("urn:hhfr:transport:udp", 9001, "streams.example.org"));
        byte[] bytes = ServiceDescriptionWriter.write(advertising);
        assertEquals(2, bytes[4]);
        ServiceDescription read = ServiceDescriptionReader.read(bytes);
        assertEquals(advertising, read);
        assertEquals(advertising.advertisedEndpoints(), read.advertisedEndpoints());
        assertTrue(!floatSum().equals(read), "the endpoints are part of the description");
    }

    @Test
    void anAdvertisedEndpointServesOnlyTheHostItNamesOrTheSoapEndpointsOwn() {
        assertTrue(AdvertisedEndpoint.of("urn:hhfr:transport:tcp", 9000, null).isFor("soap.example.org"));
        assertTrue(AdvertisedEndpoint.of("urn:hhfr:transport:tcp", 9000, "Soap.Example.org").isFor("soap.example.org"));
        assertTrue(!AdvertisedEndpoint.of("urn:hhfr:transport:tcp", 9000, "other.example.org")
                .isFor("soap.example.org"));
        assertThrows(IllegalArgumentException.class, () -> AdvertisedEndpoint.of("", 9000, null));
        assertThrows(IllegalArgumentException.class, () -> AdvertisedEndpoint.of("urn:t", 65_536, null));
        assertThrows(IllegalArgumentException.class, () -> AdvertisedEndpoint.of("urn:t", 9000, "a/b"));
        assertThrows(IllegalArgumentException.class, () -> AdvertisedEndpoint.of("urn:t", 9000, ""));
    }

    @Test
    void damagedAdvertisedEndpointsAreRefusedByName() {
        byte[] bytes = ServiceDescriptionWriter.write(advertising(
                AdvertisedEndpoint.of("urn:hhfr:transport:tcp", 9000, null)));
        // the tail is: count=1, transport ref, port 9000 (0xA8 0x46), flags 0
        byte[] flags = bytes.clone();
        flags[flags.length - 1] = 4;
        assertMessage("unknown advertised endpoint flags 4", flags);
        byte[] port = bytes.clone();
        port[port.length - 3] = 0;
        port[port.length - 2] = 0;
        assertMessage("an advertised endpoint is not usable: port out of range: 0", port);
        byte[] many = bytes.clone();
        many[many.length - 5] = (byte) (ServiceDescription.MAX_ADVERTISED + 1);
        assertMessage("17 advertised endpoints, more than 16", many);
        assertThrows(MalformedDescriptionException.class, readOf(Arrays.copyOf(bytes, bytes.length - 1)));
    }

    @Test
    void hostileCountsReferencesAndStringsAreRefused() {
        assertMessage("more than 65536", header(varint(1 << 20)));
        assertMessage("in the 0 bytes left", header(varint(1000)));
        assertMessage("is not a varint of at most 31 bits", header(new byte[] {-1, -1, -1, -1, -1, 1}));
        assertMessage("is not UTF-8", header(concat(varint(1), varint(2), new byte[] {(byte) 0xC3, 0x28}, varint(0))));
        // one operation whose name is string 7 of 1
        assertMessage("string reference 7 beyond the 1 strings",
                header(concat(varint(1), varint(1), new byte[] {'a'}, varint(1), varint(7))));
    }

    @Test
    void manyReferencesToALongStringAreRefusedBeforeTheyExpand() {
        // one 60,000-character string, named by 100 elements of one sequence: 6 million characters
        char[] chars = new char[60_000];
        Arrays.fill(chars, 'n');
        String longName = new String(chars);
        List<ElementDecl> children = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            children.add(ElementDecl.simple(new QualifiedName(longName, "e" + i), SimpleType.of(XsdType.INT), 1, 1,
                    false));
        }
        DataStructure wide = new DataStructure(ElementDecl.complex(new QualifiedName(longName, "root"),
                new ComplexType(null, Collections.emptyList(), children), 1, 1, false));
        byte[] bytes = ServiceDescriptionWriter.write(ServiceDescription.of(List.of(
                DescribedOperation.oneWay("wide", "", wide))));
        assertTrue(bytes.length < 70_000, bytes.length + " bytes");
        assertMessage("expand beyond", bytes);
    }

    @Test
    void nestingBeyondTheLimitIsRefused() {
        ElementDecl element = ElementDecl.simple(new QualifiedName("", "leaf"), SimpleType.of(XsdType.INT), 1, 1,
                false);
        for (int depth = 1; depth <= ServiceDescriptionReader.MAX_DEPTH; depth++) {
            element = ElementDecl.complex(new QualifiedName("", "e"), new ComplexType(null, Collections.emptyList(),
                    List.of(element)), 1, 1, false);
        }
        byte[] bytes = ServiceDescriptionWriter.write(ServiceDescription.of(List.of(
                DescribedOperation.oneWay("deep", "", new DataStructure(element)))));
        assertMessage("nest deeper than " + ServiceDescriptionReader.MAX_DEPTH, bytes);
    }

    @Test
    void sequencesThatCouldNotBeDeclaredAreRefused() {
        byte[] bytes = ServiceDescriptionWriter.write(floatSum());
        // minOccurs 1 above maxOccurs: the one-way 'values' gets minOccurs 5 over maxOccurs 3
        int at = lastIndexOf(bytes, new byte[] {3, 0, 5});
        bytes[at - 1] = 5;
        assertMessage("has minOccurs 5 above its maxOccurs", bytes);
        bytes = ServiceDescriptionWriter.write(floatSum());
        bytes[lastIndexOf(bytes, new byte[] {3, 0, 5}) + 1] = 8;
        assertMessage("unknown element flags 8", bytes);
        bytes = ServiceDescriptionWriter.write(floatSum());
        bytes[lastIndexOf(bytes, new byte[] {3, 0, 5}) + 1] = 5; // a type name on a simple element
        assertMessage("unknown element flags 5", bytes);
        bytes = ServiceDescriptionWriter.write(floatSum());
        at = lastIndexOf(bytes, new byte[] {3, 0, 5});
        byte[] maxValue = concat(Arrays.copyOf(bytes, at), varint(Integer.MAX_VALUE),
                Arrays.copyOfRange(bytes, at + 1, bytes.length));
        assertMessage("has an occurrence above 2147483646", maxValue);
    }

    @Test
    void aReadOverTheSizeLimitStopsThere() {
        byte[] huge = new byte[ServiceDescriptionReader.MAX_BYTES + 1];
        assertMessage("longer than", huge);
        MalformedDescriptionException refused = assertThrows(MalformedDescriptionException.class,
                () -> ServiceDescriptionReader.read(new ByteArrayInputStream(huge)));
        assertTrue(refused.getMessage().contains("longer than"), refused.getMessage());
    }

    private static void assertMessage(String expected, byte[] bytes) {
        MalformedDescriptionException refused = assertThrows(MalformedDescriptionException.class, readOf(bytes));
        assertTrue(refused.getMessage().contains(expected), refused.getMessage());
    }

    private static org.junit.jupiter.api.function.Executable readOf(byte[] bytes) {
        return () -> ServiceDescriptionReader.read(bytes);
    }

    private static byte[] header(byte[] rest) {
        return concat(new byte[] {'H', 'H', 'S', 'D', 1}, rest);
    }

    private static byte[] varint(int value) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int rest = value;
        while ((rest & ~0x7F) != 0) {
            out.write((rest & 0x7F) | 0x80);
            rest >>>= 7;
        }
        out.write(rest);
        return out.toByteArray();
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.write(part, 0, part.length);
        }
        return out.toByteArray();
    }

    private static int lastIndexOf(byte[] bytes, byte[] pattern) {
        for (int i = bytes.length - pattern.length; i >= 0; i--) {
            if (Arrays.equals(Arrays.copyOfRange(bytes, i, i + pattern.length), pattern)) {
                return i;
            }
        }
        throw new AssertionError("pattern not found");
    }
}
