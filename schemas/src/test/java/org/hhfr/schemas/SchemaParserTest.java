package org.hhfr.schemas;

import static org.hhfr.schemas.Schemas.TNS;
import static org.hhfr.schemas.Schemas.XSD;
import static org.hhfr.schemas.Schemas.local;
import static org.hhfr.schemas.Schemas.parse;
import static org.hhfr.schemas.Schemas.schema;
import static org.hhfr.schemas.Schemas.schemaWith;
import static org.hhfr.schemas.Schemas.tns;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The supported subset of XML Schema, construct by construct. */
class SchemaParserTest {
    private static ElementDecl root(Schema schema, String name) {
        return schema.dataStructure(name).root();
    }

    private static ElementDecl child(ElementDecl parent, String localName) {
        ComplexType type = parent.complexType();
        int index = type.elementIndex(localName);
        assertTrue(index >= 0, "no child " + localName + " in " + parent);
        return type.elements().get(index);
    }

    @Test
    void globalElementOfABuiltInTypeIsInTheTargetNamespace() throws SchemaException {
        Schema schema = parse(schema("<xs:element name=\"count\" type=\"xs:int\"/>"));
        assertEquals(Collections.singletonList(tns("count")), List.copyOf(schema.elements().keySet()));
        ElementDecl count = root(schema, "count");
        assertEquals(ElementDecl.simple(tns("count"), SimpleType.of(XsdType.INT), 1, 1, false), count);
    }

    @ParameterizedTest
    @EnumSource(XsdType.class)
    void everySupportedBuiltInTypeIsRecognised(XsdType type) throws SchemaException {
        Schema schema = parse(schema("<xs:element name=\"v\" type=\"xs:" + type.localName() + "\"/>"));
        assertSame(SimpleType.of(type), root(schema, "v").simpleType());
    }

    @ParameterizedTest(name = "xs:{0} as xs:{1}")
    @MethodSource("builtInsCarriedByAnother")
    void aBuiltInWithoutAnEncodingOfItsOwnTravelsAsTheTypeHoldingItsValues(String builtIn, String carrier)
            throws SchemaException {
        Schema schema = parse(schema("<xs:element name=\"v\" type=\"xs:" + builtIn + "\"/>\n"
                + "<xs:element name=\"a\"><xs:complexType><xs:sequence><xs:element name=\"i\" type=\"array\""
                + " primitives=\"" + builtIn + "\" value=\"2\"/></xs:sequence></xs:complexType></xs:element>\n"
                + "<xs:simpleType name=\"R\"><xs:restriction base=\"xs:" + builtIn + "\"/></xs:simpleType>\n"
                + "<xs:element name=\"r\" type=\"tns:R\"/>"));
        SimpleType carried = SimpleType.of(XsdType.forLocalName(carrier));
        assertSame(carried, root(schema, "v").simpleType());
        assertSame(carried, child(root(schema, "a"), "i").simpleType());
        assertSame(carried, root(schema, "r").simpleType());
    }

    static Stream<Arguments> builtInsCarriedByAnother() {
        return Stream.of(
                Arguments.of("token", "string"), Arguments.of("normalizedString", "string"),
                Arguments.of("NCName", "string"), Arguments.of("anyURI", "string"), Arguments.of("date", "string"),
                Arguments.of("time", "string"), Arguments.of("duration", "string"), Arguments.of("gYear", "string"),
                Arguments.of("hexBinary", "string"), Arguments.of("unsignedByte", "short"),
                Arguments.of("unsignedShort", "int"), Arguments.of("unsignedInt", "long"),
                Arguments.of("unsignedLong", "decimal"), Arguments.of("integer", "decimal"),
                Arguments.of("nonNegativeInteger", "decimal"), Arguments.of("positiveInteger", "decimal"));
    }

    @Test
    void facetsThatOnlyNarrowTheValidValuesLeaveTheBaseType() throws SchemaException {
        // as ASP.NET and WCF publish a Guid, and services their codes, amounts and names
        Schema schema = parse(schema(""
                + "<xs:simpleType name=\"guid\"><xs:restriction base=\"xs:string\">"
                + "<xs:pattern value=\"[\\da-fA-F]{8}-[\\da-fA-F]{4}-[\\da-fA-F]{4}-[\\da-fA-F]{4}-[\\da-fA-F]{12}\"/>"
                + "</xs:restriction></xs:simpleType>\n"
                + "<xs:element name=\"id\" type=\"tns:guid\"/>\n"
                + "<xs:element name=\"code\"><xs:simpleType><xs:restriction base=\"xs:token\">"
                + "<xs:length value=\"2\" fixed=\"true\"/><xs:whiteSpace value=\"collapse\"/>"
                + "<xs:enumeration value=\"DE\"/><xs:enumeration value=\"FR\"/>"
                + "</xs:restriction></xs:simpleType></xs:element>\n"
                + "<xs:element name=\"amount\"><xs:simpleType><xs:restriction base=\"xs:decimal\">"
                + "<xs:annotation><xs:documentation>euros</xs:documentation></xs:annotation>"
                + "<xs:minInclusive value=\"0\"/><xs:maxExclusive value=\"1000000\"/>"
                + "<xs:totalDigits value=\"9\"/><xs:fractionDigits value=\"2\"/>"
                + "</xs:restriction></xs:simpleType></xs:element>\n"
                + "<xs:element name=\"name\"><xs:simpleType><xs:restriction base=\"xs:string\">"
                + "<xs:minLength value=\"1\"/><xs:maxLength value=\"80\"/>"
                + "</xs:restriction></xs:simpleType></xs:element>"));
        assertSame(SimpleType.of(XsdType.STRING), root(schema, "id").simpleType());
        assertEquals(Arrays.asList("DE", "FR"), root(schema, "code").simpleType().enumeration());
        assertSame(SimpleType.of(XsdType.DECIMAL), root(schema, "amount").simpleType());
        assertSame(SimpleType.of(XsdType.STRING), root(schema, "name").simpleType());
    }

