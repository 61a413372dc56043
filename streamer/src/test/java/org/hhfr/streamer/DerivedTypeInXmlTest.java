package org.hhfr.streamer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.hhfr.schemas.DataStructure;
import org.hhfr.schemas.OperationStructures;
import org.hhfr.schemas.QualifiedName;
import org.hhfr.schemas.Schema;
import org.hhfr.schemas.SchemaParser;

/**
 * {@code examples/reservations.wsdl}: {@code book} streams though its {@code booking} is of a type another extends,
 * since an HHFR client writes only the declared type. XML someone else wrote ({@code ./hhfr call --request}, an
 * app's own) may name the derived type by {@code xsi:type}: read as the declared type, it would lose that type.
 * So may an element of a simple type name a type with simple content that extends it, whose attributes (qualified,
 * so not refused as undeclared) would be lost; toolkits that name every element's type name its own or a built-in.
 */
class DerivedTypeInXmlTest {
    private static final String NS = "http://reservations.hhfr.org";
    /** An element of each kind of simple type, and a type with simple content extending the first's. */
    private static final String PRICES = "<xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\""
            + " xmlns:p=\"urn:p\" targetNamespace=\"urn:p\" attributeFormDefault=\"qualified\">"
            + "<xs:element name=\"price\"><xs:complexType><xs:sequence>"
            + "<xs:element name=\"amount\" type=\"xs:decimal\" nillable=\"true\"/>"
            + "<xs:element name=\"due\" type=\"xs:date\"/>"
            + "<xs:element name=\"colour\" type=\"p:Colour\"/>"
            + "</xs:sequence></xs:complexType></xs:element>"
            + "<xs:simpleType name=\"Colour\"><xs:restriction base=\"xs:string\"><xs:enumeration value=\"red\"/>"
            + "</xs:restriction></xs:simpleType>"
            + "<xs:complexType name=\"Money\"><xs:simpleContent><xs:extension base=\"xs:decimal\">"
            + "<xs:attribute name=\"currency\" type=\"xs:string\"/></xs:extension></xs:simpleContent></xs:complexType>"
            + "</xs:schema>";
    private final XmlRepresentation xml = new XmlRepresentation();

    private static DataStructure bookRequest() throws Exception {
        Schema schema = new SchemaParser().perComponent()
                .parse(Files.readString(Path.of("../examples/reservations.wsdl")));
        return OperationStructures.of("book", schema, new QualifiedName(NS, "book"),
                new QualifiedName(NS, "bookResponse")).request();
    }

    private static String book(String type) {
        return "<r:book xmlns:r=\"" + NS + "\" xmlns:x=\"" + NS + "/xsd\""
                + " xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"><booking xsi:type=\"" + type + "\">"
                + "<guest>Ann</guest></booking></r:book>";
    }

    @Test
    void anElementNamingATypeDerivedFromItsOwnByXsiTypeIsRefusedNotReadAsItsOwn() throws Exception {
        DataStructure book = bookRequest();

        String message = assertThrows(MalformedMessageException.class,
                () -> xml.decode(book, book("x:GroupBooking"))).getMessage();

        assertEquals("xsi:type names {" + NS + "/xsd}GroupBooking, not the element's type {" + NS + "/xsd}Booking"
                + " (a derived type is not supported) at line 1:179 in /book/booking", message);
        assertEquals("Ann", xml.decode(book, book("x:Booking")).record().record("booking").string("guest"));
    }

    /** A {@code price} with {@code amount} as written, and {@code due} and {@code colour} with an attribute or none. */
    private static String price(String amount, String dueAttribute, String colourAttribute) {
        return ("<p:price xmlns:p='urn:p' xmlns:xs='http://www.w3.org/2001/XMLSchema'"
                + " xmlns:xsi='http://www.w3.org/2001/XMLSchema-instance'>" + amount
                + "<due" + (dueAttribute == null ? "" : " " + dueAttribute) + ">2026-11-29</due>"
                + "<colour" + (colourAttribute == null ? "" : " " + colourAttribute) + ">red</colour></p:price>")
                .replace('\'', '"');
    }

    @Test
    void anElementOfASimpleTypeNamingATypeThatExtendsItByXsiTypeIsRefusedNotReadWithoutItsAttributes()
            throws Exception {
        DataStructure prices = new SchemaParser().parse(PRICES).dataStructure("price");

        String message = assertThrows(MalformedMessageException.class, () -> xml.decode(prices,
                price("<amount xsi:type='p:Money' p:currency='EUR'>5</amount>", null, null))).getMessage();

        assertEquals("xsi:type names {urn:p}Money, not a type the element's values travel as"
                + " ({http://www.w3.org/2001/XMLSchema}decimal), and the element has the attribute {urn:p}currency,"
                + " which the structure does not carry (a type with simple content extending a simple type is not"
                + " supported) at line 1:167 in /price/amount",
                message);
    }

    /** Another type with an attribute in a namespace, which the structure would drop, or no type at all. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "a nil element's derived type | <amount xsi:nil='true' xsi:type='p:Money' p:currency='EUR'/> | ||{urn:p}Money",
        "another simple type's name | <amount>5</amount> | | xsi:type='p:Shade' p:tone='dark'|{urn:p}Shade",
        "a name of no namespace in scope | <amount>5</amount> | xsi:type='q:Day' ||'q:Day' (no type)"})
    void anElementOfASimpleTypeNamingAnotherTypeWithAnAttributeItWouldDropIsRefused(String what, String amount,
            String due, String colour, String named) throws Exception {
        DataStructure prices = new SchemaParser().parse(PRICES).dataStructure("price");

        String message = assertThrows(MalformedMessageException.class, () -> xml.decode(prices,
                price(amount, due, colour))).getMessage();

        assertTrue(message.startsWith("xsi:type names " + named), message);
    }

    /**
     * As toolkits that name every element's type write it (the type's own name, or the built-in carried as it), or
     * another type's without an attribute in a namespace: nothing is dropped.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "the declared built-ins | <amount xsi:type='xs:decimal'>5</amount> | xsi:type='xs:date' |",
        "an enumeration's own name | <amount>5</amount> | | xsi:type='p:Colour'",
        "the built-in an enumeration restricts | <amount>5</amount> | | xsi:type='xs:string'",
        "a built-in carried as the declared one | <amount>5</amount> | xsi:type='xs:string' | xsi:type='xs:token'",
        "a built-in derived from the declared one | <amount xsi:type='xs:int'>5</amount> | |",
        "a type the structure does not know, nothing to drop | <amount>5</amount> | | xsi:type='p:Shade'",
        "the extending type without its attribute | <amount xsi:type='p:Money'>5</amount> | |"})
    void anElementOfASimpleTypeNamingItsOwnTypeOrAnotherWithNothingToDropIsRead(String what, String amount,
            String due, String colour) throws Exception {
        DataStructure prices = new SchemaParser().parse(PRICES).dataStructure("price");

        Record price = xml.decode(prices, price(amount, due, colour)).record();

        assertEquals("2026-11-29 red", price.string("due") + " " + price.string("colour"));
    }
}
