package org.hhfr.streamer;

import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.hhfr.schemas.AttributeDecl;
import org.hhfr.schemas.ComplexType;
import org.hhfr.schemas.DataStructure;
import org.hhfr.schemas.ElementDecl;
import org.hhfr.schemas.SimpleType;
import org.hhfr.schemas.XsdType;

/**
 * Reads one message in the binary layout from hostile bytes. Every count and length is checked against
 * the bytes left and the {@link StreamerLimits} before anything is allocated for it; every failure is a
 * {@link MalformedMessageException} with the byte offset and element path. One instance per message.
 *
 * <p>Bytes after the root item are the nil attributes section: the message is then read again, with the
 * section read by the same code (as {@link #in}) wherever a nil element takes its attributes.
 */
final class BinaryReader {
    private final byte[] buffer;
    private final int start;
    private final int length;
    private final StreamerLimits limits;
    private final ElementPath path = new ElementPath();
    /** The nil attributes section, when reading a message again for it; null on the first reading. */
    private final BinaryInput nilAttributes;
    /** Where the values are read: the message, or {@link #nilAttributes} while a nil takes its attributes. */
    private BinaryInput in;
    /** Whether a nil element took an attribute from {@link #nilAttributes}. */
    private boolean anyNilAttribute;
    private CharsetDecoder utf8;

    BinaryReader(byte[] buffer, int start, int length, StreamerLimits limits) {
        this(buffer, start, length, limits, length);
    }

    /** A reader whose first {@code itemsLength} bytes hold the root item, and the rest the nil attributes. */
    private BinaryReader(byte[] buffer, int start, int length, StreamerLimits limits, int itemsLength) {
        this.buffer = buffer;
        this.start = start;
        this.length = length;
        this.limits = limits;
        this.in = new BinaryInput(buffer, start, itemsLength, path);
        this.nilAttributes = itemsLength < length ? new BinaryInput(buffer, start, itemsLength, length, path) : null;
    }

    Message read(DataStructure structure) throws MalformedMessageException {
        ElementDecl root = structure.root();
        path.push(root.name().localName());
        try {
            boolean nil = root.nillable() && flag("nil flag of the root");
            Object value = nil ? nil(root, Nil.NIL) : readItem(root);
            path.pop();
            if (nilAttributes != null) {
                in = nilAttributes;
                if (!in.isAtEnd()) {
                    throw malformed(remaining() + " bytes after the end of the message");
                }
                if (!anyNilAttribute) {
                    throw malformed("a nil attributes section, but no nil element with an attribute");
                }
            } else if (!in.isAtEnd()) {
                return new BinaryReader(buffer, start, length, limits, in.offset()).read(structure);
            }
            return Message.trusted(structure, value);
        } catch (RuntimeException e) {
            throw new MalformedMessageException("unreadable input", in.location(), path.toString(), e);
        }
    }

    private Object readItem(ElementDecl element) throws MalformedMessageException {
        return element.isSimple() ? readSimple(element.simpleType()) : readRecord(element.complexType());
    }

    private Record readRecord(ComplexType type) throws MalformedMessageException {
        if (path.depth() > limits.maxDepth()) {
            throw malformed("nesting deeper than maxDepth " + limits.maxDepth());
        }
        List<AttributeDecl> attributeDecls = type.attributes();
        List<ElementDecl> elementDecls = type.elements();
        int bitmapAt = bitmap(presenceBits(attributeDecls, elementDecls), "presence bitmap");
        int bit = 0;
        Object[] attributes = new Object[attributeDecls.size()];
        for (int i = 0; i < attributes.length; i++) {
            AttributeDecl attribute = attributeDecls.get(i);
            if (attribute.required() || bit(bitmapAt, bit++)) {
                attributes[i] = readAttribute(attribute);
            }
        }
        Object[] elements = new Object[elementDecls.size()];
        path.push("");
        for (int i = 0; i < elements.length; i++) {
            ElementDecl element = elementDecls.get(i);
            path.replace(element.name().localName());
            if (element.isRepeated()) {
                elements[i] = readArray(element);
                continue;
            }
            boolean present = !element.isOptional() || bit(bitmapAt, bit++);
            boolean nil = element.nillable() && bit(bitmapAt, bit++);
            if (nil && !present) {
                throw malformed("nil bit set for an absent element");
            }
            elements[i] = !present ? null : nil ? nil(element, Nil.NIL) : readItem(element);
        }
        path.pop();
        return new Record(type, attributes, elements);
    }

