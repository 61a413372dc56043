package org.hhfr.schemas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import org.junit.jupiter.api.Test;

/** WSDL 1.1 documents in the shape Apache Axis2 2.0 publishes for POJO services (document/literal wrapped). */
class Axis2WsdlTest {
    private static final QualifiedName SUM = new QualifiedName("http://floatsum.hhfr.org", "sum");
    private static final String POI = "http://poi.hhfr.org";
    private static final String POI_XSD = "http://poi.hhfr.org/xsd";

    private static Schema parseResource(String name) throws IOException, SchemaException {
        try (InputStream in = Axis2WsdlTest.class.getResourceAsStream("/axis2/" + name)) {
            return new SchemaParser().parse(in);
        }
    }

    private static Schema parseExample(String name) throws IOException, SchemaException {
        Path example = Paths.get("..", "examples", name);
        try (InputStream in = Files.newInputStream(example)) {
            return new SchemaParser().parse(in);
        }
    }

    @Test
    void floatSumRequestIsAnUnboundedArrayOfUnqualifiedFloats() throws Exception {
        Schema schema = parseResource("FloatSumService.wsdl");
        ElementDecl expected = ElementDecl.complex(SUM, new ComplexType(null, Collections.<AttributeDecl>emptyList(),
                Collections.singletonList(ElementDecl.simple(new QualifiedName("", "values"),
                        SimpleType.of(XsdType.FLOAT), 1, ElementDecl.UNBOUNDED, false))), 1, 1, false);
        assertEquals(new DataStructure(expected), schema.dataStructure(SUM));
        ElementDecl result = schema.dataStructure("sumResponse").root().complexType().elements().get(0);
        assertEquals(ElementDecl.simple(new QualifiedName("", "return"), SimpleType.of(XsdType.FLOAT), 1, 1, false),
                result);
    }

    @Test
    void floatSumWsdlDeclaresTheSameStructuresAsTheStandaloneExample() throws Exception {
        Schema wsdl = parseResource("FloatSumService.wsdl");
        Schema xsd = parseExample("float-sum.xsd");
        for (QualifiedName name : xsd.elements().keySet()) {
            assertEquals(xsd.dataStructure(name).fingerprint(), wsdl.dataStructure(name).fingerprint());
        }
        assertEquals(xsd.elements().keySet(), wsdl.elements().keySet());
    }

    @Test
    void concatPartsAreOptionalNillableStringsAndTheReturnIsOptional() throws Exception {
        Schema schema = parseResource("ConcatService.wsdl");
        ElementDecl parts = schema.dataStructure("concat").root().complexType().elements().get(0);
        assertEquals(ElementDecl.simple(new QualifiedName("", "parts"), SimpleType.of(XsdType.STRING), 0,
                ElementDecl.UNBOUNDED, true), parts);
        ElementDecl result = schema.dataStructure("concatResponse").root().complexType().elements().get(0);
        assertTrue(result.isOptional());
        assertTrue(result.nillable());
        assertEquals(parseExample("string-concat.xsd").dataStructure("concat"), schema.dataStructure("concat"));
    }

    @Test
    void poiBeanFromTheImportedSchemaHasThirteenQualifiedOptionalNillableStrings() throws Exception {
        Schema schema = parseExample("poi.wsdl");
        assertEquals(Arrays.asList("getPointOfInterest", "getPointOfInterestResponse", "findPointsOfInterest",
                "findPointsOfInterestResponse"), localNames(schema));
        ComplexType bean = schema.complexTypes().get(new QualifiedName(POI_XSD, "PointOfInterest"));
        assertEquals(13, bean.elements().size());
        for (ElementDecl field : bean.elements()) {
            assertEquals(POI_XSD, field.name().namespace(), "the bean schema is elementFormDefault=qualified");
            assertTrue(field.isOptional() && field.nillable(), field.toString());
            assertSame(SimpleType.of(XsdType.STRING), field.simpleType());
        }
        ElementDecl found = schema.dataStructure(new QualifiedName(POI, "findPointsOfInterestResponse")).root()
                .complexType().elements().get(0);
        assertEquals(new QualifiedName("", "return"), found.name(), "the service schema is unqualified");
        assertEquals(0, found.minOccurs());
        assertEquals(ElementDecl.UNBOUNDED, found.maxOccurs());
        assertSame(bean, found.complexType());
        ElementDecl one = schema.dataStructure("getPointOfInterestResponse").root().complexType().elements().get(0);
        assertTrue(one.isOptional());
        assertSame(bean, one.complexType());
    }

    @Test
    void beanSchemaMayFollowTheServiceSchemaThatImportsIt() throws Exception {
        String wsdl = "<wsdl:definitions xmlns:wsdl=\"http://schemas.xmlsoap.org/wsdl/\""
                + " xmlns:xs=\"http://www.w3.org/2001/XMLSchema\" xmlns:ax=\"" + POI_XSD + "\"><wsdl:types>"
                + "<xs:schema targetNamespace=\"" + POI + "\"><xs:import namespace=\"" + POI_XSD + "\"/>"
                + "<xs:element name=\"get\"><xs:complexType><xs:sequence>"
                + "<xs:element name=\"return\" type=\"ax:Poi\"/></xs:sequence></xs:complexType></xs:element>"
                + "</xs:schema>"
                + "<xs:schema targetNamespace=\"" + POI_XSD + "\"><xs:complexType name=\"Poi\"><xs:sequence>"
                + "<xs:element name=\"name\" type=\"xs:string\"/></xs:sequence></xs:complexType></xs:schema>"
                + "</wsdl:types></wsdl:definitions>";
        Schema schema = new SchemaParser().parse(wsdl);
        assertEquals(1, schema.dataStructure("get").root().complexType().elements().get(0).complexType()
                .elements().size());
    }

    @Test
    void wsdlWithoutTypesHasNoStructures() throws SchemaException {
        Schema schema = new SchemaParser().parse("<definitions xmlns=\"http://schemas.xmlsoap.org/wsdl/\">"
                + "<message name=\"m\"/></definitions>");
        assertTrue(schema.elements().isEmpty());
    }

    private static List<String> localNames(Schema schema) {
        String[] names = new String[schema.elements().size()];
        int i = 0;
        for (QualifiedName name : schema.elements().keySet()) {
            names[i++] = name.localName();
        }
        return Arrays.asList(names);
    }
}
