package org.hhfr.contextstore.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.hhfr.contextstore.StreamContext;
import org.junit.jupiter.api.Test;

class SessionRecordCodecTest {
    private static final byte[] DIGEST = new byte[32];

    @Test
    void contextsDecodedFromTwoRecordsShareTheirEqualParts() throws Exception {
        StreamContext stored = SampleContexts.points();
        byte[] record = SessionRecordCodec.encode(stored, DIGEST);
        SessionRecordCodec.Structures structures = fingerprint -> fingerprint.equals(stored.request().fingerprint())
                ? stored.request() : stored.response();

        StreamContext first = SessionRecordCodec.context(record, structures);
        StreamContext second = SessionRecordCodec.context(record.clone(), structures);

        assertEquals(stored, first);
        assertEquals(first, second);
        assertSame(first.operation(), second.operation());
        assertSame(first.characteristics(), second.characteristics());
        assertSame(first.representationUri(), second.representationUri());
        assertSame(first.transportUri(), second.transportUri());
    }

    @Test
    void aRecordAnOlderNodeWroteWithTheAuthorizationHeaderAloneIsStillRead() throws Exception {
        StreamContext stored = SampleContexts.points(); // its caller: a principal and an Authorization header
        byte[] current = SessionRecordCodec.encode(stored, DIGEST);
        // Version 1 wrote the header as an optional string where version 2 writes a count of named headers: the
        // same bytes but for the version and the name.
        byte[] name = "\rauthorization".getBytes(StandardCharsets.US_ASCII);
        int at = indexOf(current, name);
        byte[] older = new byte[current.length - name.length];
        System.arraycopy(current, 0, older, 0, at);
        System.arraycopy(current, at + name.length, older, at, current.length - at - name.length);
        older[0] = 1;

        StreamContext read = SessionRecordCodec.context(older, fingerprint -> fingerprint.equals(
                stored.request().fingerprint()) ? stored.request() : stored.response());

        assertEquals(stored, read);
        assertEquals("Basic YWxpY2U6c2VjcmV0", read.identity().header("Authorization"));
    }

    private static int indexOf(byte[] bytes, byte[] part) {
        for (int i = 0; i + part.length <= bytes.length; i++) {
            if (Arrays.equals(bytes, i, i + part.length, part, 0, part.length)) {
                return i;
            }
        }
        throw new AssertionError("not found");
    }
}
