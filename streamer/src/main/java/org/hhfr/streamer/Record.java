package org.hhfr.streamer;

import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.util.List;

import org.hhfr.schemas.AttributeDecl;
import org.hhfr.schemas.ComplexType;
import org.hhfr.schemas.ElementDecl;
import org.hhfr.schemas.QualifiedName;

/**
 * One instance of a {@link ComplexType}: its attribute values and element values by position (the index
 * in {@link ComplexType#attributes()} and {@link ComplexType#elements()}), which is also their wire order.
 * A record is valid by construction: its {@link Builder} checks each value against the declaration.
 *
 * <p>Values by declaration shape:
 * <ul>
 *   <li>single or optional simple element, or attribute: {@code String} (xs:string and enumerations),
 *       {@code Boolean}, {@code Integer}, {@code Long}, {@code Short}, {@code Byte}, {@code Float},
 *       {@code Double}, {@code BigDecimal} (xs:decimal), {@link DateTime}, {@code byte[]} (xs:base64Binary);
 *       {@code null} when absent; {@link Nil#NIL} when nil;</li>
 *   <li>repeated simple element: a primitive array without boxing ({@code float[]}, {@code double[]},
 *       {@code int[]}, {@code long[]}, {@code short[]}, {@code byte[]} for xs:byte, {@code boolean[]}), or
 *       {@code String[]}, {@code BigDecimal[]}, {@code DateTime[]}, {@code byte[][]}; when the element is
 *       nillable, primitive types use the boxed array ({@code Float[]}...) and a nil item is {@code null};
 *       an absent repeated element is an empty array, never {@code null};</li>
 *   <li>complex element: a {@code Record} ({@code null} if absent, {@code Nil.NIL} if nil); repeated,
 *       {@code Record[]} with {@code null} for nil items. A nil element that carries attributes is a
 *       {@link #isNil() nil record} (single, repeated or root) holding those attributes.</li>
 * </ul>
 * Arrays are shared, not copied, for speed: do not change an array after handing it to a builder, nor
 * one obtained from a getter.
 */
public final class Record {
    private final ComplexType type;
    private final Object[] attributes;
    private final Object[] elements;
    private final boolean nil;

    /** Values already checked against {@code type}, by a builder or a decoder. */
    Record(ComplexType type, Object[] attributes, Object[] elements) {
        this(type, attributes, elements, false);
    }

    private Record(ComplexType type, Object[] attributes, Object[] elements, boolean nil) {
        this.type = type;
        this.attributes = attributes;
        this.elements = elements;
        this.nil = nil;
    }

    /**
     * The nil record of an element sent as {@code xsi:nil="true"} with these attribute values (already
     * checked); null when none has a value, as such a nil element is {@link Nil#NIL}.
     */
    static Record nil(ComplexType type, Object[] attributes) {
        for (Object attribute : attributes) {
            if (attribute != null) {
                Object[] elements = new Object[type.elements().size()];
                for (int i = 0; i < elements.length; i++) {
                    ElementDecl element = type.elements().get(i);
                    elements[i] = element.isRepeated() ? ValueRules.emptyArray(element) : null;
                }
                return new Record(type, attributes, elements, true);
            }
        }
        return null;
    }

    public static Builder builder(ComplexType type) {
        return new Builder(type);
    }

    /**
     * The class a record holds for a repeated element, per the table above: e.g. {@code float[]},
     * {@code Float[]} when the element is nillable, {@code Record[]} for a complex element.
     */
    public static Class<?> arrayClass(ElementDecl element) {
        return ValueRules.arrayClass(element);
    }

    public ComplexType type() {
        return type;
    }

    /**
     * Whether this record is the value of an element sent as {@code xsi:nil="true"} with attributes: it holds
     * at least one attribute value and no element (absent, or an empty array when repeated).
     */
    public boolean isNil() {
        return nil;
    }

    /** The value of the attribute at {@code index} in {@link ComplexType#attributes()}, null if absent. */
    public Object attribute(int index) {
        return attributes[index];
    }

    /** The value of the attribute with that local name (which must be unambiguous), null if absent. */
    public Object attribute(String localName) {
        return attributes[attributeIndex(type, localName)];
    }

    public Object attribute(QualifiedName name) {
        return attributes[attributeIndex(type, name)];
    }

    /** The value of the element at {@code index} in {@link ComplexType#elements()}. */
    public Object get(int index) {
        return elements[index];
    }

    /** The value of the element with that local name (which must be unambiguous among the children). */
    public Object get(String localName) {
        return elements[elementIndex(type, localName)];
    }

    public Object get(QualifiedName name) {
        return elements[elementIndex(type, name)];
    }

    /** Whether the element was sent as {@code xsi:nil="true"}, with attributes or without. */
    public boolean isNil(String localName) {
        return Nil.isNil(get(localName));
    }

    /** A string or enumeration element's value; null if absent or nil. */
    public String string(String localName) {
        return nullable(localName, String.class);
    }

