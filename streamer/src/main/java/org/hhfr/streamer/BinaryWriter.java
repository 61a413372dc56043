package org.hhfr.streamer;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.hhfr.schemas.AttributeDecl;
import org.hhfr.schemas.ComplexType;
import org.hhfr.schemas.ElementDecl;
import org.hhfr.schemas.SimpleType;

/**
 * Writes one message in the binary layout (see the README); one instance per pass. The same traversal runs
 * twice for {@link #toArray}: first without a target, adding up the exact encoded size, then straight into an
 * array of that size ({@link BinaryOutput}): no growing buffer, no capacity checks and no final copy; float
 * and double arrays go in bulk, and strings are UTF-8 encoded once, by the sizing pass.
 */
final class BinaryWriter {
    private static final int BUFFER_BYTES = 4096;
    /** The largest array a JVM reliably allocates. */
    private static final int MAX_ARRAY_BYTES = Integer.MAX_VALUE - 8;

    /** Where the bytes go; null in the sizing pass. */
    private final BinaryOutput out;
    /**
     * Array writing only: each string's UTF-8 bytes, in traversal order, encoded by the sizing pass (which
     * needs their length) and copied by the writing pass; null when writing to a stream.
     */
    private final List<byte[]> utf8;
    /** The next string of {@code utf8} to write. */
    private int nextString;
    /**
     * Each nil occurrence of an element whose complex type declares attributes, in wire order: its nil record,
     * or its {@code ComplexType} when it carries no attribute. They make the nil attributes section.
     */
    private final List<Object> nils = new ArrayList<>();
    /** Whether a nil record is among {@code nils}: the message then needs its nil attributes section. */
    private boolean nilAttributes;
    /** Bytes the sizing pass counted. */
    private long size;
    private int bits;
    private int bitCount;

    private BinaryWriter(BinaryOutput out, List<byte[]> utf8) {
        this.out = out;
        this.utf8 = utf8;
    }

    /** The message's bytes, in an array of exactly their size. */
    static byte[] toArray(Message message) {
        BinaryWriter sizing = new BinaryWriter(null, new ArrayList<>());
        try {
            sizing.write(message);
        } catch (IOException e) {
            throw new AssertionError("the sizing pass writes nothing", e);
        }
        if (sizing.size > MAX_ARRAY_BYTES) {
            throw new IllegalArgumentException("message of " + sizing.size + " bytes does not fit in an array");
        }
        byte[] bytes = new byte[(int) sizing.size];
        BinaryWriter writing = new BinaryWriter(BinaryOutput.into(bytes), sizing.utf8);
        try {
            writing.write(message);
        } catch (IOException | IndexOutOfBoundsException e) {
            throw new IllegalStateException("the sizing pass counted " + bytes.length + " bytes, too few", e);
        }
        if (!writing.out.isFull()) {
            throw new IllegalStateException("the sizing pass counted " + bytes.length + " bytes, "
                    + writing.out.position() + " written");
        }
        return bytes;
    }

    /** Streams the message to {@code target} through a bounded buffer, for messages too big to hold twice. */
    static void toStream(Message message, OutputStream target) throws IOException {
        BinaryOutput out = BinaryOutput.buffering(target, BUFFER_BYTES);
        new BinaryWriter(out, null).write(message);
        out.flush();
    }

    private void write(Message message) throws IOException {
        ElementDecl root = message.structure().root();
        Object value = message.root();
        if (root.nillable()) {
            rawByte(Nil.isNil(value) ? 1 : 0);
        }
        if (Nil.isNil(value)) {
            addNil(root, value);
        } else {
            writeItem(root, value);
        }
        if (nilAttributes) {
            for (Object nil : nils) {
                writeNilAttributes(nil);
            }
        }
    }

    /** Keeps a nil occurrence of {@code element} for the nil attributes section, if its type has attributes. */
    private void addNil(ElementDecl element, Object value) {
        if (!element.isSimple() && !element.complexType().attributes().isEmpty()) {
            nils.add(value instanceof Record ? value : element.complexType());
            nilAttributes |= value instanceof Record;
        }
    }

