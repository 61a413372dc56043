package org.hhfr.streamer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import org.hhfr.schemas.DataStructure;
import org.hhfr.schemas.OperationStructures;
import org.hhfr.schemas.QualifiedName;
import org.hhfr.schemas.Schema;
import org.hhfr.schemas.SchemaParser;

/**
 * {@code examples/reservations.wsdl}: {@code book} streams though its {@code booking} is of a type another extends,
 * since an HHFR client writes only the declared type. XML someone else wrote ({@code ./hhfr call --request}, an
 * app's own) may name the derived type by {@code xsi:type}: read as the declared type, it would lose that type.
 */
class DerivedTypeInXmlTest {
    private static final String NS = "http://reservations.hhfr.org";
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
}