    @Test
    void anonymousComplexTypeKeepsItsSequenceInSchemaOrder() throws SchemaException {
        Schema schema = parse(schema("<xs:element name=\"point\"><xs:complexType><xs:sequence>\n"
                + "<xs:element name=\"y\" type=\"xs:double\"/><xs:element name=\"x\" type=\"xs:double\"/>\n"
                + "<xs:element name=\"label\" type=\"xs:string\"/>\n"
                + "</xs:sequence></xs:complexType></xs:element>"));
        ComplexType type = root(schema, "point").complexType();
        assertNull(type.name());
        assertEquals(Arrays.asList("y", "x", "label"), localNames(type));
    }

    @Test
    void emptyComplexTypeHasNoElementsAndNoAttributes() throws SchemaException {
        Schema schema = parse(schema("<xs:element name=\"ping\"><xs:complexType/></xs:element>\n"
                + "<xs:element name=\"pong\"><xs:complexType><xs:sequence/></xs:complexType></xs:element>"));
        assertTrue(root(schema, "ping").complexType().elements().isEmpty());
        assertTrue(root(schema, "pong").complexType().elements().isEmpty());
        assertTrue(root(schema, "pong").complexType().attributes().isEmpty());
    }

    @Test
    void localElementsAreUnqualifiedByDefault() throws SchemaException {
        Schema schema = parse(schema("<xs:element name=\"a\"><xs:complexType><xs:sequence>"
                + "<xs:element name=\"b\" type=\"xs:string\"/></xs:sequence></xs:complexType></xs:element>"));
        assertEquals(local("b"), child(root(schema, "a"), "b").name());
    }

    @Test
    void elementFormDefaultQualifiedPutsLocalElementsInTheTargetNamespace() throws SchemaException {
        Schema schema = parse(schemaWith("elementFormDefault=\"qualified\"",
                "<xs:element name=\"a\"><xs:complexType><xs:sequence>"
                + "<xs:element name=\"b\" type=\"xs:string\"/>"
                + "<xs:element name=\"c\" form=\"unqualified\" type=\"xs:string\"/>"
                + "</xs:sequence></xs:complexType></xs:element>"));
        ElementDecl a = root(schema, "a");
        assertEquals(tns("a"), a.name());
        assertEquals(tns("b"), child(a, "b").name());
        assertEquals(local("c"), child(a, "c").name(), "form= overrides the default");
    }

    @Test
    void formQualifiedOnOneElementOverridesAnUnqualifiedDefault() throws SchemaException {
        Schema schema = parse(schemaWith("elementFormDefault=\"unqualified\"",
                "<xs:element name=\"a\"><xs:complexType><xs:sequence>"
                + "<xs:element name=\"b\" form=\"qualified\" type=\"xs:string\"/>"
                + "</xs:sequence></xs:complexType></xs:element>"));
        assertEquals(tns("b"), child(root(schema, "a"), "b").name());
    }

    @Test
    void attributeFormDefaultDecidesTheAttributesNamespace() throws SchemaException {
        String body = "<xs:element name=\"a\"><xs:complexType>"
                + "<xs:attribute name=\"id\" type=\"xs:int\"/>"
                + "<xs:attribute name=\"lang\" form=\"unqualified\" type=\"xs:string\"/>"
                + "</xs:complexType></xs:element>";
        ComplexType qualified = root(parse(schemaWith("attributeFormDefault=\"qualified\"", body)), "a").complexType();
        assertEquals(tns("id"), qualified.attributes().get(0).name());
        assertEquals(local("lang"), qualified.attributes().get(1).name());
        ComplexType unqualified = root(parse(schema(body)), "a").complexType();
        assertEquals(local("id"), unqualified.attributes().get(0).name());
    }

    @Test
    void schemaWithoutTargetNamespaceDeclaresElementsInNoNamespace() throws SchemaException {
        Schema schema = parse("<xs:schema xmlns:xs=\"" + XSD + "\"><xs:element name=\"a\" type=\"xs:long\"/>"
                + "</xs:schema>");
        assertEquals(local("a"), root(schema, "a").name());
    }

