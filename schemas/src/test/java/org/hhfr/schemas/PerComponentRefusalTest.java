package org.hhfr.schemas;

import static org.hhfr.schemas.Schemas.schema;
import static org.hhfr.schemas.Schemas.tns;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A parser that refuses per component keeps every global element it can represent and records, for each one
 * it cannot, the construct and its line:column; a strict parser still refuses the whole document, and
 * broken XML still fails the whole document either way.
 */
class PerComponentRefusalTest {
    private static final SchemaParser PER_COMPONENT = new SchemaParser().perComponent();

    private static final String ONE_BAD_ELEMENT = schema(""
            + "<xs:element name=\"good\" type=\"xs:int\"/>\n"
            + "<xs:element name=\"bad\">\n"
            + "  <xs:complexType>\n"
            + "    <xs:all><xs:element name=\"a\" type=\"xs:int\"/></xs:all>\n"
            + "  </xs:complexType>\n"
            + "</xs:element>\n"
            + "<xs:element name=\"alsoGood\" type=\"xs:string\"/>");

    @Test
    void oneUnsupportedConstructRefusesOnlyItsElementAndNamesConstructAndPosition() throws Exception {
        Schema schema = PER_COMPONENT.parse(ONE_BAD_ELEMENT);

        assertEquals(List.of(tns("good"), tns("alsoGood")), List.copyOf(schema.elements().keySet()));
        assertEquals("<{urn:t}good 1..1 int>", schema.dataStructure("good").canonicalForm());
        SchemaRefusal refusal = schema.refusal(tns("bad"));
        assertEquals(SchemaRefusal.Kind.ELEMENT, refusal.kind());
        assertEquals("xs:all", refusal.construct());
        assertEquals("5:5", refusal.position());
        assertTrue(refusal.reason().contains("xs:all is not supported"), refusal::reason);
        assertEquals(List.of(refusal), schema.refusals());
    }

