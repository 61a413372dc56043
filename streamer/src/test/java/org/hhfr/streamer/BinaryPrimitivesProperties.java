package org.hhfr.streamer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;

import com.google.protobuf.CodedOutputStream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/**
 * The binary layout's primitives are protobuf's tag-less primitives, byte for byte: the same varint, zigzag and
 * little-endian fixed forms and sizes, checked against protobuf's own encoder (a test dependency only). Reading
 * gives back every value, and refuses truncation, varints beyond 64 bits and varints not in their shortest form.
 */
class BinaryPrimitivesProperties {

    @Property(tries = 2000)
    void intsAreWrittenAsProtobufWritesThem(@ForAll int value) throws IOException {
        assertArrayEquals(protobuf(out -> {
            out.writeUInt32NoTag(value);
            out.writeSInt32NoTag(value);
            out.writeFixed32NoTag(value);
        }), ours(out -> {
            out.uint32(value);
            out.sint32(value);
            out.fixed32(value);
        }));
        assertEquals(CodedOutputStream.computeUInt32SizeNoTag(value), BinaryOutput.uint32Size(value));
        assertEquals(CodedOutputStream.computeSInt32SizeNoTag(value), BinaryOutput.sint32Size(value));
    }

    @Property(tries = 2000)
    void longsAreWrittenAsProtobufWritesThem(@ForAll long value) throws IOException {
        assertArrayEquals(protobuf(out -> {
            out.writeUInt64NoTag(value);
            out.writeSInt64NoTag(value);
            out.writeFixed64NoTag(value);
        }), ours(out -> {
            out.varint64(value);
            out.sint64(value);
            out.fixed64(value);
        }));
        assertEquals(CodedOutputStream.computeUInt64SizeNoTag(value), BinaryOutput.varintSize(value));
        assertEquals(CodedOutputStream.computeSInt64SizeNoTag(value), BinaryOutput.sint64Size(value));
    }

    @Test
    void everyVarintLengthIsSizedAsProtobufSizesIt() {
        for (int bit = 0; bit < 64; bit++) {
            for (long value : new long[] {1L << bit, (1L << bit) - 1, -(1L << bit)}) {
                assertEquals(CodedOutputStream.computeUInt64SizeNoTag(value), BinaryOutput.varintSize(value));
                assertEquals(CodedOutputStream.computeSInt64SizeNoTag(value), BinaryOutput.sint64Size(value));
            }
        }
    }

    @Property(tries = 1000)
    void whatIsWrittenIsReadBack(@ForAll long value, @ForAll int small) throws Exception {
        byte[] bytes = ours(out -> {
            out.varint64(value);
            out.sint64(value);
            out.fixed64(value);
            out.sint32(small);
            out.fixed32(small);
            out.rawByte(small);
        });
        BinaryInput in = input(bytes);
        assertEquals(value, in.varint64());
        assertEquals(value, in.sint64());
        assertEquals(value, in.fixed64());
        assertEquals(small, in.sint64());
        assertEquals(small, in.fixed32());
        assertEquals((byte) small, in.rawByte());
        assertTrue(in.isAtEnd());
    }

    @Property(tries = 500)
    void everyTruncatedVarintIsRefused(@ForAll long value) throws IOException {
        byte[] bytes = ours(out -> out.varint64(value));
        for (int length = 0; length < bytes.length; length++) {
            BinaryInput in = input(Arrays.copyOf(bytes, length));
            MalformedMessageException e = assertThrows(MalformedMessageException.class, in::varint64);
            assertEquals("truncated message at byte 0 in /v", e.getMessage());
        }
    }

    @Test
    void varintsBeyondSixtyFourBitsAreRefused() {
        byte[] elevenBytes = {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 1};
        assertEquals("varint beyond 64 bits at byte 0 in /v",
                assertThrows(MalformedMessageException.class, input(elevenBytes)::varint64).getMessage());
        byte[] tenthByteTooBig = {-1, -1, -1, -1, -1, -1, -1, -1, -1, 2};
        assertThrows(MalformedMessageException.class, input(tenthByteTooBig)::varint64);
    }

    @Test
    void varintsNotInTheirShortestFormAreRefused() throws Exception {
        assertEquals(0, input(new byte[] {0}).varint64());
        for (byte[] overlong : new byte[][] {{(byte) 0x80, 0}, {(byte) 0x81, (byte) 0x80, 0}}) {
            MalformedMessageException e = assertThrows(MalformedMessageException.class, input(overlong)::varint64);
            assertTrue(e.getMessage().startsWith("overlong varint"), e.getMessage());
        }
    }

    @Test
    void streamedBytesLongerThanTheBufferArriveWhole() throws Exception {
        byte[] big = new byte[10_000];
        Arrays.fill(big, (byte) 7);
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        BinaryOutput out = BinaryOutput.buffering(sink, 64);
        out.uint32(300);
        out.lengthPrefixed(big);
        out.fixedWidthRun(4, 100, (into, from, count) -> {
            for (int i = 0; i < count; i++) {
                into.putInt(from + i);
            }
        });
        out.flush();
        byte[] bytes = sink.toByteArray();
        assertEquals(2 + 2 + big.length + 400, bytes.length);
        BinaryInput in = input(bytes);
        assertEquals(300, in.varint64());
        assertArrayEquals(big, in.rawBytes((int) in.varint64()));
        for (int i = 0; i < 100; i++) {
            assertEquals(i, in.fixed32());
        }
    }

    @Test
    void writingPastAnExactArrayFails() {
        BinaryOutput out = BinaryOutput.into(new byte[2]);
        assertThrows(IllegalStateException.class, () -> out.rawBytes(new byte[3]));
    }

    private interface Writes<T> {
        void to(T out) throws IOException;
    }

    private static byte[] protobuf(Writes<CodedOutputStream> writes) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        CodedOutputStream out = CodedOutputStream.newInstance(bytes);
        writes.to(out);
        out.flush();
        return bytes.toByteArray();
    }

    private static byte[] ours(Writes<BinaryOutput> writes) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        BinaryOutput out = BinaryOutput.buffering(bytes, 64);
        writes.to(out);
        out.flush();
        return bytes.toByteArray();
    }

    private static BinaryInput input(byte[] bytes) {
        ElementPath path = new ElementPath();
        path.push("v");
        return new BinaryInput(bytes, 0, bytes.length, path);
    }
}
