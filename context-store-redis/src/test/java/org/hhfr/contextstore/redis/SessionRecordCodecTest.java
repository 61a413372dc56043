package org.hhfr.contextstore.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

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
}
