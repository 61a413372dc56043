package org.hhfr.negotiation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collections;

import org.hhfr.contextstore.ContextStore;
import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.contextstore.MonotonicClock;
import org.hhfr.contextstore.ServiceOperation;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.negotiation.server.NegotiationHandler;
import org.hhfr.negotiation.server.OperationContext;
import org.hhfr.negotiation.server.PublishedSchemas;
import org.hhfr.negotiation.server.SchemaSource;
import org.hhfr.negotiation.server.ServerCapabilities;
import org.hhfr.schemas.QualifiedName;
import org.hhfr.schemas.SchemaLimits;
import org.junit.jupiter.api.Test;

/**
 * An operation whose messages the service cannot represent is declined with the service's reason, whatever
 * schemas the offer carries; offered schema text is judged by the named elements only, so a construct HHFR
 * cannot represent elsewhere in it (as in a whole WSDL) does not matter, and one in a named element is
 * declined with its position.
 */
class RefusedOperationTest {
    private static final String WHY = "the response element {urn:b}lookupResponse: 18:9: element 'return' has the"
            + " type {urn:b}Booking, which {urn:b}GroupBooking extends, so it may carry a {urn:b}GroupBooking named by"
            + " xsi:type (not supported)";
    private static final OperationContext FLOAT_SUM = OperationContext.of(HhfrServer.operation(SoapVersion.SOAP_11),
            Collections.<HeaderBlock>emptyList());

    private final ContextStore store = HhfrServer.store(10, 120_000, MonotonicClock.SYSTEM);

    private static SchemaSource refusing() {
        return new SchemaSource() {
            @Override
            public PublishedSchemas published(ServiceOperation operation) {
                return null;
            }

            @Override
            public String refusal(ServiceOperation operation) {
                return WHY;
            }
        };
    }

    private Answer decide(Offer offer) {
        return decide(refusing(), offer);
    }

    private Answer decide(SchemaSource schemas, Offer offer) {
        return new NegotiationHandler(ServerCapabilities.defaults(), store, transport -> Hhfr.TCP_ENDPOINT,
                schemas, SchemaLimits.defaults()).handle(offer, FLOAT_SUM);
    }

    /** The float-sum schema with one more global element, which uses xs:all. */
    private static OperationSchemas floatSumWithAnUnsupportedElement(QualifiedName request) {
        String xsd = FloatSum.XSD.replace("</xs:schema>", "<xs:element name=\"odd\"><xs:complexType><xs:all/>"
                + "</xs:complexType></xs:element></xs:schema>");
        return OperationSchemas.of(MessageSchema.of(request, xsd), MessageSchema.of(FloatSum.RESPONSE, xsd));
    }

    @Test
    void anOfferWithoutSchemasIsDeclinedWithTheRefusal() {
        Answer answer = decide(Hhfr.offer().build());

        assertFalse(answer.isAccepted());
        assertEquals("operation " + FLOAT_SUM.operation().operation() + " cannot stream: " + WHY, answer.reason());
    }

    @Test
    void anOfferCarryingItsOwnSchemasIsDeclinedWithTheRefusalToo() {
        Answer answer = decide(Hhfr.offer().schemas(FloatSum.schemas()).build());

        assertFalse(answer.isAccepted());
        assertTrue(answer.reason().endsWith(WHY), answer.reason());
    }

    @Test
    void offeredSchemaTextWithAnUnsupportedConstructOutsideTheNamedElementsIsAccepted() {
        Answer answer = decide(HhfrServer.publishingNothing(),
                Hhfr.offer().schemas(floatSumWithAnUnsupportedElement(FloatSum.REQUEST)).build());

        assertTrue(answer.isAccepted(), answer::reason);
    }

    @Test
    void anOfferedElementThatCannotBeRepresentedIsDeclinedWithItsPosition() {
        QualifiedName odd = new QualifiedName(FloatSum.NS, "odd");
        Answer answer = decide(HhfrServer.publishingNothing(),
                Hhfr.offer().schemas(floatSumWithAnUnsupportedElement(odd)).build());

        assertFalse(answer.isAccepted());
        assertTrue(answer.reason().startsWith("the request element " + odd + " cannot be represented: "),
                answer.reason());
        assertTrue(answer.reason().contains(": xs:all is not supported"), answer.reason());
    }

    /**
     * An element of a type another extends may carry the derived type, named by xsi:type: offered as the response,
     * which the service writes, it is declined; as the request, which the client writes, it is accepted.
     */
    @Test
    void anOfferedResponseThatMayCarryADerivedTypeIsDeclinedAndSuchARequestAccepted() {
        QualifiedName held = new QualifiedName(FloatSum.NS, "held");
        String xsd = FloatSum.XSD.replace("</xs:schema>", "<xs:complexType name=\"Booking\"><xs:sequence>"
                + "<xs:element name=\"guest\" type=\"xs:string\"/></xs:sequence></xs:complexType>"
                + "<xs:complexType name=\"GroupBooking\"><xs:complexContent><xs:extension base=\"ns:Booking\">"
                + "<xs:sequence><xs:element name=\"size\" type=\"xs:int\"/></xs:sequence></xs:extension>"
                + "</xs:complexContent></xs:complexType><xs:element name=\"held\"><xs:complexType><xs:sequence>"
                + "<xs:element name=\"booking\" type=\"ns:Booking\"/></xs:sequence></xs:complexType></xs:element>"
                + "</xs:schema>");

        Answer asResponse = decide(HhfrServer.publishingNothing(), Hhfr.offer().schemas(OperationSchemas.of(
                MessageSchema.of(FloatSum.REQUEST, xsd), MessageSchema.of(held, xsd))).build());
        Answer asRequest = decide(HhfrServer.publishingNothing(), Hhfr.offer().schemas(OperationSchemas.of(
                MessageSchema.of(held, xsd), MessageSchema.of(FloatSum.RESPONSE, xsd))).build());

        assertFalse(asResponse.isAccepted());
        assertTrue(asResponse.reason().startsWith("the response element " + held + " cannot be represented: "),
                asResponse.reason());
        assertTrue(asResponse.reason().contains("may carry a {" + FloatSum.NS + "}GroupBooking named by xsi:type"),
                asResponse.reason());
        assertTrue(asRequest.isAccepted(), asRequest::reason);
    }
}
