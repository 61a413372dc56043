package org.hhfr.schemas;

import static org.hhfr.schemas.Schemas.schema;
import static org.hhfr.schemas.Schemas.schemaWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Everything outside the supported subset is refused, never ignored: each case names the construct in its
 * message and points at it. The expected position is where {@code anchor} first occurs in the document.
 */
class SchemaRejectionTest {
    private static final String WSDL = "http://schemas.xmlsoap.org/wsdl/";

    static Stream<Arguments> rejected() {
        return Stream.of(
                // model groups, wildcards, derivation, groups
                reject("a repeated xs:choice", inComplexType("<xs:choice maxOccurs=\"unbounded\"/>"), "<xs:choice",
                        "maxOccurs on xs:choice is not supported (its elements would interleave)"),
                reject("xs:all", inComplexType("<xs:all/>"), "<xs:all", "xs:all is not supported"),
                reject("xs:any", inSequence("<xs:any/>"), "<xs:any", "wildcards (xs:any)"),
                reject("xs:anyAttribute", inComplexType("<xs:anyAttribute/>"), "<xs:anyAttribute", "wildcards"),
                reject("xs:group ref to no group", inSequence("<xs:group ref=\"tns:g\"/>"), "<xs:group",
                        "ref to unknown group {urn:t}g"),
                reject("a repeated xs:group ref", inSequence("<xs:group ref=\"tns:g\" maxOccurs=\"2\"/>"),
                        "<xs:group", "maxOccurs on an xs:group ref is not supported"),
                reject("an empty global xs:group", schema("<xs:group name=\"g\"/>"), "<xs:group",
                        "needs an xs:sequence or xs:choice"),
                reject("xs:all in a global xs:group", schema("<xs:group name=\"g\">\n  <xs:all/></xs:group>"),
                        "<xs:all", "xs:all is not supported"),
                reject("a group that holds itself", schema("<xs:group name=\"g\"><xs:sequence>"
                        + "<xs:element name=\"x\" type=\"xs:int\"/><xs:group ref=\"tns:g\" minOccurs=\"0\"/></xs:sequence>"
                        + "</xs:group>\n<xs:element name=\"a\"><xs:complexType><xs:sequence><xs:group ref=\"tns:g\"/>"
                        + "</xs:sequence></xs:complexType></xs:element>"), "<xs:group ref=\"tns:g\" minOccurs",
                        "recursive structure: group {urn:t}g -> group {urn:t}g"),
                reject("a group that holds itself through an anonymous type", schema("<xs:group name=\"g\">"
                        + "<xs:sequence><xs:element name=\"x\" minOccurs=\"0\"><xs:complexType><xs:sequence>\n"
                        + "  <xs:group ref=\"tns:g\"/></xs:sequence></xs:complexType></xs:element></xs:sequence>"
                        + "</xs:group><xs:element name=\"a\"><xs:complexType><xs:sequence><xs:group ref=\"tns:g\"/>"
                        + "</xs:sequence></xs:complexType></xs:element>"), "<xs:group ref",
                        "recursive structure: group {urn:t}g -> group {urn:t}g"),
                reject("groups that hold each other through anonymous types", schema("<xs:group name=\"g\">"
                        + "<xs:sequence><xs:element name=\"x\"><xs:complexType><xs:sequence><xs:group ref=\"tns:h\"/>"
                        + "</xs:sequence></xs:complexType></xs:element></xs:sequence></xs:group><xs:group name=\"h\">"
                        + "<xs:sequence><xs:element name=\"y\" minOccurs=\"0\"><xs:complexType><xs:sequence>\n"
                        + "  <xs:group ref=\"tns:g\"/></xs:sequence></xs:complexType></xs:element></xs:sequence>"
                        + "</xs:group><xs:element name=\"a\"><xs:complexType><xs:sequence><xs:group ref=\"tns:g\"/>"
                        + "</xs:sequence></xs:complexType></xs:element>"), "<xs:group ref=\"tns:g\"/></xs:sequence></xs:complexType>",
                        "recursive structure: group {urn:t}g -> group {urn:t}h -> group {urn:t}g"),
                reject("a name a group repeats", schema("<xs:group name=\"g\"><xs:sequence>"
                        + "<xs:element name=\"x\" type=\"xs:int\"/></xs:sequence></xs:group>\n<xs:element name=\"a\">"
                        + "<xs:complexType><xs:sequence><xs:element name=\"x\" type=\"xs:int\"/><xs:group ref=\"tns:g\"/>"
                        + "</xs:sequence></xs:complexType></xs:element>"), "<xs:element name=\"x\" type=\"xs:int\"/></xs:sequence></xs:group>",
                        "element 'x' appears twice in its type"),
                reject("xs:attributeGroup ref to no group", inComplexType("<xs:attributeGroup ref=\"tns:g\"/>"),
                        "<xs:attributeGroup", "ref to unknown attribute group {urn:t}g"),
                reject("an attribute group that holds itself", schema("<xs:attributeGroup name=\"g\">"
                        + "<xs:attribute name=\"x\" type=\"xs:int\"/>\n  <xs:attributeGroup ref=\"tns:g\"/>"
                        + "</xs:attributeGroup><xs:element name=\"a\"><xs:complexType><xs:attributeGroup"
                        + " ref=\"tns:g\"/></xs:complexType></xs:element>"), "<xs:attributeGroup ref=\"tns:g\"/></xs:attributeGroup>",
                        "recursive structure: attributeGroup {urn:t}g -> attributeGroup {urn:t}g"),
                reject("xs:anyAttribute in an attribute group", schema("<xs:attributeGroup name=\"g\">\n"
                        + "  <xs:anyAttribute/></xs:attributeGroup>"), "<xs:anyAttribute", "wildcards"),
                reject("xs:extension of an unknown type", inComplexType("<xs:complexContent><xs:extension"
                        + " base=\"tns:B\"/></xs:complexContent>"), "<xs:complexType", "xs:extension of the unknown"
                        + " type {urn:t}B"),
                reject("xs:extension of a built-in", inComplexType("<xs:complexContent><xs:extension"
                        + " base=\"xs:string\"/></xs:complexContent>"), "<xs:complexType", "xs:extension of"
                        + " xs:string in xs:complexContent: only a complex type can be extended"),
                reject("complex xs:restriction", inComplexType("<xs:complexContent><xs:restriction"
                        + " base=\"xs:anyType\"/></xs:complexContent>"), "<xs:restriction", "by xs:restriction is not"
                        + " supported"),
                reject("xs:complexContent beside a sequence", inComplexType("<xs:sequence/><xs:complexContent/>"),
                        "<xs:complexContent", "the only content"),
                reject("a name the extension shares with its base", schema("<xs:complexType name=\"B\"><xs:sequence>"
                        + "<xs:element name=\"x\" type=\"xs:int\"/></xs:sequence></xs:complexType>"
                        + "<xs:element name=\"a\"><xs:complexType><xs:complexContent><xs:extension base=\"tns:B\">"
                        + "<xs:sequence>\n  <xs:element name=\"x\" type=\"xs:int\"/></xs:sequence></xs:extension>"
                        + "</xs:complexContent></xs:complexType></xs:element>"), "<xs:element name=\"x\" type=\"xs:int\"/></xs:sequence></xs:extension>",
                        "element 'x' appears twice in its type (through its base type or a group)"),
                reject("an element of an abstract type", schema("<xs:complexType name=\"B\" abstract=\"true\"/>\n"
                        + "<xs:element name=\"a\" type=\"tns:B\"/>"), "<xs:element name=\"a\"",
                        "element 'a' has the abstract type {urn:t}B"),
                reject("xs:simpleContent without a derivation", inComplexType("<xs:simpleContent/>"),
                        "<xs:simpleContent", "xs:simpleContent needs an xs:extension"),
                reject("elements in xs:simpleContent", inComplexType("<xs:simpleContent><xs:extension"
                        + " base=\"xs:int\">\n  <xs:sequence/></xs:extension></xs:simpleContent>"), "<xs:sequence",
                        "elements in xs:simpleContent: its content is text"),
                reject("xs:restriction in xs:simpleContent", inComplexType("<xs:simpleContent>\n  <xs:restriction"
                        + " base=\"xs:int\"/></xs:simpleContent>"), "<xs:restriction", "by xs:restriction is not"),
                reject("xs:simpleContent of a type with elements", schema("<xs:complexType name=\"B\"><xs:sequence>"
                        + "<xs:element name=\"x\" type=\"xs:int\"/></xs:sequence></xs:complexType>\n<xs:element"
                        + " name=\"a\"><xs:complexType><xs:simpleContent><xs:extension base=\"tns:B\"/>"
                        + "</xs:simpleContent></xs:complexType></xs:element>"), "<xs:complexType><xs:simpleContent",
                        "xs:simpleContent extends {urn:t}B, which has elements, not text"),
                reject("elements added by xs:complexContent to a type with text", schema("<xs:complexType name=\"B\">"
                        + "<xs:simpleContent><xs:extension base=\"xs:int\"/></xs:simpleContent></xs:complexType>\n"
                        + "<xs:element name=\"a\"><xs:complexType><xs:complexContent><xs:extension base=\"tns:B\">"
                        + "<xs:sequence><xs:element name=\"x\" type=\"xs:int\"/></xs:sequence></xs:extension>"
                        + "</xs:complexContent></xs:complexType></xs:element>"), "<xs:complexType><xs:complexContent",
                        "xs:complexContent adds elements to {urn:t}B, whose content is text"),
                reject("xs:simpleContent of xs:anyType", inComplexType("<xs:simpleContent><xs:extension"
                        + " base=\"xs:anySimpleType\"/></xs:simpleContent>"), "<xs:complexType",
                        "xs:anySimpleType, which is not supported"),
                reject("xs:any in a choice", inSequence("<xs:choice><xs:any/></xs:choice>"), "<xs:any",
                        "wildcards (xs:any)"),
                reject("occurrence on xs:sequence", schema("<xs:element name=\"a\"><xs:complexType>\n"
                        + "  <xs:sequence maxOccurs=\"unbounded\"/></xs:complexType></xs:element>"),
                        "<xs:sequence", "on xs:sequence"),
                reject("attributes before the sequence", inComplexType("<xs:attribute name=\"x\" type=\"xs:int\"/>"
                        + "<xs:sequence/>"), "<xs:sequence", "before the attributes"),
                reject("identity constraint without a name", schema("<xs:element name=\"a\" type=\"xs:int\">\n"
                        + "  <xs:unique/></xs:element>"), "<xs:unique", "needs a name"),
                reject("xs:notation", schema("<xs:notation name=\"n\" public=\"p\"/>"), "<xs:notation",
                        "<xs:notation> is not supported here"),
                reject("unknown XSD element", schema("<xs:frobnicate/>"), "<xs:frobnicate", "not supported here"),
                // simple types
                reject("xs:union", schema("<xs:simpleType name=\"U\"><xs:union memberTypes=\"xs:int xs:long\"/>"
                        + "</xs:simpleType>"), "<xs:union", "xs:union simple types are not supported"),
                reject("xs:list", schema("<xs:simpleType name=\"L\"><xs:list itemType=\"xs:int\"/></xs:simpleType>"),
                        "<xs:list", "xs:list simple types are not supported"),
                reject("facet of XML Schema 1.1", restriction("xs:string", "<xs:assertion test=\"true()\"/>"),
                        "<xs:assertion", "facet xs:assertion is not supported"),
                reject("facet without value", restriction("xs:string", "<xs:pattern/>"), "<xs:pattern",
                        "xs:pattern needs a value="),
                reject("facet with content", restriction("xs:string", "<xs:maxLength value=\"5\"><xs:pattern"
                        + " value=\"a\"/></xs:maxLength>"), "<xs:pattern", "not supported"),
                reject("enumeration of int", restriction("xs:int", "<xs:enumeration value=\"1\"/>"),
                        "<xs:enumeration", "xs:string only"),
                reject("duplicate enumeration value", restriction("xs:string",
                        "<xs:enumeration value=\"a\"/><xs:enumeration value=\"a\" />"), "<xs:enumeration value=\"a\" />",
                        "appears twice"),
                reject("restriction of a declared type", restriction("tns:Other", ""), "<xs:restriction",
                        "may only restrict a built-in type"),
                reject("restriction of an unsupported built-in", restriction("xs:QName", ""), "<xs:restriction",
                        "xs:QName is not supported"),
                reject("restriction without base", schema("<xs:simpleType name=\"S\">\n  <xs:restriction/>"
                        + "</xs:simpleType>"), "<xs:restriction", "needs a base"),
                reject("simpleType without restriction", schema("<xs:simpleType name=\"S\"/>"), "<xs:simpleType",
                        "needs an xs:restriction"),
                reject("unsupported built-in type", inSequence("<xs:element name=\"d\" type=\"xs:QName\"/>"),
                        "<xs:element name=\"d\"", "xs:QName, which is not supported"),
                reject("unknown built-in type", inSequence("<xs:element name=\"d\" type=\"xs:Date\"/>"),
                        "<xs:element name=\"d\"", "xs:Date, which is not supported"),
                reject("xs:anyType", inSequence("<xs:element name=\"d\" type=\"xs:anyType\"/>"),
                        "<xs:element name=\"d\"", "xs:anyType, which is not supported"),
                reject("element without a type", inSequence("<xs:element name=\"d\"/>"), "<xs:element name=\"d\"",
                        "has no type"),
                reject("type and inline type", inSequence("<xs:element name=\"d\" type=\"xs:int\">"
                        + "<xs:complexType/></xs:element>"), "<xs:complexType/>", "more than one type"),
                // mixed content
                reject("mixed=true", schema("<xs:element name=\"a\">\n  <xs:complexType mixed=\"true\"/></xs:element>"),
                        "<xs:complexType", "mixed=\"true\""),
                reject("text in a sequence", inSequence("hello"), "hello", "text inside <xs:sequence>"),
                // element attributes outside the subset
                reject("substitution group", schema("<xs:element name=\"h\" type=\"xs:int\"/>\n"
                        + "<xs:element name=\"b\" type=\"xs:int\" substitutionGroup=\"tns:h\"/>"),
                        "<xs:element name=\"b\"", "attribute substitutionGroup"),
                reject("abstract element", schema("<xs:element name=\"b\" type=\"xs:int\" abstract=\"true\"/>"),
                        "<xs:element", "attribute abstract"),
                reject("fixed value", inSequence("<xs:element name=\"d\" type=\"xs:int\" fixed=\"3\"/>"),
                        "<xs:element name=\"d\"", "attribute fixed"),
                reject("default value", inSequence("<xs:element name=\"d\" type=\"xs:int\" default=\"3\"/>"),
                        "<xs:element name=\"d\"", "attribute default"),
                reject("occurrence on a global element", schema("<xs:element name=\"g\" type=\"xs:int\" minOccurs=\"0\"/>"),
                        "<xs:element", "attribute minOccurs"),
                reject("ref with a name", inSequence("<xs:element ref=\"tns:a\" name=\"x\"/>"), "<xs:element ref",
                        "attribute name"),
                reject("attribute in the XSD namespace", schema("<xs:element name=\"a\" type=\"xs:int\" xs:b=\"1\"/>"),
                        "<xs:element", "attribute b"),
                reject("named local complexType", schema("<xs:element name=\"a\">\n  <xs:complexType name=\"X\"/>"
                        + "</xs:element>"), "<xs:complexType", "attribute name"),
                // occurrence
                reject("maxOccurs=0", inSequence("<xs:element name=\"d\" type=\"xs:int\" maxOccurs=\"0\"/>"),
                        "<xs:element name=\"d\"", "maxOccurs=\"0\""),
                reject("minOccurs > maxOccurs", inSequence("<xs:element name=\"d\" type=\"xs:int\" minOccurs=\"3\""
                        + " maxOccurs=\"2\"/>"), "<xs:element name=\"d\"", "greater than maxOccurs"),
                reject("minOccurs > default maxOccurs", inSequence("<xs:element name=\"d\" type=\"xs:int\""
                        + " minOccurs=\"2\"/>"), "<xs:element name=\"d\"", "(1 when absent)"),
                reject("negative minOccurs", inSequence("<xs:element name=\"d\" type=\"xs:int\" minOccurs=\"-1\"/>"),
                        "<xs:element name=\"d\"", "is not a count"),
                reject("word maxOccurs", inSequence("<xs:element name=\"d\" type=\"xs:int\" maxOccurs=\"many\"/>"),
                        "<xs:element name=\"d\"", "is not a count"),
                reject("huge maxOccurs", inSequence("<xs:element name=\"d\" type=\"xs:int\""
                        + " maxOccurs=\"99999999999\"/>"), "<xs:element name=\"d\"", "is not a count"),
                reject("bad nillable", inSequence("<xs:element name=\"d\" type=\"xs:int\" nillable=\"yes\"/>"),
                        "<xs:element name=\"d\"", "not a boolean"),
                // the paper's array shorthand
                reject("array without value", inSequence("<xs:element name=\"d\" type=\"array\" primitives=\"float\"/>"),
                        "<xs:element name=\"d\"", "needs primitives="),
                reject("array without primitives", inSequence("<xs:element name=\"d\" type=\"array\" value=\"3\"/>"),
                        "<xs:element name=\"d\"", "needs primitives="),
                reject("array of an unsupported primitive", inSequence("<xs:element name=\"d\" type=\"array\""
                        + " primitives=\"NOTATION\" value=\"3\"/>"), "<xs:element name=\"d\"", "not a supported built-in"),
                reject("array of length 0", inSequence("<xs:element name=\"d\" type=\"array\" primitives=\"int\""
                        + " value=\"0\"/>"), "<xs:element name=\"d\"", "at least one item"),
                reject("array with occurrence", inSequence("<xs:element name=\"d\" type=\"array\" primitives=\"int\""
                        + " value=\"2\" maxOccurs=\"5\"/>"), "<xs:element name=\"d\"", "minOccurs/maxOccurs are not allowed"),
                reject("primitives without type=array", inSequence("<xs:element name=\"d\" type=\"xs:int\""
                        + " primitives=\"int\" value=\"2\"/>"), "<xs:element name=\"d\"", "array shorthand"),
                // attributes
                reject("global attribute without a type", schema("<xs:attribute name=\"g\"/>"), "<xs:attribute",
                        "attribute 'g' has no type"),
                reject("attribute ref to no attribute", inComplexType("<xs:attribute ref=\"tns:g\"/>"), "<xs:attribute",
                        "ref to unknown global attribute {urn:t}g"),
                reject("attribute ref with a type", inComplexType("<xs:attribute ref=\"tns:g\" type=\"xs:int\"/>"),
                        "<xs:attribute", "attribute type"),
                reject("a required attribute's default", inComplexType("<xs:attribute name=\"x\" type=\"xs:int\""
                        + " use=\"required\" default=\"3\"/>"), "<xs:attribute", "with a default= is optional"),
                reject("use=prohibited", inComplexType("<xs:attribute name=\"x\" type=\"xs:int\" use=\"prohibited\"/>"),
                        "<xs:attribute", "use=\"prohibited\""),
                reject("attribute without type", inComplexType("<xs:attribute name=\"x\"/>"), "<xs:attribute",
                        "has no type"),
                reject("attribute of a complex type", schema("<xs:complexType name=\"T\"/>\n"
                        + "<xs:element name=\"a\"><xs:complexType><xs:attribute name=\"x\" type=\"tns:T\"/>"
                        + "</xs:complexType></xs:element>"), "<xs:attribute", "needs a simple type"),
                reject("attribute inside a sequence", inSequence("<xs:attribute name=\"x\" type=\"xs:int\"/>"),
                        "<xs:attribute", "not supported here"),
                reject("duplicate attribute", inComplexType("<xs:attribute name=\"x\" type=\"xs:int\"/>"
                        + "<xs:attribute name=\"x\" type=\"xs:long\"/>"), "<xs:attribute name=\"x\" type=\"xs:long",
                        "declared twice"),
                // references and names
                reject("unknown type", inSequence("<xs:element name=\"d\" type=\"tns:Missing\"/>"),
                        "<xs:element name=\"d\"", "unknown type {urn:t}Missing"),
                reject("unprefixed type without default namespace", inSequence("<xs:element name=\"d\" type=\"T\"/>"),
                        "<xs:element name=\"d\"", "unknown type T"),
                reject("undeclared prefix", inSequence("<xs:element name=\"d\" type=\"zz:T\"/>"),
                        "<xs:element name=\"d\"", "undeclared prefix 'zz'"),
                reject("ref to unknown element", inSequence("<xs:element ref=\"tns:nowhere\"/>"), "<xs:element ref",
                        "unknown global element {urn:t}nowhere"),
                reject("duplicate global element", schema("<xs:element name=\"a\" type=\"xs:int\"/>\n"
                        + "<xs:element name=\"a\" type=\"xs:long\"/>"), "<xs:element name=\"a\" type=\"xs:long",
                        "declared twice"),
                reject("complex and simple type of one name", schema("<xs:complexType name=\"X\"/>\n"
                        + "<xs:simpleType name=\"X\"><xs:restriction base=\"xs:string\"/></xs:simpleType>"),
                        "<xs:simpleType", "type {urn:t}X is declared twice"),
                reject("two elements of one name in a sequence", inSequence("<xs:element name=\"d\" type=\"xs:int\"/>"
                        + "<xs:element name=\"d\" type=\"xs:long\"/>"), "<xs:element name=\"d\" type=\"xs:long",
                        "two elements named 'd'"),
                reject("name starting with a digit", schema("<xs:element name=\"1abc\" type=\"xs:int\"/>"),
                        "<xs:element", "not a valid XML name"),
                reject("name with a colon", schema("<xs:element name=\"a:b\" type=\"xs:int\"/>"), "<xs:element",
                        "not a valid XML name"),
                reject("element without a name", schema("<xs:element type=\"xs:int\"/>"), "<xs:element",
                        "needs a name"),
                // recursion
                reject("recursion through a named type", schema("<xs:complexType name=\"Node\"><xs:sequence>\n"
                        + "  <xs:element name=\"next\" type=\"tns:Node\" minOccurs=\"0\"/>\n"
                        + "</xs:sequence></xs:complexType>"), "<xs:element name=\"next\"",
                        "recursive structure: type {urn:t}Node -> type {urn:t}Node"),
                reject("mutual recursion", schema("<xs:complexType name=\"A\"><xs:sequence>"
                        + "<xs:element name=\"toB\" type=\"tns:B\"/></xs:sequence></xs:complexType>\n"
                        + "<xs:complexType name=\"B\"><xs:sequence>"
                        + "<xs:element name=\"backToA\" type=\"tns:A\" minOccurs=\"0\"/></xs:sequence></xs:complexType>"),
                        "<xs:element name=\"backToA\"", "type {urn:t}A -> type {urn:t}B -> type {urn:t}A"),
                reject("recursion through a ref", schema("<xs:element name=\"tree\"><xs:complexType><xs:sequence>\n"
                        + "  <xs:element ref=\"tns:tree\" minOccurs=\"0\" maxOccurs=\"unbounded\"/>\n"
                        + "</xs:sequence></xs:complexType></xs:element>"), "<xs:element ref",
                        "element {urn:t}tree -> element {urn:t}tree"),
                // schema and document level
                reject("xs:include", schema("<xs:include schemaLocation=\"other.xsd\"/>"), "<xs:include",
                        "never fetched"),
                reject("xs:redefine", schema("<xs:redefine schemaLocation=\"other.xsd\"/>"), "<xs:redefine",
                        "never fetched"),
                reject("xs:import with schemaLocation", schema("<xs:import namespace=\"urn:o\""
                        + " schemaLocation=\"http://example.com/o.xsd\"/>"), "<xs:import", "never fetched"),
                reject("xs:import of an absent namespace", schema("<xs:import namespace=\"urn:absent\"/>"),
                        "<xs:import", "no schema in this document declares"),
                reject("xs:import of the own namespace", schema("<xs:import namespace=\"urn:t\"/>"), "<xs:import",
                        "its own target namespace"),
                reject("empty targetNamespace", "<xs:schema xmlns:xs=\"" + Schemas.XSD + "\" targetNamespace=\"\"/>",
                        "<xs:schema", "targetNamespace=\"\""),
                reject("bad elementFormDefault", schemaWith("elementFormDefault=\"sometimes\"", ""), "<xs:schema",
                        "qualified or unqualified"),
                reject("unknown schema attribute", schemaWith("blockDefault=\"#all\"", ""), "<xs:schema",
                        "attribute blockDefault"),
                reject("foreign element in a schema", schema("<foo:bar xmlns:foo=\"urn:f\"/>"), "<foo:bar",
                        "only XML Schema elements"),
                reject("unknown document element", "<root/>", "<root", "neither an XML Schema"),
                reject("text in a schema", schema("stray text"), "stray", "text inside <xs:schema>"),
                // WSDL
                reject("WSDL 2.0", "<description xmlns=\"http://www.w3.org/ns/wsdl\"/>", "<description", "WSDL 2.0"),
                reject("wsdl:import", wsdl("<wsdl:import namespace=\"urn:o\" location=\"o.wsdl\"/>"), "<wsdl:import",
                        "wsdl:import is not supported"),
                reject("non-schema in wsdl:types", wsdl("<wsdl:types>\n  <foo:bar xmlns:foo=\"urn:f\"/></wsdl:types>"),
                        "<foo:bar", "inside wsdl:types"),
                reject("two wsdl:types", wsdl("<wsdl:types/>\n<wsdl:types />"), "<wsdl:types />", "at most one"),
                reject("rejection inside a WSDL schema", wsdl("<wsdl:types>\n" + schema("<xs:element name=\"a\">"
                        + "<xs:complexType>\n  <xs:all/></xs:complexType></xs:element>") + "</wsdl:types>"),
                        "<xs:all", "xs:all"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rejected")
    void isRefusedAtItsPosition(String construct, String document, String anchor, String reason) {
        SchemaException e = assertThrows(SchemaException.class, () -> Schemas.parse(document));
        int offset = document.indexOf(anchor);
        assertTrue(offset >= 0, "test bug: anchor not in the document");
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < offset; i++) {
            if (document.charAt(i) == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        int column = offset - lineStart + 1;
        assertTrue(e.reason().contains(reason), "reason '" + e.reason() + "' should contain '" + reason + "'");
        assertEquals(line + ":" + column, e.line() + ":" + e.column(), "position of " + construct + ": " + e.reason());
        assertTrue(e.getMessage().startsWith(line + ":" + column + ": "), e.getMessage());
    }

    private static Arguments reject(String construct, String document, String anchor, String reason) {
        return Arguments.of(construct, document, anchor, reason);
    }

    /** The construct on line 3, column 3, directly inside an anonymous complex type. */
    private static String inComplexType(String content) {
        return schema("<xs:element name=\"a\"><xs:complexType>\n  " + content + "\n</xs:complexType></xs:element>");
    }

    /** The construct on line 3, column 3, inside the sequence of an anonymous complex type. */
    private static String inSequence(String content) {
        return schema("<xs:element name=\"a\"><xs:complexType><xs:sequence>\n  " + content
                + "\n</xs:sequence></xs:complexType></xs:element>");
    }

    /** A named simple type restricting {@code base}, and an element using it. */
    private static String restriction(String base, String facets) {
        return schema("<xs:simpleType name=\"S\">\n  <xs:restriction base=\"" + base + "\">" + facets
                + "</xs:restriction>\n</xs:simpleType>\n<xs:element name=\"s\" type=\"tns:S\"/>");
    }

    private static String wsdl(String content) {
        return "<wsdl:definitions xmlns:wsdl=\"" + WSDL + "\" targetNamespace=\"urn:w\">\n" + content
                + "\n</wsdl:definitions>";
    }
}