    private Object readAttribute(AttributeDecl attribute) throws MalformedMessageException {
        path.pushAttribute(attribute.name().localName());
        Object value = readSimple(attribute.type());
        path.pop();
        return value;
    }

    /**
     * A nil occurrence of {@code element}: a nil record if the nil attributes section gives it attributes,
     * otherwise {@code withoutAttributes}. The section holds a bitmap of one bit per declared attribute
     * (1 = present), then the present values, for each nil occurrence of an element with attributes.
     */
    private Object nil(ElementDecl element, Object withoutAttributes) throws MalformedMessageException {
        if (nilAttributes == null || element.isSimple() || element.complexType().attributes().isEmpty()) {
            return withoutAttributes;
        }
        List<AttributeDecl> declarations = element.complexType().attributes();
        BinaryInput items = in;
        in = nilAttributes;
        int bitmapAt = bitmap(declarations.size(), "nil attributes bitmap");
        Object[] attributes = new Object[declarations.size()];
        for (int i = 0; i < attributes.length; i++) {
            if (bit(bitmapAt, i)) {
                attributes[i] = readAttribute(declarations.get(i));
            }
        }
        in = items;
        Record record = Record.nil(element.complexType(), attributes);
        anyNilAttribute |= record != null;
        return record != null ? record : withoutAttributes;
    }

    /** Bits of a record's presence bitmap: optional attributes, optional and nillable single elements. */
    private static int presenceBits(List<AttributeDecl> attributes, List<ElementDecl> elements) {
        int bits = 0;
        for (int i = 0; i < attributes.size(); i++) {
            bits += attributes.get(i).required() ? 0 : 1;
        }
        for (int i = 0; i < elements.size(); i++) {
            ElementDecl element = elements.get(i);
            if (!element.isRepeated()) {
                bits += (element.isOptional() ? 1 : 0) + (element.nillable() ? 1 : 0);
            }
        }
        return bits;
    }

    private Object readArray(ElementDecl element) throws MalformedMessageException {
        int count = count(element);
        int nilsAt = element.nillable() ? bitmap(count, "nil bitmap") : -1;
        if (element.isSimple() && !element.nillable()) {
            XsdType base = element.simpleType().base();
            switch (base) {
                case FLOAT:
                    return readFloats(count);
                case DOUBLE:
                    return readDoubles(count);
                case INT:
                    int[] ints = new int[count];
                    for (int i = 0; i < count; i++) {
                        ints[i] = (int) integer(Integer.MIN_VALUE, Integer.MAX_VALUE, "xs:int");
                    }
                    return ints;
                case LONG:
                    long[] longs = new long[count];
                    for (int i = 0; i < count; i++) {
                        longs[i] = in.sint64();
                    }
                    return longs;
                case SHORT:
                    short[] shorts = new short[count];
                    for (int i = 0; i < count; i++) {
                        shorts[i] = (short) integer(Short.MIN_VALUE, Short.MAX_VALUE, "xs:short");
                    }
                    return shorts;
                case BYTE:
                    return in.rawBytes(count);
                case BOOLEAN:
                    int booleansAt = bitmap(count, "boolean bits");
                    boolean[] booleans = new boolean[count];
                    for (int i = 0; i < count; i++) {
                        booleans[i] = bit(booleansAt, i);
                    }
                    return booleans;
                default:
                    break;
            }
        }
        Object[] items = (Object[]) Array.newInstance(ValueRules.arrayClass(element).getComponentType(), count);
        for (int i = 0; i < count; i++) {
            path.index(i);
            items[i] = nilsAt >= 0 && bit(nilsAt, i) ? nil(element, null) : readItem(element);
        }
        return items;
    }

