package org.hhfr.contextstore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.hhfr.schemas.QualifiedName;
import org.hhfr.transports.reliability.DeliveryAssurance;
import org.junit.jupiter.api.Test;

class StreamContextTest {
    private static final HeaderBlock SECRET_HEADER = HeaderBlock.of(
            new QualifiedName("urn:example:security", "Token"),
            "<s:Token xmlns:s=\"urn:example:security\">hunter2</s:Token>");

    @Test
    void contextsWithEqualPartsAreEqual() {
        assertEquals(Contexts.floatSum(), Contexts.floatSum());
        assertEquals(Contexts.floatSum().hashCode(), Contexts.floatSum().hashCode());
        assertNotEquals(Contexts.floatSum(), Contexts.floatSumBuilder().transportUri("urn:hhfr:transport:udp").build());
        assertNotEquals(Contexts.floatSum(), Contexts.floatSumBuilder().addStaticHeader(SECRET_HEADER).build());
    }

    @Test
    void staticHeadersKeepTheirOrderAndCannotBeChanged() {
        StreamContext.Builder builder = Contexts.floatSumBuilder().addStaticHeader(SECRET_HEADER);
        StreamContext context = builder.build();
        builder.addStaticHeader(SECRET_HEADER);

        assertEquals(2, context.staticHeaders().size());
        assertEquals(SECRET_HEADER, context.staticHeaders().get(1));
        assertThrows(UnsupportedOperationException.class, () -> context.staticHeaders().add(SECRET_HEADER));
    }

    @Test
    void headerContentsNeverAppearInText() {
        StreamContext context = Contexts.floatSumBuilder().addStaticHeader(SECRET_HEADER).build();

        assertFalse(context.toString().contains("hunter2"), context.toString());
        assertFalse(SECRET_HEADER.toString().contains("hunter2"));
    }

    @Test
    void oneWayOperationHasNoResponseStructure() {
        StreamContext oneWay = Contexts.floatSumBuilder().response(null).build();

        assertTrue(oneWay.isOneWay());
        assertFalse(Contexts.floatSum().isOneWay());
    }

    @Test
    void missingOrEmptyPartsAreRefused() {
        assertThrows(NullPointerException.class, () -> Contexts.floatSumBuilder().request(null).build());
        assertThrows(NullPointerException.class, () -> Contexts.floatSumBuilder().characteristics(null).build());
        assertThrows(IllegalArgumentException.class, () -> Contexts.floatSumBuilder().schemeUri("").build());
        assertThrows(IllegalArgumentException.class,
                () -> ReliabilityPolicy.of(DeliveryAssurance.AT_MOST_ONCE, false, 0, 0, 1));
        assertThrows(IllegalArgumentException.class,
                () -> StreamCharacteristics.of(ReliabilityPolicy.defaults(), 0, 1));
        assertThrows(IllegalArgumentException.class, () -> StreamEndpoint.of("host", 65_536));
    }

    @Test
    void defaultReliabilityIsExactlyOnceInOrder() {
        ReliabilityPolicy defaults = ReliabilityPolicy.defaults();

        assertEquals(DeliveryAssurance.EXACTLY_ONCE, defaults.deliveryAssurance());
        assertTrue(defaults.inOrder());
    }
}