    @Test
    void namedComplexTypeIsResolvedThroughItsPrefixAndSharedBetweenUses() throws SchemaException {
        Schema schema = parse(schema("<xs:complexType name=\"Poi\"><xs:sequence>"
                + "<xs:element name=\"name\" type=\"xs:string\"/></xs:sequence></xs:complexType>\n"
                + "<xs:element name=\"one\" type=\"tns:Poi\"/>\n"
                + "<xs:element name=\"many\"><xs:complexType><xs:sequence>"
                + "<xs:element name=\"poi\" type=\"tns:Poi\" maxOccurs=\"unbounded\"/>"
                + "</xs:sequence></xs:complexType></xs:element>"));
        ComplexType poi = schema.complexTypes().get(tns("Poi"));
        assertEquals(tns("Poi"), poi.name());
        assertSame(poi, root(schema, "one").complexType());
        assertSame(poi, child(root(schema, "many"), "poi").complexType());
    }

    /** As Axis2 publishes a bean derived from another, and JAX-WS and WCF a class derived from another. */
    @Test
    void anExtensionHasItsBasesAttributesAndElementsThenItsOwn() throws SchemaException {
        Schema schema = parse(schema("<xs:complexType name=\"Booking\"><xs:sequence>"
                + "<xs:element name=\"guest\" type=\"xs:string\"/><xs:element name=\"when\" type=\"xs:date\"/>"
                + "</xs:sequence><xs:attribute name=\"id\" type=\"xs:int\"/></xs:complexType>\n"
                + "<xs:complexType name=\"GroupBooking\"><xs:complexContent><xs:extension base=\"tns:Booking\">"
                + "<xs:sequence><xs:element name=\"size\" type=\"xs:int\"/></xs:sequence>"
                + "<xs:attribute name=\"code\" type=\"xs:string\"/></xs:extension></xs:complexContent>"
                + "</xs:complexType>\n"
                + "<xs:complexType name=\"Bus\"><xs:complexContent><xs:extension base=\"tns:GroupBooking\"/>"
                + "</xs:complexContent></xs:complexType>\n"
                + "<xs:element name=\"book\" type=\"tns:Bus\"/>"));
        ComplexType bus = root(schema, "book").complexType();
        assertEquals(List.of("guest", "when", "size"), bus.elements().stream().map(e -> e.name().localName())
                .collect(Collectors.toList()));
        assertEquals(List.of("id", "code"), bus.attributes().stream().map(a -> a.name().localName())
                .collect(Collectors.toList()));
        assertEquals(tns("Bus"), bus.name());
    }

    /**
     * A choice's alternatives are optional elements in its place, as are the elements of an optional or nested
     * group; the service checks that a message has one alternative, as over SOAP.
     */
    @Test
    void aChoiceAndNestedGroupsAreTheirElementsInPlaceTheAlternativesOptional() throws SchemaException {
        Schema schema = parse(schema("<xs:element name=\"pay\"><xs:complexType><xs:sequence>"
                + "<xs:element name=\"amount\" type=\"xs:decimal\"/>"
                + "<xs:choice><xs:element name=\"card\" type=\"xs:string\"/>"
                + "<xs:sequence><xs:element name=\"iban\" type=\"xs:string\"/><xs:element name=\"bic\" type=\"xs:string\""
                + " maxOccurs=\"2\"/></xs:sequence></xs:choice>"
                + "<xs:sequence minOccurs=\"0\"><xs:element name=\"note\" type=\"xs:string\"/></xs:sequence>"
                + "<xs:sequence><xs:element name=\"at\" type=\"xs:dateTime\"/></xs:sequence>"
                + "</xs:sequence></xs:complexType></xs:element>\n"
                + "<xs:element name=\"either\"><xs:complexType><xs:choice>"
                + "<xs:element name=\"a\" type=\"xs:int\"/><xs:element name=\"b\" type=\"xs:int\"/>"
                + "</xs:choice></xs:complexType></xs:element>"));
        List<ElementDecl> pay = root(schema, "pay").complexType().elements();
        assertEquals(List.of("amount 1..1", "card 0..1", "iban 0..1", "bic 0..2", "note 0..1", "at 1..1"),
                pay.stream().map(e -> e.name().localName() + " " + e.minOccurs() + ".." + e.maxOccurs())
                        .collect(Collectors.toList()));
        assertEquals(List.of(0, 0), root(schema, "either").complexType().elements().stream()
                .map(ElementDecl::minOccurs).collect(Collectors.toList()));
    }

