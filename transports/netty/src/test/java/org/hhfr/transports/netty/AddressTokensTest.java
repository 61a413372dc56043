package org.hhfr.transports.netty;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.hhfr.schemas.Sha256;
import org.junit.jupiter.api.Test;

class AddressTokensTest {
    private static final byte[] SECRET = AddressTokens.newSecret();
    private static final byte[] SESSION = AddressTokens.key(SECRET, digest("the session's token"));
    private static final byte[] PHONE = {10, 20, 30, 40};
    private static final long ISSUED = 1_764_400_000_000L;

    private final long token = AddressTokens.issue(SESSION, PHONE, ISSUED);

    @Test
    void aTokenIsHonouredFromItsAddressForAtLeastAPeriod() {
        assertTrue(AddressTokens.honours(token, SESSION, PHONE, ISSUED));
        assertTrue(AddressTokens.honours(token, SESSION, PHONE, ISSUED + AddressTokens.PERIOD_MILLIS));
    }

    @Test
    void aTokenIsNotHonouredTwoPeriodsOn() {
        assertFalse(AddressTokens.honours(token, SESSION, PHONE, ISSUED + 2 * AddressTokens.PERIOD_MILLIS));
    }

    @Test
    void aTokenIsNotHonouredFromAnotherAddress() {
        assertFalse(AddressTokens.honours(token, SESSION, new byte[] {10, 20, 30, 41}, ISSUED));
        byte[] ipv6 = new byte[16];
        System.arraycopy(PHONE, 0, ipv6, 12, 4);
        assertFalse(AddressTokens.honours(token, SESSION, ipv6, ISSUED));
    }

    @Test
    void aTokenIsNotHonouredInAnotherSession() {
        assertFalse(AddressTokens.honours(token, AddressTokens.key(SECRET, digest("another session's token")), PHONE,
                ISSUED));
    }

    @Test
    void aTokenIsNotHonouredByAServerWithAnotherSecret() {
        byte[] elsewhere = AddressTokens.key(AddressTokens.newSecret(), digest("the session's token"));
        assertFalse(AddressTokens.honours(token, elsewhere, PHONE, ISSUED));
    }

    @Test
    void aForgedTokenIsNotHonoured() {
        assertFalse(AddressTokens.honours(token ^ 1, SESSION, PHONE, ISSUED));
        assertFalse(AddressTokens.honours(0, SESSION, PHONE, ISSUED));
    }

    private static byte[] digest(String token) {
        return Sha256.newDigest().digest(token.getBytes(StandardCharsets.US_ASCII));
    }
}
