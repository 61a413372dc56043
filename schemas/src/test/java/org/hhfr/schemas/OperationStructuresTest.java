package org.hhfr.schemas;

import static org.hhfr.schemas.Schemas.schema;
import static org.hhfr.schemas.Schemas.tns;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** An operation streams only when it answers and both its structures derive; otherwise it says why. */
class OperationStructuresTest {
    private static Schema schemaWithOneRefusedElement() throws SchemaException {
        return new SchemaParser().perComponent().parse(schema(""
                + "<xs:element name=\"ask\" type=\"xs:string\"/>\n"
                + "<xs:element name=\"answer\" type=\"xs:int\"/>\n"
                + "<xs:element name=\"odd\"><xs:complexType><xs:all/></xs:complexType></xs:element>"));
    }

    @Test
    void aRequestResponseOperationWhoseStructuresDeriveStreams() throws Exception {
        OperationStructures ask = OperationStructures.of("ask", schemaWithOneRefusedElement(), tns("ask"),
                tns("answer"));

        assertTrue(ask.isStreamable());
        assertNull(ask.reason());
        assertEquals("<{urn:t}answer 1..1 int>", ask.response().canonicalForm());
    }

    @Test
    void aRefusedResponseKeepsTheOperationOffStreamsNamingElementAndPosition() throws Exception {
        OperationStructures odd = OperationStructures.of("odd", schemaWithOneRefusedElement(), tns("ask"),
                tns("odd"));

        assertFalse(odd.isStreamable());
        assertFalse(odd.isDerived());
        assertNull(odd.request());
        assertTrue(odd.reason().startsWith("the response element {urn:t}odd: 4:40: xs:all is not supported"),
                odd.reason());
    }

    @Test
    void anUndeclaredElementAndAOneWayOperationDoNotStreamEither() throws Exception {
        Schema schema = schemaWithOneRefusedElement();
        OperationStructures missing = OperationStructures.of("gone", schema, tns("gone"), tns("answer"));
        OperationStructures oneWay = OperationStructures.of("tell", schema, tns("ask"), null);

        assertEquals("the request element {urn:t}gone is not declared in the schema", missing.reason());
        assertTrue(oneWay.isDerived());
        assertFalse(oneWay.isStreamable());
        assertEquals("one-way: only request-response operations stream", oneWay.reason());
    }

    /**
     * An element of a type another extends may carry the derived type, named by xsi:type: the service may write
     * one in its response, which the structure would not hold; a client writes only what the structure declares.
     */
    @Test
    void anElementThatMayCarryADerivedTypeKeepsAResponseOffStreamsButNotARequest() throws Exception {
        Schema schema = new SchemaParser().parse(schema("<xs:complexType name=\"Booking\"><xs:sequence>"
                + "<xs:element name=\"guest\" type=\"xs:string\"/></xs:sequence></xs:complexType>\n"
                + "<xs:complexType name=\"GroupBooking\"><xs:complexContent><xs:extension base=\"tns:Booking\">"
                + "<xs:sequence><xs:element name=\"size\" type=\"xs:int\"/></xs:sequence></xs:extension>"
                + "</xs:complexContent></xs:complexType>\n"
                + "<xs:element name=\"booking\"><xs:complexType><xs:sequence>"
                + "<xs:element name=\"held\" type=\"tns:Booking\"/></xs:sequence></xs:complexType></xs:element>\n"
                + "<xs:element name=\"done\" type=\"xs:boolean\"/>"));

        assertTrue(OperationStructures.of("book", schema, tns("booking"), tns("done")).isStreamable());
        OperationStructures lookup = OperationStructures.of("lookup", schema, tns("done"), tns("booking"));
        assertFalse(lookup.isStreamable());
        assertEquals("the response element {urn:t}booking: 4:57: element 'held' has the type {urn:t}Booking, which"
                + " {urn:t}GroupBooking extends, so it may carry a {urn:t}GroupBooking named by xsi:type (not"
                + " supported)", lookup.reason());
    }
}
