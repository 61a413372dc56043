package org.hhfr.streamer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Base64;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.hhfr.schemas.SimpleType;
import org.hhfr.schemas.XsdType;

class XsdLexicalTest {
    @Property(tries = 100)
    void base64BinaryBrokenIntoLinesReadsBack(@ForAll byte[] bytes) {
        String spaced = Base64.getMimeEncoder(8, "\r\n ".getBytes()).encodeToString(bytes);

        Object value = XsdLexical.parse(SimpleType.of(XsdType.BASE64_BINARY), " " + spaced + "\n",
                StreamerLimits.defaults());

        assertArrayEquals(bytes, (byte[]) value);
    }
}