    /** A named group's elements take the place of each ref to it, optional where the ref is or a choice holds it. */
    @Test
    void aGroupRefIsTheGroupsElementsInItsPlace() throws SchemaException {
        Schema schema = parse(schema("<xs:element name=\"order\"><xs:complexType><xs:sequence>"
                + "<xs:element name=\"id\" type=\"xs:long\"/><xs:group ref=\"tns:Address\"/>"
                + "<xs:group ref=\"tns:Contact\" minOccurs=\"0\"/></xs:sequence></xs:complexType></xs:element>\n"
                + "<xs:group name=\"Address\"><xs:sequence><xs:element name=\"city\" type=\"xs:string\"/>"
                + "<xs:choice><xs:element name=\"zip\" type=\"xs:string\"/><xs:group ref=\"tns:Box\"/></xs:choice>"
                + "</xs:sequence></xs:group>\n"
                + "<xs:group name=\"Box\"><xs:sequence><xs:element name=\"box\" type=\"xs:int\"/></xs:sequence></xs:group>\n"
                + "<xs:group name=\"Contact\"><xs:sequence><xs:element name=\"phone\" type=\"xs:string\"/>"
                + "</xs:sequence></xs:group>"));
        assertEquals(List.of("id 1", "city 1", "zip 0", "box 0", "phone 0"), root(schema, "order").complexType()
                .elements().stream().map(e -> e.name().localName() + " " + e.minOccurs()).collect(Collectors.toList()));
    }

    /** Only a group met again inside itself is recursion: one used below another group's element is not. */
    @Test
    void aGroupUsedInsideAnotherGroupsElementIsNotRecursion() throws SchemaException {
        Schema schema = parse(schema("<xs:element name=\"order\"><xs:complexType><xs:sequence>"
                + "<xs:group ref=\"tns:Party\"/><xs:element name=\"shipTo\"><xs:complexType><xs:sequence>"
                + "<xs:group ref=\"tns:Place\"/></xs:sequence></xs:complexType></xs:element>"
                + "</xs:sequence></xs:complexType></xs:element>\n"
                + "<xs:group name=\"Party\"><xs:sequence><xs:element name=\"name\" type=\"xs:string\"/>"
                + "<xs:element name=\"address\"><xs:complexType><xs:sequence><xs:group ref=\"tns:Place\"/>"
                + "</xs:sequence></xs:complexType></xs:element></xs:sequence></xs:group>\n"
                + "<xs:group name=\"Place\"><xs:sequence><xs:element name=\"city\" type=\"xs:string\"/>"
                + "</xs:sequence></xs:group>"));
        ElementDecl order = root(schema, "order");
        assertEquals(List.of("name", "address", "shipTo"), order.complexType().elements().stream()
                .map(e -> e.name().localName()).collect(Collectors.toList()));
        assertEquals(XsdType.STRING, child(child(order, "address"), "city").simpleType().base());
        assertEquals(XsdType.STRING, child(child(order, "shipTo"), "city").simpleType().base());
    }

    /** What an absent attribute means is the service's to apply, as when a SOAP client leaves it out. */
    @Test
    void anAttributesDefaultOrFixedValueLeavesItAsDeclared() throws SchemaException {
        Schema schema = parse(schema("<xs:element name=\"a\"><xs:complexType>"
                + "<xs:attribute name=\"retries\" type=\"xs:int\" default=\"3\"/>"
                + "<xs:attribute name=\"version\" type=\"xs:string\" fixed=\"2\" use=\"required\"/>"
                + "</xs:complexType></xs:element>"));
        List<AttributeDecl> attributes = root(schema, "a").complexType().attributes();
        assertEquals(List.of("retries false", "version true"), attributes.stream()
                .map(a -> a.name().localName() + " " + a.required()).collect(Collectors.toList()));
    }

    /** As Workday's types refer to its global wd:version attribute. */
    @Test
    void anAttributeRefTakesTheGlobalAttributesQualifiedNameAndTypeWithItsOwnUse() throws SchemaException {
        Schema schema = parse(schema("<xs:element name=\"a\"><xs:complexType>"
                + "<xs:attribute ref=\"tns:version\" use=\"required\"/></xs:complexType></xs:element>\n"
                + "<xs:attribute name=\"version\" type=\"xs:int\"/>"));
        AttributeDecl version = root(schema, "a").complexType().attributes().get(0);
        assertEquals(tns("version"), version.name());
        assertEquals(XsdType.INT, version.type().base());
        assertTrue(version.required());
    }

