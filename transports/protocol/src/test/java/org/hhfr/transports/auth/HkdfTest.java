package org.hhfr.transports.auth;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** RFC 5869 Appendix A, the three SHA-256 test cases. */
class HkdfTest {
    @Test
    void basicTestCaseMatchesRfc5869() {
        byte[] prk = Hkdf.extract(hex("000102030405060708090a0b0c"), hex("0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b"));

        assertArrayEquals(hex("077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5"), prk);
        assertArrayEquals(hex("3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865"),
                Hkdf.expand(prk, hex("f0f1f2f3f4f5f6f7f8f9"), 42));
    }

    @Test
    void longerInputsAndOutputSpanningThreeBlocksMatchRfc5869() {
        byte[] prk = Hkdf.extract(range(0x60, 80), range(0x00, 80));

        assertArrayEquals(hex("06a6b88c5853361a06104c9ceb35b45cef760014904671014a193f40c15fc244"), prk);
        assertArrayEquals(hex("b11e398dc80327a1c8e7f78c596a49344f012eda2d4efad8a050cc4c19afa97c59045a99cac7827271cb41c65e590e09da3275600c2f09b8367793a9aca3db71cc30c58179ec3e87c14c01d5c1f3434f1d87"),
                Hkdf.expand(prk, range(0xb0, 80), 82));
    }

    @Test
    void emptySaltAndInfoMatchRfc5869() {
        byte[] prk = Hkdf.extract(new byte[0], hex("0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b"));

        assertArrayEquals(hex("19ef24a32c717b167f33a91d6f648bdf96596776afdb6377ac434c1c293ccb04"), prk);
        assertArrayEquals(hex("8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8"),
                Hkdf.expand(prk, new byte[0], 42));
    }

    @Test
    void outputLongerThan255BlocksIsRefused() {
        byte[] prk = new byte[Hkdf.HASH_LENGTH];

        assertThrows(IllegalArgumentException.class, () -> Hkdf.expand(prk, new byte[0], 255 * 32 + 1));
        assertThrows(IllegalArgumentException.class, () -> Hkdf.expand(prk, new byte[0], 0));
    }

    private static byte[] range(int first, int count) {
        byte[] bytes = new byte[count];
        for (int i = 0; i < count; i++) {
            bytes[i] = (byte) (first + i);
        }
        return bytes;
    }

    private static byte[] hex(String text) {
        byte[] bytes = new byte[text.length() / 2];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) Integer.parseInt(text.substring(2 * i, 2 * i + 2), 16);
        }
        return bytes;
    }
}
