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
}
