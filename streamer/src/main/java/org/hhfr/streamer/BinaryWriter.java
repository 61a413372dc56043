package org.hhfr.streamer;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

import com.google.protobuf.CodedOutputStream;

import org.hhfr.schemas.AttributeDecl;
import org.hhfr.schemas.ComplexType;
import org.hhfr.schemas.ElementDecl;
import org.hhfr.schemas.SimpleType;

/** Writes one message in the binary layout (see the README); one instance per message. */
final class BinaryWriter {
    private static final int BUFFER_BYTES = 4096;
    private static final int CHUNK_BYTES = 4096;

    private final CodedOutputStream out;
    private ByteBuffer chunk;
    private int bits;
    private int bitCount;

    BinaryWriter(OutputStream target) {
        this.out = CodedOutputStream.newInstance(target, BUFFER_BYTES);
    }

    void write(Message message) throws IOException {
        ElementDecl root = message.structure().root();
        Object value = message.root();
        if (root.nillable()) {
            out.writeRawByte(value == Nil.NIL ? 1 : 0);
        }
        if (value != Nil.NIL) {
            writeItem(root, value);
        }
        out.flush();
    }

    private void writeItem(ElementDecl element, Object value) throws IOException {
        if (element.isSimple()) {
            writeSimple(element.simpleType(), value);
        } else {
            writeRecord((Record) value);
        }
    }

    private void writeRecord(Record record) throws IOException {
        ComplexType type = record.type();
        List<AttributeDecl> attributes = type.attributes();
        List<ElementDecl> elements = type.elements();
        for (int i = 0; i < attributes.size(); i++) {
            if (!attributes.get(i).required()) {
                bit(record.attribute(i) != null);
            }
        }
        for (int i = 0; i < elements.size(); i++) {
            ElementDecl element = elements.get(i);
            if (element.isRepeated()) {
                continue;
            }
            Object value = record.get(i);
            if (element.isOptional()) {
                bit(value != null);
            }
            if (element.nillable()) {
                bit(value == Nil.NIL);
            }
        }
        flushBits();
        for (int i = 0; i < attributes.size(); i++) {
            Object value = record.attribute(i);
            if (value != null) {
                writeSimple(attributes.get(i).type(), value);
            }
        }
        for (int i = 0; i < elements.size(); i++) {
            ElementDecl element = elements.get(i);
            Object value = record.get(i);
            if (element.isRepeated()) {
                writeArray(element, value);
            } else if (value != null && value != Nil.NIL) {
                writeItem(element, value);
            }
        }
    }

    private void writeArray(ElementDecl element, Object array) throws IOException {
        int count = Array.getLength(array);
        if (!element.isFixedLength()) {
            out.writeUInt32NoTag(count);
        }
        if (array instanceof Object[]) {
            Object[] items = (Object[]) array;
            if (element.nillable()) {
                for (Object item : items) {
                    bit(item == null);
                }
                flushBits();
            }
            for (Object item : items) {
                if (item != null) {
                    writeItem(element, item);
                }
            }
        } else if (array instanceof float[]) {
            writeFloats((float[]) array);
        } else if (array instanceof double[]) {
            writeDoubles((double[]) array);
        } else if (array instanceof int[]) {
            for (int value : (int[]) array) {
                out.writeSInt32NoTag(value);
            }
        } else if (array instanceof long[]) {
            for (long value : (long[]) array) {
                out.writeSInt64NoTag(value);
            }
        } else if (array instanceof short[]) {
            for (short value : (short[]) array) {
                out.writeSInt32NoTag(value);
            }
        } else if (array instanceof byte[]) {
            out.writeRawBytes((byte[]) array);
        } else {
            for (boolean value : (boolean[]) array) {
                bit(value);
            }
            flushBits();
        }
    }

    /** Little-endian IEEE 754 in bulk: a chunk at a time through a float view of a reusable buffer. */
    private void writeFloats(float[] values) throws IOException {
        ByteBuffer buffer = chunk();
        int perChunk = CHUNK_BYTES / 4;
        for (int start = 0; start < values.length; start += perChunk) {
            int n = Math.min(perChunk, values.length - start);
            buffer.asFloatBuffer().put(values, start, n);
            out.writeRawBytes(buffer.array(), 0, n * 4);
        }
    }

    private void writeDoubles(double[] values) throws IOException {
        ByteBuffer buffer = chunk();
        int perChunk = CHUNK_BYTES / 8;
        for (int start = 0; start < values.length; start += perChunk) {
            int n = Math.min(perChunk, values.length - start);
            buffer.asDoubleBuffer().put(values, start, n);
            out.writeRawBytes(buffer.array(), 0, n * 8);
        }
    }

    private ByteBuffer chunk() {
        if (chunk == null) {
            chunk = ByteBuffer.allocate(CHUNK_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        }
        return chunk;
    }

    private void writeSimple(SimpleType type, Object value) throws IOException {
        switch (type.base()) {
            case STRING:
                if (type.isEnumeration()) {
                    out.writeUInt32NoTag(type.enumeration().indexOf(value));
                } else {
                    out.writeStringNoTag((String) value);
                }
                break;
            case BOOLEAN:
                out.writeRawByte((Boolean) value ? 1 : 0);
                break;
            case INT:
                out.writeSInt32NoTag((Integer) value);
                break;
            case LONG:
                out.writeSInt64NoTag((Long) value);
                break;
            case SHORT:
                out.writeSInt32NoTag((Short) value);
                break;
            case BYTE:
                out.writeRawByte((Byte) value);
                break;
            case FLOAT:
                out.writeFloatNoTag((Float) value);
                break;
            case DOUBLE:
                out.writeDoubleNoTag((Double) value);
                break;
            case DECIMAL:
                BigDecimal decimal = (BigDecimal) value;
                out.writeSInt32NoTag(decimal.scale());
                out.writeByteArrayNoTag(decimal.unscaledValue().toByteArray());
                break;
            case DATE_TIME:
                DateTime dateTime = (DateTime) value;
                out.writeUInt32NoTag(dateTime.hasOffset()
                        ? dateTime.offsetMinutes() + DateTime.MAX_OFFSET_MINUTES + 1 : 0);
                out.writeSInt64NoTag(dateTime.epochSecond());
                out.writeUInt32NoTag(dateTime.nanos());
                break;
            case BASE64_BINARY:
                out.writeByteArrayNoTag((byte[]) value);
                break;
            default:
                throw new IllegalStateException("unknown type " + type.base());
        }
    }

    /** Appends one bit to the pending bitmap, least significant bit first. */
    private void bit(boolean set) throws IOException {
        if (set) {
            bits |= 1 << bitCount;
        }
        if (++bitCount == 8) {
            out.writeRawByte(bits);
            bits = 0;
            bitCount = 0;
        }
    }

    /** Writes the last, partial byte of a bitmap; unused bits are zero. */
    private void flushBits() throws IOException {
        if (bitCount > 0) {
            out.writeRawByte(bits);
            bits = 0;
            bitCount = 0;
        }
    }
}