    public String[] strings(String localName) {
        return array(localName, String[].class);
    }

    public boolean booleanValue(String localName) {
        return present(localName, Boolean.class);
    }

    public boolean[] booleans(String localName) {
        return array(localName, boolean[].class);
    }

    public int intValue(String localName) {
        return present(localName, Integer.class);
    }

    public int[] ints(String localName) {
        return array(localName, int[].class);
    }

    public long longValue(String localName) {
        return present(localName, Long.class);
    }

    public long[] longs(String localName) {
        return array(localName, long[].class);
    }

    public short shortValue(String localName) {
        return present(localName, Short.class);
    }

    public short[] shorts(String localName) {
        return array(localName, short[].class);
    }

    public byte byteValue(String localName) {
        return present(localName, Byte.class);
    }

    /** A repeated xs:byte element's items, or a single xs:base64Binary element's bytes (null if absent). */
    public byte[] bytes(String localName) {
        return nullable(localName, byte[].class);
    }

    public float floatValue(String localName) {
        return present(localName, Float.class);
    }

    public float[] floats(String localName) {
        return array(localName, float[].class);
    }

    public double doubleValue(String localName) {
        return present(localName, Double.class);
    }

    public double[] doubles(String localName) {
        return array(localName, double[].class);
    }

    /** Null if absent or nil. */
    public BigDecimal decimal(String localName) {
        return nullable(localName, BigDecimal.class);
    }

    public BigDecimal[] decimals(String localName) {
        return array(localName, BigDecimal[].class);
    }

    /** Null if absent or nil. */
    public DateTime dateTime(String localName) {
        return nullable(localName, DateTime.class);
    }

    public DateTime[] dateTimes(String localName) {
        return array(localName, DateTime[].class);
    }

    /** A repeated xs:base64Binary element's items. */
    public byte[][] binaries(String localName) {
        return array(localName, byte[][].class);
    }

    /** A complex element's record; null if absent or nil (its attributes, if any: {@link #get(String)}). */
    public Record record(String localName) {
        return nullable(localName, Record.class);
    }

    public Record[] records(String localName) {
        return array(localName, Record[].class);
    }

    private <T> T nullable(String localName, Class<T> expected) {
        Object value = get(localName);
        return value == null || Nil.isNil(value) ? null : cast(localName, value, expected);
    }

    private <T> T present(String localName, Class<T> expected) {
        Object value = get(localName);
        if (value == null || Nil.isNil(value)) {
            throw new IllegalStateException("element " + localName + " is " + (value == null ? "absent" : "nil"));
        }
        return cast(localName, value, expected);
    }

    private <T> T array(String localName, Class<T> expected) {
        return cast(localName, get(localName), expected);
    }

    private static <T> T cast(String localName, Object value, Class<T> expected) {
        if (!expected.isInstance(value)) {
            throw new IllegalArgumentException("element " + localName + " holds "
                    + value.getClass().getSimpleName() + ", not " + expected.getSimpleName());
        }
        return expected.cast(value);
    }

