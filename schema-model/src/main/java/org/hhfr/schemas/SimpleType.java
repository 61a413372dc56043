package org.hhfr.schemas;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * A simple type: a built-in {@link XsdType}, optionally restricted to an enumeration of lexical values
 * (strings only). Instances are immutable; the unrestricted built-ins are shared.
 */
public final class SimpleType {
    private static final Map<XsdType, SimpleType> BUILT_INS = new EnumMap<>(XsdType.class);

    static {
        for (XsdType type : XsdType.values()) {
            BUILT_INS.put(type, new SimpleType(null, type, Collections.<String>emptyList()));
        }
    }

    private final QualifiedName name;
    private final XsdType base;
    private final List<String> enumeration;

    private SimpleType(QualifiedName name, XsdType base, List<String> enumeration) {
        this.name = name;
        this.base = base;
        this.enumeration = enumeration;
    }

    /** The unrestricted built-in type. */
    public static SimpleType of(XsdType base) {
        return BUILT_INS.get(base);
    }

    /**
     * A string type restricted to {@code values}, in declaration order (the order fixes the binary code
     * of each value, so both peers must derive it from the same schema).
     *
     * @param name the type's name for a named {@code xs:simpleType}, {@code null} for an anonymous one
     */
    public static SimpleType enumeration(QualifiedName name, List<String> values) {
        if (values.isEmpty()) {
            throw new IllegalArgumentException("an enumeration needs at least one value");
        }
        if (values.size() != new java.util.HashSet<>(values).size()) {
            throw new IllegalArgumentException("enumeration values must be distinct: " + values);
        }
        return new SimpleType(name, XsdType.STRING, Collections.unmodifiableList(new ArrayList<>(values)));
    }

    /** The type's name, {@code null} for an anonymous type; a built-in is named in the XSD namespace. */
    public QualifiedName name() {
        if (name == null && enumeration.isEmpty()) {
            return new QualifiedName(XsdType.XSD_NAMESPACE, base.localName());
        }
        return name;
    }

    public XsdType base() {
        return base;
    }

    /** The allowed lexical values in declaration order; empty when the type is not an enumeration. */
    public List<String> enumeration() {
        return enumeration;
    }

    public boolean isEnumeration() {
        return !enumeration.isEmpty();
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof SimpleType)) {
            return false;
        }
        SimpleType other = (SimpleType) o;
        return base == other.base && enumeration.equals(other.enumeration)
                && java.util.Objects.equals(name, other.name);
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(name, base, enumeration);
    }

    @Override
    public String toString() {
        return isEnumeration() ? base.localName() + " enum" + enumeration : base.localName();
    }
}
