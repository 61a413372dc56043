package org.hhfr.schemas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * WSDLs captured byte for byte from a running Apache Axis2 2.0.0 (POJO services deployed with
 * {@code AxisService.createService}, fetched with {@code ?wsdl}), so the parser is checked against what the
 * server really publishes rather than against our idea of it.
 */
class CapturedAxis2WsdlTest {
    private static final String SERVICE_NS = "http://services.spike";

    private static Schema parse(String name) throws IOException, SchemaException {
        try (InputStream in = CapturedAxis2WsdlTest.class.getResourceAsStream("/axis2/captured/" + name)) {
            return new SchemaParser().parse(in);
        }
    }

    @Test
    void floatSumRequestIsOneUnboundedFloatArray() throws Exception {
        ElementDecl values = parse("FloatSum.wsdl").dataStructure(new QualifiedName(SERVICE_NS, "sum"))
                .root().complexType().elements().get(0);
        assertEquals(ElementDecl.simple(new QualifiedName("", "values"), SimpleType.of(XsdType.FLOAT),
                1, ElementDecl.UNBOUNDED, false), values);
    }

    @Test
    void stringConcatPartsAreOptionalNillableAndTheReturnIsOptionalNillable() throws Exception {
        Schema schema = parse("StringConcat.wsdl");
        ElementDecl parts = schema.dataStructure("concat").root().complexType().elements().get(0);
        assertEquals(ElementDecl.simple(new QualifiedName("", "parts"), SimpleType.of(XsdType.STRING),
                0, ElementDecl.UNBOUNDED, true), parts);
        ElementDecl result = schema.dataStructure("concatResponse").root().complexType().elements().get(0);
        assertEquals(ElementDecl.simple(new QualifiedName("", "return"), SimpleType.of(XsdType.STRING), 0, 1, true),
                result);
    }

    @Test
    void pointsOfInterestResolvesTheBeanFromTheImportedSchemaInAlphabeticalOrder() throws Exception {
        ElementDecl item = parse("PointsOfInterest.wsdl").dataStructure("listResponse")
                .root().complexType().elements().get(0);
        assertTrue(item.isRepeated() && item.nillable() && item.minOccurs() == 0);
        ComplexType poi = item.complexType();
        assertEquals(new QualifiedName(SERVICE_NS + "/xsd", "Poi"), poi.name());
        List<ElementDecl> fields = poi.elements();
        assertEquals(13, fields.size());
        assertEquals("category", fields.get(0).name().localName());
        assertEquals("website", fields.get(12).name().localName());
        for (ElementDecl field : fields) {
            assertTrue(field.isOptional() && field.nillable() && field.simpleType().base() == XsdType.STRING,
                    field.toString());
        }
    }

    @Test
    void axisXsdEndpointOutputWithTwoRootsIsRefusedWithItsPosition() {
        // Axis2 answers ?xsd for a service with a bean type by concatenating two schema documents.
        SchemaException e = assertThrows(SchemaException.class,
                () -> parse("PointsOfInterest-xsd-endpoint.xml"));
        assertEquals(20, e.line());
    }
}
