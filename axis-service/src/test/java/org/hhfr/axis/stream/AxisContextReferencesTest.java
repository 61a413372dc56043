package org.hhfr.axis.stream;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.axis2.context.MessageContext;
import org.hhfr.axis.FaultRaiser;
import org.hhfr.axis.HelperContextReader;
import org.junit.jupiter.api.Test;

class AxisContextReferencesTest {
    /** Reads the context through a helper of its own that it reaches only through another helper of its own. */
    public static final class TwoHelpersAway {
        public String where() {
            return Relay.caller();
        }
    }

    static final class Relay {
        static String caller() {
            return Reader.transport();
        }
    }

    static final class Reader {
        static String transport() {
            return MessageContext.getCurrentMessageContext().getIncomingTransportName();
        }
    }

    @Test
    void aContextReadThroughHelpersOfTheServicesOwnIsFound() {
        assertTrue(AxisContextReferences.in(TwoHelpersAway.class));
        assertTrue(AxisContextReferences.in(HelperContextReader.class));
    }

    @Test
    void axis2sOwnClassesNamingTheirContextsDoNotCountAsTheServiceReadingThem() {
        assertFalse(AxisContextReferences.in(FaultRaiser.class));
    }
}