    /** A builder holding this record's values, to derive a changed copy. */
    public Builder toBuilder() {
        Builder builder = new Builder(type);
        System.arraycopy(attributes, 0, builder.attributes, 0, attributes.length);
        System.arraycopy(elements, 0, builder.elements, 0, elements.length);
        return builder;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Record)) {
            return false;
        }
        Record other = (Record) o;
        return nil == other.nil && (type == other.type || type.equals(other.type))
                && Values.equal(attributes, other.attributes) && Values.equal(elements, other.elements);
    }

    @Override
    public int hashCode() {
        return 31 * Values.hash(attributes) + Values.hash(elements) + (nil ? 1 : 0);
    }

    /**
     * E.g. {@code {@id="23", name="Fantasporto", values=[1.5, 2.0]}}, or {@code nil{@currency="EUR"}} for a nil
     * record; absent values are left out.
     */
    @Override
    public String toString() {
        StringBuilder out = new StringBuilder("{");
        List<AttributeDecl> attributeDecls = type.attributes();
        for (int i = 0; i < attributes.length; i++) {
            if (attributes[i] != null) {
                separate(out).append('@').append(attributeDecls.get(i).name().localName()).append('=');
                Values.describe(out, attributes[i]);
            }
        }
        List<ElementDecl> elementDecls = type.elements();
        for (int i = 0; i < elements.length; i++) {
            if (elements[i] != null) {
                separate(out).append(elementDecls.get(i).name().localName()).append('=');
                Values.describe(out, elements[i]);
            }
        }
        out.append('}');
        return nil ? "nil" + out : out.toString();
    }

    private static StringBuilder separate(StringBuilder out) {
        return out.length() > 1 ? out.append(", ") : out;
    }

    static int elementIndex(ComplexType type, String localName) {
        return index(type, false, localName, null);
    }

    static int elementIndex(ComplexType type, QualifiedName name) {
        return index(type, false, null, name);
    }

    static int attributeIndex(ComplexType type, String localName) {
        return index(type, true, localName, null);
    }

    static int attributeIndex(ComplexType type, QualifiedName name) {
        return index(type, true, null, name);
    }

    /** Finds by local name (unambiguous) or by qualified name; fails naming what exists. */
    private static int index(ComplexType type, boolean attribute, String localName, QualifiedName qualified) {
        int size = attribute ? type.attributes().size() : type.elements().size();
        int found = -1;
        for (int i = 0; i < size; i++) {
            QualifiedName name = attribute ? type.attributes().get(i).name() : type.elements().get(i).name();
            if (qualified != null ? qualified.equals(name) : name.localName().equals(localName)) {
                if (found >= 0) {
                    throw new IllegalArgumentException("two " + (attribute ? "attributes" : "elements")
                            + " are named '" + localName + "'; use the qualified name");
                }
                found = i;
            }
        }
        if (found < 0) {
            StringBuilder known = new StringBuilder();
            for (int i = 0; i < size; i++) {
                known.append(i == 0 ? "" : ", ")
                        .append(attribute ? type.attributes().get(i).name() : type.elements().get(i).name());
            }
            throw new IllegalArgumentException("no " + (attribute ? "attribute " : "element ")
                    + (qualified != null ? qualified : localName) + "; the type has [" + known + "]");
        }
        return found;
    }

    /**
     * Collects and checks the values of one record. Each setter fails at once with an
     * {@link IllegalArgumentException} naming the element if the value does not fit its declaration;
     * {@link #build()} fails if a required value is missing. Unset repeated elements become empty arrays.
     */
    public static final class Builder {
        private final ComplexType type;
        private final Object[] attributes;
        private final Object[] elements;

        private Builder(ComplexType type) {
            this.type = type;
            this.attributes = new Object[type.attributes().size()];
            this.elements = new Object[type.elements().size()];
        }

        /** Sets the element at {@code index}; null clears it (absent, or an empty array if repeated). */
        public Builder set(int index, Object value) {
            ElementDecl element = type.elements().get(index);
            Object stored = value == null && element.isRepeated() ? ValueRules.emptyArray(element) : value;
            if (stored != null) {
                ValueRules.checkElement(element, stored);
            }
            elements[index] = stored;
            return this;
        }

        public Builder set(String localName, Object value) {
            return set(elementIndex(type, localName), value);
        }

        public Builder set(QualifiedName name, Object value) {
            return set(elementIndex(type, name), value);
        }

        /** Sets a nillable element to {@link Nil#NIL}. */
        public Builder nil(String localName) {
            return set(localName, Nil.NIL);
        }

        public Builder attribute(int index, Object value) {
            if (value != null) {
                ValueRules.checkAttribute(type.attributes().get(index), value);
            }
            attributes[index] = value;
            return this;
        }

        public Builder attribute(String localName, Object value) {
            return attribute(attributeIndex(type, localName), value);
        }

        public Builder attribute(QualifiedName name, Object value) {
            return attribute(attributeIndex(type, name), value);
        }

        /** A new builder for the complex type of the child element {@code localName}. */
        public Builder child(String localName) {
            ElementDecl element = type.elements().get(elementIndex(type, localName));
            if (element.isSimple()) {
                throw new IllegalArgumentException("element " + element.name() + " has a simple type");
            }
            return new Builder(element.complexType());
        }

        /**
         * The nil record of an element sent as {@code xsi:nil="true"} with this builder's attributes (a nil
         * element needs none of them, required or not).
         *
         * @throws IllegalArgumentException if an element is set, or no attribute (that nil is {@link Nil#NIL})
         */
        public Record buildNil() {
            for (int i = 0; i < elements.length; i++) {
                if (elements[i] != null && !(type.elements().get(i).isRepeated()
                        && Array.getLength(elements[i]) == 0)) {
                    throw new IllegalArgumentException("a nil record has no elements, but "
                            + type.elements().get(i).name() + " is set");
                }
            }
            Record record = Record.nil(type, attributes.clone());
            if (record == null) {
                throw new IllegalArgumentException("a nil record carries attributes; without any, use Nil.NIL");
            }
            return record;
        }

        /** @throws IllegalArgumentException if a required attribute or element has no value */
        public Record build() {
            Object[] attributeValues = attributes.clone();
            for (int i = 0; i < attributeValues.length; i++) {
                ValueRules.checkAttribute(type.attributes().get(i), attributeValues[i]);
            }
            Object[] elementValues = elements.clone();
            for (int i = 0; i < elementValues.length; i++) {
                ElementDecl element = type.elements().get(i);
                if (elementValues[i] == null) {
                    if (element.isRepeated()) {
                        elementValues[i] = ValueRules.emptyArray(element);
                    }
                    ValueRules.checkElement(element, elementValues[i]);
                }
            }
            return new Record(type, attributeValues, elementValues);
        }
    }
}