    /** The item count, checked against the declaration, the limits and the bytes left. */
    private int count(ElementDecl element) throws MalformedMessageException {
        long count = element.isFixedLength() ? element.minOccurs() : in.varint64();
        if (count < element.minOccurs() || count > element.maxOccurs()) {
            throw malformed("count " + unsigned(count) + " outside " + element.minOccurs() + ".."
                    + (element.maxOccurs() == ElementDecl.UNBOUNDED ? "unbounded" : element.maxOccurs()));
        }
        if (count > limits.maxArrayLength()) {
            throw malformed("count " + count + " exceeds maxArrayLength " + limits.maxArrayLength());
        }
        long minimumBits = element.nillable() ? 1 : MinimumSize.itemBits(element);
        if (count * minimumBits > remaining() * 8L) {
            throw malformed("truncated message: count " + count + " needs more than the " + remaining()
                    + " bytes left");
        }
        return (int) count;
    }

    private float[] readFloats(int count) throws MalformedMessageException {
        int bytes = need(count, 4);
        float[] values = new float[count];
        ByteBuffer.wrap(buffer, position(), bytes).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(values);
        in.skip(bytes);
        return values;
    }

    private double[] readDoubles(int count) throws MalformedMessageException {
        int bytes = need(count, 8);
        double[] values = new double[count];
        ByteBuffer.wrap(buffer, position(), bytes).order(ByteOrder.LITTLE_ENDIAN).asDoubleBuffer().get(values);
        in.skip(bytes);
        return values;
    }

    private int need(int count, int width) throws MalformedMessageException {
        long bytes = (long) count * width;
        if (bytes > remaining()) {
            throw malformed("truncated message: " + count + " items need " + bytes + " bytes, " + remaining()
                    + " left");
        }
        return (int) bytes;
    }

    private Object readSimple(SimpleType type) throws MalformedMessageException {
        switch (type.base()) {
            case STRING:
                if (type.isEnumeration()) {
                    long index = in.varint64();
                    if (index < 0 || index >= type.enumeration().size()) {
                        throw malformed("enumeration index " + unsigned(index) + " outside 0.."
                                + (type.enumeration().size() - 1));
                    }
                    return type.enumeration().get((int) index);
                }
                return readString();
            case BOOLEAN:
                return flag("boolean");
            case INT:
                return (int) integer(Integer.MIN_VALUE, Integer.MAX_VALUE, "xs:int");
            case LONG:
                return in.sint64();
            case SHORT:
                return (short) integer(Short.MIN_VALUE, Short.MAX_VALUE, "xs:short");
            case BYTE:
                return in.rawByte();
            case FLOAT:
                return Float.intBitsToFloat(in.fixed32());
            case DOUBLE:
                return Double.longBitsToDouble(in.fixed64());
            case DECIMAL:
                return readDecimal();
            case DATE_TIME:
                return readDateTime();
            case BASE64_BINARY:
                return in.rawBytes(length("base64Binary"));
            default:
                throw new IllegalStateException("unknown type " + type.base());
        }
    }

    private long integer(long min, long max, String type) throws MalformedMessageException {
        long value = in.sint64();
        if (value < min || value > max) {
            throw malformed(value + " is out of range for " + type);
        }
        return value;
    }

    private boolean flag(String what) throws MalformedMessageException {
        byte value = in.rawByte();
        if (value != 0 && value != 1) {
            throw malformed(what + " byte is " + (value & 0xFF) + ", not 0 or 1");
        }
        return value == 1;
    }

    /** A byte length prefix, checked against maxStringBytes and the bytes left. */
    private int length(String what) throws MalformedMessageException {
        long length = in.varint64();
        if (length < 0 || length > limits.maxStringBytes()) {
            throw malformed(what + " of " + unsigned(length) + " bytes exceeds maxStringBytes "
                    + limits.maxStringBytes());
        }
        if (length > remaining()) {
            throw malformed("truncated message: " + what + " of " + length + " bytes, " + remaining() + " left");
        }
        return (int) length;
    }