    /** A bitmap of one bit per declared attribute (1 = present), then the present attributes' values. */
    private void writeNilAttributes(Object nil) throws IOException {
        Record record = nil instanceof Record ? (Record) nil : null;
        int attributes = (record != null ? record.type() : (ComplexType) nil).attributes().size();
        for (int i = 0; i < attributes; i++) {
            bit(record != null && record.attribute(i) != null);
        }
        flushBits();
        if (record != null) {
            writeAttributes(record);
        }
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
                bit(Nil.isNil(value));
            }
        }
        flushBits();
        writeAttributes(record);
        for (int i = 0; i < elements.size(); i++) {
            ElementDecl element = elements.get(i);
            Object value = record.get(i);
            if (element.isRepeated()) {
                writeArray(element, value);
            } else if (Nil.isNil(value)) {
                addNil(element, value);
            } else if (value != null) {
                writeItem(element, value);
            }
        }
    }

    private void writeAttributes(Record record) throws IOException {
        List<AttributeDecl> attributes = record.type().attributes();
        for (int i = 0; i < attributes.size(); i++) {
            Object value = record.attribute(i);
            if (value != null) {
                writeSimple(attributes.get(i).type(), value);
            }
        }
    }

    private void writeArray(ElementDecl element, Object array) throws IOException {
        int count = Array.getLength(array);
        if (!element.isFixedLength()) {
            uint32(count);
        }
        if (array instanceof Object[]) {
            Object[] items = (Object[]) array;
            if (element.nillable()) {
                for (Object item : items) {
                    bit(item == null || Nil.isNil(item));
                }
                flushBits();
            }
            if (element.isSimple()) {
                SimpleType type = element.simpleType();
                for (Object item : items) {
                    if (item != null) {
                        writeSimple(type, item);
                    }
                }
            } else {
                for (Object item : items) {
                    if (item == null || Nil.isNil(item)) {
                        addNil(element, item);
                    } else {
                        writeRecord((Record) item);
                    }
                }
            }
        } else if (array instanceof float[]) {
            writeFloats((float[]) array);
        } else if (array instanceof double[]) {
            writeDoubles((double[]) array);
        } else if (array instanceof int[]) {
            for (int value : (int[]) array) {
                sint32(value);
            }
        } else if (array instanceof long[]) {
            for (long value : (long[]) array) {
                sint64(value);
            }
        } else if (array instanceof short[]) {
            for (short value : (short[]) array) {
                sint32(value);
            }
        } else if (array instanceof byte[]) {
            rawBytes((byte[]) array);
        } else {
            for (boolean value : (boolean[]) array) {
                bit(value);
            }
            flushBits();
        }
    }

    private void writeFloats(float[] values) throws IOException {
        if (out == null) {
            size += 4L * values.length;
        } else {
            out.fixedWidthRun(4, values.length,
                    (into, from, count) -> into.asFloatBuffer().put(values, from, count));
        }
    }

    private void writeDoubles(double[] values) throws IOException {
        if (out == null) {
            size += 8L * values.length;
        } else {
            out.fixedWidthRun(8, values.length,
                    (into, from, count) -> into.asDoubleBuffer().put(values, from, count));
        }
    }

    private void writeSimple(SimpleType type, Object value) throws IOException {
        switch (type.base()) {
            case STRING:
                if (type.isEnumeration()) {
                    uint32(type.enumeration().indexOf(value));
                } else {
                    string((String) value);
                }
                break;
            case BOOLEAN:
                rawByte((Boolean) value ? 1 : 0);
                break;
            case INT:
                sint32((Integer) value);
                break;
            case LONG:
                sint64((Long) value);
                break;
            case SHORT:
                sint32((Short) value);
                break;
            case BYTE:
                rawByte((Byte) value);
                break;
            case FLOAT:
                fixed32(Float.floatToRawIntBits((Float) value));
                break;
            case DOUBLE:
                fixed64(Double.doubleToRawLongBits((Double) value));
                break;
            case DECIMAL:
                BigDecimal decimal = (BigDecimal) value;
                sint32(decimal.scale());
                byteArray(decimal.unscaledValue().toByteArray());
                break;
            case DATE_TIME:
                DateTime dateTime = (DateTime) value;
                uint32(dateTime.hasOffset() ? dateTime.offsetMinutes() + DateTime.MAX_OFFSET_MINUTES + 1 : 0);
                sint64(dateTime.epochSecond());
                uint32(dateTime.nanos());
                break;
            case BASE64_BINARY:
                byteArray((byte[]) value);
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
            rawByte(bits);
            bits = 0;
            bitCount = 0;
        }
    }

    /** Writes the last, partial byte of a bitmap; unused bits are zero. */
    private void flushBits() throws IOException {
        if (bitCount > 0) {
            rawByte(bits);
            bits = 0;
            bitCount = 0;
        }
    }

    // The primitives: each writes in the writing pass and counts its exact size in the sizing pass.

    private void rawByte(int value) throws IOException {
        if (out == null) {
            size++;
        } else {
            out.rawByte(value);
        }
    }

    private void uint32(int value) throws IOException {
        if (out == null) {
            size += BinaryOutput.uint32Size(value);
        } else {
            out.uint32(value);
        }
    }

    private void sint32(int value) throws IOException {
        if (out == null) {
            size += BinaryOutput.sint32Size(value);
        } else {
            out.sint32(value);
        }
    }

    private void sint64(long value) throws IOException {
        if (out == null) {
            size += BinaryOutput.sint64Size(value);
        } else {
            out.sint64(value);
        }
    }

    private void fixed32(int value) throws IOException {
        if (out == null) {
            size += 4;
        } else {
            out.fixed32(value);
        }
    }

    private void fixed64(long value) throws IOException {
        if (out == null) {
            size += 8;
        } else {
            out.fixed64(value);
        }
    }

    /**
     * A length-prefixed UTF-8 string. For an array the sizing pass encodes it (the JDK's encoder) and the
     * writing pass copies those bytes.
     */
    private void string(String value) throws IOException {
        if (out == null) {
            byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
            utf8.add(bytes);
            size += BinaryOutput.lengthPrefixedSize(bytes.length);
        } else {
            out.lengthPrefixed(utf8 != null ? utf8.get(nextString++) : value.getBytes(StandardCharsets.UTF_8));
        }
    }

    private void byteArray(byte[] value) throws IOException {
        if (out == null) {
            size += BinaryOutput.lengthPrefixedSize(value.length);
        } else {
            out.lengthPrefixed(value);
        }
    }

    private void rawBytes(byte[] value) throws IOException {
        if (out == null) {
            size += value.length;
        } else {
            out.rawBytes(value);
        }
    }
}
