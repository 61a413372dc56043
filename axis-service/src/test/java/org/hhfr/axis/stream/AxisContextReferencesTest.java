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

    /** Reads the context itself; its name is not ASCII, so its class file's URL escapes it. */
    public static final class Größe {
        public String where() {
            return MessageContext.getCurrentMessageContext().getIncomingTransportName();
        }
    }

    @Test
    void aClassWhoseNameIsNotAsciiIsReadToo() {
        assertTrue(AxisContextReferences.in(Größe.class));
        assertTrue(AxisContextReferences.in(ThroughÜbersetzer.class));
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

/** Reads the context through a helper whose name is not ASCII; neither is nested, so only that helper names it. */
final class ThroughÜbersetzer {
    public String where() {
        return Übersetzer.transport();
    }
}

final class Übersetzer {
    private Übersetzer() {
    }

    static String transport() {
        return MessageContext.getCurrentMessageContext().getIncomingTransportName();
    }
}