    /**
     * Text with attributes, as Workday's IDs are ({@code <ID type="WID">…</ID>}): one element, the text, after the
     * attributes; a type extending it by simple content adds attributes to the same text.
     */
    @Test
    void simpleContentIsTheTextAsTheTypesOneElementAfterItsAttributes() throws SchemaException {
        Schema schema = parse(schema("<xs:simpleType name=\"Kind\"><xs:restriction base=\"xs:string\">"
                + "<xs:enumeration value=\"WID\"/></xs:restriction></xs:simpleType>\n"
                + "<xs:complexType name=\"Id\"><xs:simpleContent><xs:extension base=\"xs:long\">"
                + "<xs:attribute name=\"type\" type=\"tns:Kind\" use=\"required\"/></xs:extension></xs:simpleContent>"
                + "</xs:complexType>\n"
                + "<xs:complexType name=\"ParentId\"><xs:simpleContent><xs:extension base=\"tns:Id\">"
                + "<xs:attribute name=\"parent\" type=\"xs:string\"/></xs:extension></xs:simpleContent>"
                + "</xs:complexType>\n"
                + "<xs:element name=\"ref\"><xs:complexType><xs:sequence>"
                + "<xs:element name=\"ID\" type=\"tns:ParentId\" maxOccurs=\"unbounded\"/>"
                + "<xs:element name=\"code\"><xs:complexType><xs:simpleContent><xs:extension base=\"tns:Kind\"/>"
                + "</xs:simpleContent></xs:complexType></xs:element>"
                + "</xs:sequence></xs:complexType></xs:element>"));
        ComplexType id = child(root(schema, "ref"), "ID").complexType();
        assertTrue(id.hasSimpleContent());
        assertEquals(List.of("type", "parent"), id.attributes().stream().map(a -> a.name().localName())
                .collect(Collectors.toList()));
        assertEquals(List.of(ElementDecl.simple(ComplexType.SIMPLE_CONTENT, SimpleType.of(XsdType.LONG), 1, 1, false)),
                id.elements());
        assertTrue(child(root(schema, "ref"), "code").complexType().elements().get(0).simpleType().isEnumeration());
        ComplexType style = root(parse(schema("<xs:complexType name=\"Named\"><xs:simpleContent><xs:extension"
                + " base=\"xs:string\"><xs:attribute name=\"id\" type=\"xs:int\"/></xs:extension></xs:simpleContent>"
                + "</xs:complexType>\n<xs:element name=\"style\"><xs:complexType><xs:complexContent><xs:extension"
                + " base=\"tns:Named\"><xs:attribute name=\"trim\" type=\"xs:string\"/></xs:extension>"
                + "</xs:complexContent></xs:complexType></xs:element>")), "style").complexType();
        assertTrue(style.hasSimpleContent(), "an xs:complexContent extension adding attributes only keeps the text");
        assertEquals(2, style.attributes().size());
        assertEquals("<{urn:t}ref 1..1 {<ID 1..* {@type! string(3:WID);@parent? string;=long}><code 1..1"
                + " {=string(3:WID)}>}>", schema.dataStructure("ref").canonicalForm());
    }

    /** As Travelport's request types take their common attributes from attribute groups. */
    @Test
    void anAttributeGroupRefIsTheGroupsAttributesInItsPlace() throws SchemaException {
        Schema schema = parse(schema("<xs:attributeGroup name=\"Common\"><xs:attribute name=\"trace\""
                + " type=\"xs:string\"/><xs:attributeGroup ref=\"tns:Auth\"/></xs:attributeGroup>\n"
                + "<xs:attributeGroup name=\"Auth\"><xs:attribute name=\"user\" type=\"xs:string\" use=\"required\"/>"
                + "</xs:attributeGroup>\n"
                + "<xs:element name=\"ping\"><xs:complexType><xs:sequence><xs:element name=\"payload\""
                + " type=\"xs:string\"/></xs:sequence><xs:attribute name=\"id\" type=\"xs:int\"/>"
                + "<xs:attributeGroup ref=\"tns:Common\"/></xs:complexType></xs:element>"));
        assertEquals(List.of("id false", "trace false", "user true"), root(schema, "ping").complexType().attributes()
                .stream().map(a -> a.name().localName() + " " + a.required()).collect(Collectors.toList()));
    }

    /** An identity constraint only narrows which documents are valid; the service checks it. */
    @Test
    void identityConstraintsLeaveTheStructureAsItIs() throws SchemaException {
        Schema schema = parse(schema("<xs:element name=\"order\"><xs:complexType><xs:sequence>"
                + "<xs:element name=\"line\" type=\"xs:int\" maxOccurs=\"unbounded\"/></xs:sequence>"
                + "</xs:complexType><xs:unique name=\"lines\"><xs:selector xpath=\"line\"/><xs:field xpath=\".\"/>"
                + "</xs:unique><xs:key name=\"k\"><xs:selector xpath=\"line\"/><xs:field xpath=\".\"/></xs:key>"
                + "</xs:element>"));
        assertEquals(1, root(schema, "order").complexType().elements().size());
    }

    static Stream<Arguments> namedTypeUses() {
        return Stream.of(
                arguments("a type used before it is declared", schema("<xs:element name=\"one\" type=\"tns:Later\"/>\n"
                        + "<xs:complexType name=\"Later\"><xs:sequence>"
                        + "<xs:element name=\"x\" type=\"xs:int\"/></xs:sequence></xs:complexType>"), "one", 1),
                arguments("a global element named like its type", schema("<xs:complexType name=\"order\"><xs:sequence>"
                        + "<xs:element name=\"id\" type=\"xs:long\"/></xs:sequence></xs:complexType>"
                        + "<xs:element name=\"order\" type=\"tns:order\"/>"), "order", 1),
                arguments("a type used twice in one sequence", schema("<xs:complexType name=\"Address\"><xs:sequence>"
                        + "<xs:element name=\"city\" type=\"xs:string\"/></xs:sequence></xs:complexType>"
                        + "<xs:element name=\"order\"><xs:complexType><xs:sequence>"
                        + "<xs:element name=\"shipTo\" type=\"tns:Address\"/>"
                        + "<xs:element name=\"billTo\" type=\"tns:Address\"/>"
                        + "</xs:sequence></xs:complexType></xs:element>"), "order", 2));
    }

