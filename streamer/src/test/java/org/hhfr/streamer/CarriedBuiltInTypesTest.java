package org.hhfr.streamer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;

import org.hhfr.schemas.DataStructure;
import org.hhfr.schemas.SchemaParser;
import org.junit.jupiter.api.Test;

/**
 * Values of the built-in types that travel as another (a date as its text, an unsigned integer as a wider one,
 * a value restricted by a pattern as its base) leave the stream as the text they entered it with, so the service
 * reads what a SOAP client would have sent it.
 */
class CarriedBuiltInTypesTest {
    /** The response of the EU's VIES checkVat service, with a few more of the types published WSDLs use. */
    private static final String SCHEMA = ""
            + "<xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\" targetNamespace=\"urn:ec.europa.eu:taxud:vies\""
            + " elementFormDefault=\"qualified\">"
            + "<xs:element name=\"checkVatResponse\"><xs:complexType><xs:sequence>"
            + "<xs:element name=\"countryCode\"><xs:simpleType><xs:restriction base=\"xs:string\">"
            + "<xs:pattern value=\"[A-Z]{2}\"/></xs:restriction></xs:simpleType></xs:element>"
            + "<xs:element name=\"requestDate\" type=\"xs:date\"/>"
            + "<xs:element name=\"valid\" type=\"xs:boolean\"/>"
            + "<xs:element name=\"requestIdentifier\" type=\"xs:token\"/>"
            + "<xs:element name=\"sequence\" type=\"xs:unsignedLong\"/>"
            + "<xs:element name=\"checksum\" type=\"xs:hexBinary\"/>"
            + "<xs:element name=\"retries\" type=\"xs:unsignedByte\"/>"
            + "<xs:element name=\"validFor\" type=\"xs:duration\"/>"
            + "</xs:sequence></xs:complexType></xs:element></xs:schema>";

    private static final String RESPONSE = ""
            + "<checkVatResponse xmlns=\"urn:ec.europa.eu:taxud:vies\">"
            + "<countryCode>DE</countryCode>"
            + "<requestDate>2026-11-29+01:00</requestDate>"
            + "<valid>true</valid>"
            + "<requestIdentifier>WAPIAAAAWz2lmYx0</requestIdentifier>"
            + "<sequence>18446744073709551615</sequence>"
            + "<checksum>0FB7</checksum>"
            + "<retries>255</retries>"
            + "<validFor>P1DT12H</validFor>"
            + "</checkVatResponse>";

    @Test
    void aResponseOfCarriedTypesLeavesTheBinaryFormAsTheTextItCameIn() throws Exception {
        DataStructure structure = new SchemaParser().parse(SCHEMA).dataStructure("checkVatResponse");
        XmlRepresentation xml = new XmlRepresentation();
        BinaryRepresentation binary = new BinaryRepresentation();

        Message read = xml.decode(structure, RESPONSE.getBytes(StandardCharsets.UTF_8));
        Message streamed = binary.decode(structure, binary.encode(read));

        assertEquals(read, streamed);
        assertEquals("2026-11-29+01:00", streamed.record().string("requestDate"));
        assertEquals(new BigDecimal("18446744073709551615"), streamed.record().get("sequence"));
        assertEquals((short) 255, streamed.record().get("retries"));
        String written = xml.encodeToString(streamed);
        for (String value : new String[] {"countryCode>DE<", "requestDate>2026-11-29+01:00<",
                "sequence>18446744073709551615<", "checksum>0FB7<", "retries>255<", "validFor>P1DT12H<"}) {
            assertTrue(written.contains(value), value + " in " + written);
        }
    }
}
