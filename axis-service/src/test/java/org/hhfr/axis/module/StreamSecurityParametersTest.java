package org.hhfr.axis.module;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The module's stream security parameters, as an Axis2 operator writes them. */
class StreamSecurityParametersTest {
    @Test
    void withoutParametersHttpSessionsStreamInCleartextAndNoAddressTokensAreGiven() {
        StreamSecurity security = StreamSecurity.read(Map.<String, String>of()::get);

        assertTrue(security.cleartextForHttp());
        assertFalse(security.addressTokens(), "only a server that sees its clients' own addresses gives them");
    }

    @Test
    void addressTokensAreGivenWhenTheOperatorSaysTheServerSeesItsClientsAddresses() {
        assertTrue(StreamSecurity.read(Map.of(StreamSecurity.ADDRESS_TOKENS, " true ")::get).addressTokens());
        assertFalse(StreamSecurity.read(Map.of(StreamSecurity.ADDRESS_TOKENS, "false")::get).addressTokens());
    }

    @Test
    void aFlagThatIsNeitherTrueNorFalseIsRefusedNamingTheParameter() {
        IllegalArgumentException tokens = assertThrows(IllegalArgumentException.class,
                () -> StreamSecurity.read(Map.of(StreamSecurity.ADDRESS_TOKENS, "yes")::get));
        assertEquals("addressTokens must be true or false: yes", tokens.getMessage());
        IllegalArgumentException cleartext = assertThrows(IllegalArgumentException.class,
                () -> StreamSecurity.read(Map.of(StreamSecurity.CLEARTEXT_STREAMS, "0")::get));
        assertEquals("cleartextStreams must be true or false: 0", cleartext.getMessage());
    }
}
