package org.hhfr.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.List;

import org.hhfr.schemas.OperationStructures;
import org.hhfr.schemas.QualifiedName;
import org.junit.jupiter.api.Test;

/**
 * A WSDL with one operation whose messages HHFR cannot represent (a response bean that another extends, so that
 * the service may send the other, named by {@code xsi:type}) still gives the client its other operations (one
 * taking that bean, one on the derived bean, published as an {@code xs:complexContent} extension); the bad one
 * has a verdict naming element, type, construct and line:column, and asking for it says so.
 */
class WsdlOperationsTest {
    private static final String NS = "http://reservations.hhfr.org";
    private static final String SOURCE = "reservations.wsdl";

    private static WsdlOperations reservations() throws IOException {
        String wsdl = new String(Files.readAllBytes(Paths.get("..", "examples", SOURCE)), StandardCharsets.UTF_8);
        return WsdlOperations.read(wsdl, SOURCE);
    }

    @Test
    void theOperationThatDerivesIsAnOrdinaryOperation() throws Exception {
        Operation confirm = reservations().operation("confirm");

        assertEquals(new QualifiedName(NS, "confirm"), confirm.element());
        assertEquals("urn:confirm", confirm.soapAction());
        assertEquals(new QualifiedName(NS, "confirmResponse"), confirm.response().root().name());
    }

    @Test
    void everyOperationHasAVerdictAndTheUnderivableOneSaysWhereAndWhy() throws Exception {
        List<OperationStructures> verdicts = reservations().structures();

        assertEquals(4, verdicts.size());
        OperationStructures confirm = verdicts.get(0);
        assertEquals("confirm", confirm.operation());
        assertTrue(confirm.isStreamable());
        assertNull(confirm.reason());
        assertTrue(verdicts.get(1).isStreamable(), "book, whose bean another extends: a client sends only the bean");
        assertTrue(verdicts.get(2).isStreamable(), "bookGroup, whose bean extends another and has an xs:date");
        OperationStructures lookup = verdicts.get(3);
        assertEquals("lookup", lookup.operation());
        assertFalse(lookup.isStreamable());
        assertEquals(new QualifiedName(NS, "lookupResponse"), lookup.responseElement());
        assertEquals("the response element {" + NS + "}lookupResponse: 79:25: element 'return' has the type {" + NS
                + "/xsd}Booking, which {" + NS + "/xsd}GroupBooking extends, so it may carry a {" + NS
                + "/xsd}GroupBooking named by xsi:type (not supported)", lookup.reason());
    }

    @Test
    void askingForTheUnderivableOperationFailsWithItsReason() throws Exception {
        HhfrException e = assertThrows(HhfrException.class, () -> reservations().operation("lookup"));

        assertTrue(e.getMessage().startsWith("operation 'lookup' of the WSDL at " + SOURCE + " cannot be called:"
                + " the response element {" + NS + "}lookupResponse: 79:25: element 'return'"), e.getMessage());
    }
}