    @Test
    void aRefusedElementHasNoStructureAndSaysWhy() throws Exception {
        Schema schema = PER_COMPONENT.parse(ONE_BAD_ELEMENT);

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> schema.dataStructure("bad"));
        assertTrue(e.getMessage().contains("5:5: xs:all is not supported"), e::getMessage);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"<xs:complexType name=\"D\" mixed=\"true\"><xs:complexContent>",
            "<xs:complexType name=\"D\"><xs:complexContent mixed=\"true\">"})
    void anElementOfATypeThatARefusedTypeExtendsMayCarryItToo(String derivedUntilItsExtension) throws Exception {
        Schema schema = PER_COMPONENT.parse(schema("<xs:complexType name=\"B\"><xs:sequence>"
                + "<xs:element name=\"x\" type=\"xs:int\"/></xs:sequence></xs:complexType>\n"
                + derivedUntilItsExtension + "<xs:extension base=\"tns:B\"/></xs:complexContent></xs:complexType>\n"
                + "<xs:element name=\"a\" type=\"tns:B\"/>"));

        assertTrue(schema.refusals().stream().anyMatch(refused -> refused.component().equals(tns("D"))));
        SchemaRefusal derivable = schema.derivable(tns("a"));
        assertTrue(derivable != null && derivable.reason().contains("which {urn:t}D extends"), String.valueOf(derivable));
    }

    @Test
    void theStrictParserStillRefusesTheWholeDocumentAtTheConstruct() {
        SchemaException e = assertThrows(SchemaException.class, () -> new SchemaParser().parse(ONE_BAD_ELEMENT));
        assertEquals("5:5", e.line() + ":" + e.column());
        assertEquals("xs:all", e.construct());
    }

    @Test
    void anElementWhoseNamedTypeUsesAnUnsupportedBuiltInIsRefusedNamingTheTypeAndTheField() throws Exception {
        // a bean with a javax.xml.namespace.QName field
        Schema schema = PER_COMPONENT.parse(schema(""
                + "<xs:complexType name=\"Booking\">\n"
                + "  <xs:sequence>\n"
                + "    <xs:element name=\"guest\" type=\"xs:string\"/>\n"
                + "    <xs:element name=\"kind\" type=\"xs:QName\"/>\n"
                + "  </xs:sequence>\n"
                + "</xs:complexType>\n"
                + "<xs:element name=\"book\"><xs:complexType><xs:sequence>\n"
                + "  <xs:element name=\"booking\" type=\"tns:Booking\"/>\n"
                + "</xs:sequence></xs:complexType></xs:element>\n"
                + "<xs:element name=\"cancel\" type=\"xs:string\"/>"));

        assertEquals(List.of(tns("cancel")), List.copyOf(schema.elements().keySet()));
        SchemaRefusal book = schema.refusal(tns("book"));
        assertEquals("xs:QName", book.construct());
        assertEquals("5:5", book.position());
        assertEquals("type {urn:t}Booking: element 'kind' has the built-in type xs:QName, which is not supported",
                book.reason());
        assertNull(schema.complexTypes().get(tns("Booking")));
        assertEquals(2, schema.refusals().size(), () -> schema.refusals().toString());
    }

    @Test
    void anElementUsingATypeRefusedWhileReadingIsRefusedWithThatTypesConstruct() throws Exception {
        Schema schema = PER_COMPONENT.parse(schema(""
                + "<xs:complexType name=\"Open\">\n"
                + "  <xs:sequence><xs:any/></xs:sequence>\n"
                + "</xs:complexType>\n"
                + "<xs:element name=\"open\" type=\"tns:Open\"/>\n"
                + "<xs:element name=\"closed\" type=\"xs:boolean\"/>"));

        assertEquals(List.of(tns("closed")), List.copyOf(schema.elements().keySet()));
        SchemaRefusal open = schema.refusal(tns("open"));
        assertEquals("xs:any", open.construct());
        assertEquals("3:16", open.position());
        assertTrue(open.reason().startsWith("type {urn:t}Open: wildcards (xs:any)"), open::reason);
    }

    @Test
    void importsOfOtherDocumentsOrUndeclaredNamespacesRefuseOnlyTheElementsUsingTheirNames() throws Exception {
        String imports = "<xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\" xmlns:o=\"urn:o\""
                + " xmlns:u=\"urn:u\" targetNamespace=\"urn:t\">\n"
                + "<xs:import namespace=\"urn:o\" schemaLocation=\"other.xsd\"/>\n"
                + "<xs:import namespace=\"urn:u\"/>\n"
                + "<xs:element name=\"good\" type=\"xs:int\"/>\n"
                + "<xs:element name=\"fromOther\" type=\"o:Query\"/>\n"
                + "<xs:element name=\"fromUndeclared\" type=\"u:Query\"/>\n"
                + "</xs:schema>";

        Schema schema = PER_COMPONENT.parse(imports);

        assertEquals(List.of(tns("good")), List.copyOf(schema.elements().keySet()));
        assertTrue(schema.refusal(tns("fromOther")).reason().endsWith("has the unknown type {urn:o}Query (its"
                + " namespace is imported from schemaLocation=\"other.xsd\", another document, which is never"
                + " fetched)"), schema.refusal(tns("fromOther")).reason());
        assertTrue(schema.refusal(tns("fromUndeclared")).reason().endsWith("has the unknown type {urn:u}Query (its"
                + " namespace is imported, but no schema in this document declares it)"),
                schema.refusal(tns("fromUndeclared")).reason());
        SchemaException strict = assertThrows(SchemaException.class, () -> new SchemaParser().parse(imports));
        assertTrue(strict.getMessage().contains("schemaLocation=\"other.xsd\" is not supported"),
                strict::getMessage);
    }

    @Test
    void brokenXmlInsideAComponentStillFailsTheWholeDocument() {
        String truncated = ONE_BAD_ELEMENT.substring(0, ONE_BAD_ELEMENT.indexOf("</xs:all>"));
        assertThrows(SchemaException.class, () -> PER_COMPONENT.parse(truncated));
        String doctype = "<!DOCTYPE x []>\n" + ONE_BAD_ELEMENT;
        assertThrows(SchemaException.class, () -> PER_COMPONENT.parse(doctype));
    }

    @Test
    void aDocumentWideLimitStillFailsTheWholeDocument() {
        SchemaParser small = new SchemaParser(SchemaLimits.defaults().toBuilder().maxDeclarations(2).build())
                .perComponent();
        SchemaException e = assertThrows(SchemaException.class, () -> small.parse(ONE_BAD_ELEMENT));
        assertTrue(e.reason().contains("more than 2 declarations"), e::reason);
    }
}