    private String readString() throws MalformedMessageException {
        int size = length("string");
        int from = position();
        String text = new String(buffer, from, size, StandardCharsets.UTF_8);
        if (text.indexOf('\uFFFD') >= 0) {
            // The lenient decoder turns malformed input into U+FFFD; only the strict one can tell which it was.
            text = decodeUtf8Strictly(from, size);
        }
        int bad = XmlChars.firstInvalid(text);
        if (bad >= 0) {
            throw malformed("string holds U+" + Integer.toHexString(text.charAt(bad))
                    + ", which XML 1.0 cannot carry");
        }
        in.skip(size);
        return text;
    }

    private String decodeUtf8Strictly(int from, int size) throws MalformedMessageException {
        if (utf8 == null) {
            utf8 = StandardCharsets.UTF_8.newDecoder();
        }
        try {
            CharBuffer chars = utf8.reset().decode(ByteBuffer.wrap(buffer, from, size));
            return chars.toString();
        } catch (CharacterCodingException e) {
            throw malformed("string is not valid UTF-8");
        }
    }

    private BigDecimal readDecimal() throws MalformedMessageException {
        long scale = in.sint64();
        int maxDigits = limits.maxDecimalDigits();
        if (scale > maxDigits || scale < -maxDigits) { // not Math.abs: it keeps Long.MIN_VALUE negative
            throw malformed("decimal scale " + scale + " beyond maxDecimalDigits " + maxDigits);
        }
        int size = length("decimal");
        if (size == 0 || size > maxDigits / 2 + 1) {
            throw malformed("decimal of " + size + " bytes (1 to " + (maxDigits / 2 + 1) + " allowed)");
        }
        BigInteger unscaled = new BigInteger(in.rawBytes(size));
        if (unscaled.bitLength() / 8 + 1 != size) {
            // as for varints, one encoding per value: no redundant leading 0x00 or 0xFF byte
            throw malformed("decimal of " + size + " bytes not in its shortest form");
        }
        BigDecimal value = new BigDecimal(unscaled, (int) scale);
        if (value.precision() > maxDigits) {
            throw malformed("decimal of " + value.precision() + " digits exceeds maxDecimalDigits " + maxDigits);
        }
        return value;
    }

    private DateTime readDateTime() throws MalformedMessageException {
        long zone = in.varint64();
        long epochSecond = in.sint64();
        long nanos = in.varint64();
        if (zone < 0 || zone > 2 * DateTime.MAX_OFFSET_MINUTES + 1 || nanos < 0 || nanos > 999_999_999) {
            throw malformed("dateTime with zone code " + unsigned(zone) + " and nanos "
                    + unsigned(nanos));
        }
        try {
            return zone == 0 ? DateTime.local(epochSecond, (int) nanos)
                    : DateTime.of(epochSecond, (int) nanos, (int) zone - DateTime.MAX_OFFSET_MINUTES - 1);
        } catch (IllegalArgumentException e) {
            throw malformed(e.getMessage());
        }
    }

    /** Skips a bitmap of {@code bits} bits, checking its padding; returns its offset in the buffer. */
    private int bitmap(int bits, String what) throws MalformedMessageException {
        int bytes = (bits + 7) / 8;
        if (bytes > remaining()) {
            throw malformed("truncated message: " + what + " of " + bytes + " bytes, " + remaining() + " left");
        }
        int at = position();
        if (bits % 8 != 0 && (buffer[at + bytes - 1] & 0xFF) >>> (bits % 8) != 0) {
            throw malformed("unused bits set in the " + what);
        }
        in.skip(bytes);
        return at;
    }

    /** A varint read as unsigned; only forged input reaches 2^63. */
    private static String unsigned(long value) {
        return value >= 0 ? Long.toString(value) : "2^63 or more";
    }

    private boolean bit(int bitmapAt, int index) {
        return (buffer[bitmapAt + (index >>> 3)] >>> (index & 7) & 1) != 0;
    }

    private int position() {
        return in.position();
    }

    private int remaining() {
        return in.remaining();
    }

    private MalformedMessageException malformed(String reason) {
        return in.malformed(reason);
    }
}