    /** Neither order, nor a shared name, nor reuse is taken for recursion. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("namedTypeUses")
    void namedTypesResolveWhereverTheyAreUsed(String what, String document, String root, int elements)
            throws SchemaException {
        assertEquals(elements, root(parse(document), root).complexType().elements().size());
    }

    @Test
    void nestedAnonymousComplexTypesBuildATree() throws SchemaException {
        Schema schema = parse(schema("<xs:element name=\"a\"><xs:complexType><xs:sequence>"
                + "<xs:element name=\"b\"><xs:complexType><xs:sequence>"
                + "<xs:element name=\"c\"><xs:complexType><xs:sequence>"
                + "<xs:element name=\"d\" type=\"xs:boolean\"/>"
                + "</xs:sequence></xs:complexType></xs:element>"
                + "</xs:sequence></xs:complexType></xs:element>"
                + "</xs:sequence></xs:complexType></xs:element>"));
        ElementDecl d = child(child(child(root(schema, "a"), "b"), "c"), "d");
        assertEquals(XsdType.BOOLEAN, d.simpleType().base());
    }

    @Test
    void refTakesTheGlobalDeclarationWithItsOwnOccurrence() throws SchemaException {
        Schema schema = parse(schema("<xs:element name=\"note\" type=\"xs:string\" nillable=\"true\"/>\n"
                + "<xs:element name=\"memo\"><xs:complexType><xs:sequence>"
                + "<xs:element ref=\"tns:note\" minOccurs=\"0\" maxOccurs=\"4\"/>"
                + "</xs:sequence></xs:complexType></xs:element>"));
        ElementDecl note = child(root(schema, "memo"), "note");
        assertEquals(tns("note"), note.name(), "a ref keeps the global element's (qualified) name");
        assertEquals(0, note.minOccurs());
        assertEquals(4, note.maxOccurs());
        assertTrue(note.nillable());
        ElementDecl global = root(schema, "note");
        assertEquals(1, global.minOccurs());
        assertEquals(1, global.maxOccurs());
    }

    @Test
    void occurrenceShapes() throws SchemaException {
        Schema schema = parse(schema("<xs:element name=\"a\"><xs:complexType><xs:sequence>\n"
                + "<xs:element name=\"single\" type=\"xs:int\"/>\n"
                + "<xs:element name=\"optional\" type=\"xs:int\" minOccurs=\"0\"/>\n"
                + "<xs:element name=\"unbounded\" type=\"xs:int\" maxOccurs=\"unbounded\"/>\n"
                + "<xs:element name=\"bounded\" type=\"xs:int\" minOccurs=\"2\" maxOccurs=\"7\"/>\n"
                + "<xs:element name=\"fixed\" type=\"xs:int\" minOccurs=\"3\" maxOccurs=\"3\"/>\n"
                + "<xs:element name=\"nil\" type=\"xs:int\" nillable=\"true\"/>\n"
                + "<xs:element name=\"spaced\" type=\"xs:int\" minOccurs=\" 0 \" maxOccurs=\" unbounded \"/>\n"
                + "</xs:sequence></xs:complexType></xs:element>"));
        ElementDecl a = root(schema, "a");
        assertTrue(child(a, "single").isSingle());
        assertTrue(child(a, "optional").isOptional());
        assertEquals(ElementDecl.UNBOUNDED, child(a, "unbounded").maxOccurs());
        assertEquals(1, child(a, "unbounded").minOccurs());
        assertEquals(2, child(a, "bounded").minOccurs());
        assertEquals(7, child(a, "bounded").maxOccurs());
        assertTrue(child(a, "fixed").isFixedLength());
        assertTrue(child(a, "nil").nillable());
        assertFalse(child(a, "single").nillable());
        assertEquals(0, child(a, "spaced").minOccurs());
        assertEquals(ElementDecl.UNBOUNDED, child(a, "spaced").maxOccurs());
    }

    @Test
    void paperArrayShorthandIsAFixedLengthArrayOfItsPrimitive() throws SchemaException {
        Schema schema = parse("<schema xmlns=\"" + XSD + "\" targetNamespace=\"urn:p\">\n"
                + "<element name=\"msg\"><complexType><sequence>\n"
                + "<element name=\"MyArray\" type=\"array\" primitives=\"float\" value=\"90\"/>\n"
                + "</sequence></complexType></element></schema>");
        ElementDecl array = child(schema.dataStructure("msg").root(), "MyArray");
        assertEquals(ElementDecl.simple(local("MyArray"), SimpleType.of(XsdType.FLOAT), 90, 90, false), array);
        assertTrue(array.isFixedLength());
    }

    @Test
    void arrayShorthandAcceptsAPrefixedPrimitiveAndNillable() throws SchemaException {
        Schema schema = parse(schema("<xs:element name=\"m\"><xs:complexType><xs:sequence>"
                + "<xs:element name=\"ids\" type=\"array\" primitives=\"xs:long\" value=\"4\" nillable=\"true\"/>"
                + "</xs:sequence></xs:complexType></xs:element>"));
        ElementDecl ids = child(root(schema, "m"), "ids");
        assertEquals(XsdType.LONG, ids.simpleType().base());
        assertEquals(4, ids.minOccurs());
        assertEquals(4, ids.maxOccurs());
        assertTrue(ids.nillable());
    }

    @ParameterizedTest
    @ValueSource(strings = {"xs", "xsd", "s"})
    void anyPrefixBoundToTheXsdNamespaceWorks(String prefix) throws SchemaException {
        String p = prefix + ":";
        Schema schema = parse("<" + p + "schema xmlns:" + prefix + "=\"" + XSD + "\" targetNamespace=\"urn:x\">"
                + "<" + p + "element name=\"e\"><" + p + "complexType><" + p + "sequence>"
                + "<" + p + "element name=\"when\" type=\"" + p + "dateTime\"/>"
                + "</" + p + "sequence></" + p + "complexType></" + p + "element></" + p + "schema>");
        assertEquals(XsdType.DATE_TIME, child(root(schema, "e"), "when").simpleType().base());
    }

    @Test
    void xsdAsDefaultNamespaceResolvesUnprefixedBuiltInsAndPrefixedOwnTypes() throws SchemaException {
        Schema schema = parse("<schema xmlns=\"" + XSD + "\" xmlns:my=\"urn:my\" targetNamespace=\"urn:my\">"
                + "<complexType name=\"T\"><sequence><element name=\"n\" type=\"short\"/></sequence></complexType>"
                + "<element name=\"e\" type=\"my:T\"/></schema>");
        assertEquals(XsdType.SHORT, child(root(schema, "e"), "n").simpleType().base());
    }

    @Test
    void targetNamespaceAsDefaultNamespaceResolvesUnprefixedOwnTypes() throws SchemaException {
        Schema schema = parse("<xs:schema xmlns:xs=\"" + XSD + "\" xmlns=\"urn:d\" targetNamespace=\"urn:d\">"
                + "<xs:simpleType name=\"Color\"><xs:restriction base=\"xs:string\">"
                + "<xs:enumeration value=\"red\"/></xs:restriction></xs:simpleType>"
                + "<xs:element name=\"c\" type=\"Color\"/></xs:schema>");
        assertEquals(Collections.singletonList("red"), schema.dataStructure("c").root().simpleType().enumeration());
    }

    @Test
    void namedEnumerationKeepsItsValuesInOrderAndItsName() throws SchemaException {
        Schema schema = parse(schema("<xs:simpleType name=\"Currency\"><xs:restriction base=\"xs:string\">"
                + "<xs:enumeration value=\"EUR\"/><xs:enumeration value=\"USD\"/>"
                + "<xs:enumeration value=\" with space &amp; &lt;ampersand&gt; \"/><xs:enumeration value=\"\"/>"
                + "</xs:restriction></xs:simpleType>\n"
                + "<xs:element name=\"price\" type=\"tns:Currency\"/>"));
        SimpleType currency = root(schema, "price").simpleType();
        assertEquals(Arrays.asList("EUR", "USD", " with space & <ampersand> ", ""), currency.enumeration());
        assertEquals(tns("Currency"), currency.name());
        assertEquals(XsdType.STRING, currency.base());
        assertEquals(currency, schema.simpleTypes().get(tns("Currency")));
    }

    @Test
    void anonymousEnumerationOnAnElement() throws SchemaException {
        Schema schema = parse(schema("<xs:element name=\"dir\"><xs:simpleType><xs:restriction base=\"xs:string\">"
                + "<xs:enumeration value=\"up\"/><xs:enumeration value=\"down\"/>"
                + "</xs:restriction></xs:simpleType></xs:element>"));
        SimpleType dir = root(schema, "dir").simpleType();
        assertNull(dir.name());
        assertEquals(Arrays.asList("up", "down"), dir.enumeration());
    }

    @Test
    void restrictionWithoutFacetsIsItsBuiltInBase() throws SchemaException {
        Schema schema = parse(schema("<xs:simpleType name=\"Price\"><xs:restriction base=\"xs:decimal\"/>"
                + "</xs:simpleType><xs:element name=\"p\" type=\"tns:Price\"/>"));
        assertSame(SimpleType.of(XsdType.DECIMAL), root(schema, "p").simpleType());
    }

    @Test
    void attributesOfSimpleTypesAfterTheSequenceAsXsdOrdersThem() throws SchemaException {
        Schema schema = parse(schema("<xs:simpleType name=\"Kind\"><xs:restriction base=\"xs:string\">"
                + "<xs:enumeration value=\"museum\"/><xs:enumeration value=\"park\"/>"
                + "</xs:restriction></xs:simpleType>\n"
                + "<xs:element name=\"poi\"><xs:complexType><xs:sequence>"
                + "<xs:element name=\"name\" type=\"xs:string\"/></xs:sequence>"
                + "<xs:attribute name=\"id\" type=\"xs:int\" use=\"required\"/>"
                + "<xs:attribute name=\"kind\" type=\"tns:Kind\"/>"
                + "<xs:attribute name=\"rating\" use=\"optional\"><xs:simpleType>"
                + "<xs:restriction base=\"xs:string\"><xs:enumeration value=\"good\"/></xs:restriction>"
                + "</xs:simpleType></xs:attribute>"
                + "</xs:complexType></xs:element>"));
        List<AttributeDecl> attributes = root(schema, "poi").complexType().attributes();
        assertEquals(AttributeDecl.of(local("id"), SimpleType.of(XsdType.INT), true), attributes.get(0));
        assertEquals(Arrays.asList("museum", "park"), attributes.get(1).type().enumeration());
        assertFalse(attributes.get(1).required());
        assertEquals(Collections.singletonList("good"), attributes.get(2).type().enumeration());
        assertEquals(0, root(schema, "poi").complexType().attributeIndex("id"));
    }

    @Test
    void annotationsCommentsAndForeignAttributesAreSkipped() throws SchemaException {
        Schema schema = parse("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- a comment -->\n"
                + "<xs:schema xmlns:xs=\"" + XSD + "\" xmlns:doc=\"urn:doc\" targetNamespace=\"urn:t\" doc:owner=\"x\">"
                + "<xs:annotation><xs:documentation>Any <b>markup</b> &amp; text</xs:documentation></xs:annotation>"
                + "<?some-pi data?>"
                + "<xs:element name=\"a\" doc:hint=\"h\"><xs:annotation><xs:appinfo><doc:x/></xs:appinfo>"
                + "</xs:annotation><xs:complexType><xs:sequence><!-- inner -->"
                + "<xs:element name=\"b\" type=\"xs:string\"><xs:annotation/></xs:element>"
                + "</xs:sequence></xs:complexType></xs:element></xs:schema>");
        assertEquals(1, root(schema, "a").complexType().elements().size());
    }

    @Test
    void globalDeclarationsAreListedInDocumentOrder() throws SchemaException {
        Schema schema = parse(schema("<xs:element name=\"z\" type=\"xs:int\"/><xs:element name=\"a\" type=\"xs:int\"/>"
                + "<xs:element name=\"m\" type=\"xs:int\"/>"));
        assertEquals(Arrays.asList(tns("z"), tns("a"), tns("m")), List.copyOf(schema.elements().keySet()));
    }

    @Test
    void aByteStreamIsDecodedByItsDeclaredEncoding() throws SchemaException {
        String document = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n" + schema(
                "<xs:simpleType name=\"C\"><xs:restriction base=\"xs:string\"><xs:enumeration value=\"caf\u00e9\"/>"
                + "</xs:restriction></xs:simpleType><xs:element name=\"c\" type=\"tns:C\"/>");
        Schema schema = new SchemaParser().parse(new ByteArrayInputStream(document.getBytes(StandardCharsets.ISO_8859_1)));
        assertEquals(Collections.singletonList("caf\u00e9"), root(schema, "c").simpleType().enumeration());
        Schema utf8 = new SchemaParser().parse(new ByteArrayInputStream(
                document.replace("ISO-8859-1", "UTF-8").getBytes(StandardCharsets.UTF_8)));
        assertEquals(Collections.singletonList("caf\u00e9"), root(utf8, "c").simpleType().enumeration());
        Schema alias = new SchemaParser().parse(new ByteArrayInputStream(
                document.replace("ISO-8859-1", "latin1").getBytes(StandardCharsets.ISO_8859_1)));
        assertEquals(Collections.singletonList("caf\u00e9"), root(alias, "c").simpleType().enumeration());
    }

    @Test
    void documentOfExactlyTheLimitIsAccepted() throws SchemaException {
        String document = schema("<xs:element name=\"a\" type=\"xs:int\"/>");
        Schema schema = new SchemaParser(SchemaLimits.defaults()
                .toBuilder().maxDocumentChars(document.length()).build())
                .parse(document);
        assertEquals(1, schema.elements().size());
        assertEquals(TNS, root(schema, "a").name().namespace());
    }

    private static List<String> localNames(ComplexType type) {
        String[] names = new String[type.elements().size()];
        for (int i = 0; i < names.length; i++) {
            names[i] = type.elements().get(i).name().localName();
        }
        return Arrays.asList(names);
    }
}
