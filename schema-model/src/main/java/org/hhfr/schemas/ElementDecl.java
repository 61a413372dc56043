package org.hhfr.schemas;

import java.util.Objects;

/**
 * An element declaration with its occurrence: the node of a {@link DataStructure}. Its type is either a
 * {@link SimpleType} or a {@link ComplexType}, never both.
 *
 * <p>Occurrence shapes, which the representations treat differently:
 * <ul>
 *   <li>{@link #isSingle()}: exactly once;</li>
 *   <li>{@link #isOptional()}: {@code minOccurs="0"}, at most once;</li>
 *   <li>{@link #isRepeated()}: {@code maxOccurs} above 1 or unbounded, an array;
 *       {@link #isFixedLength()} when {@code minOccurs == maxOccurs} (the paper's {@code type="array"}).</li>
 * </ul>
 */
public final class ElementDecl {
    /** The {@code maxOccurs} of {@code unbounded}. */
    public static final int UNBOUNDED = Integer.MAX_VALUE;

    private final QualifiedName name;
    private final int minOccurs;
    private final int maxOccurs;
    private final boolean nillable;
    private final SimpleType simpleType;
    private final ComplexType complexType;

    private ElementDecl(QualifiedName name, int minOccurs, int maxOccurs, boolean nillable,
                        SimpleType simpleType, ComplexType complexType) {
        this.name = Objects.requireNonNull(name, "name");
        if (minOccurs < 0 || maxOccurs < 1 || minOccurs > maxOccurs) {
            throw new IllegalArgumentException("bad occurrence for " + name + ": minOccurs=" + minOccurs
                    + " maxOccurs=" + (maxOccurs == UNBOUNDED ? "unbounded" : String.valueOf(maxOccurs)));
        }
        this.minOccurs = minOccurs;
        this.maxOccurs = maxOccurs;
        this.nillable = nillable;
        this.simpleType = simpleType;
        this.complexType = complexType;
    }

    public static ElementDecl simple(QualifiedName name, SimpleType type, int minOccurs, int maxOccurs,
                                     boolean nillable) {
        return new ElementDecl(name, minOccurs, maxOccurs, nillable, Objects.requireNonNull(type, "type"), null);
    }

    public static ElementDecl complex(QualifiedName name, ComplexType type, int minOccurs, int maxOccurs,
                                      boolean nillable) {
        return new ElementDecl(name, minOccurs, maxOccurs, nillable, null, Objects.requireNonNull(type, "type"));
    }

    /** The same declaration with another occurrence, as an {@code xs:element ref} with its own min/max. */
    public ElementDecl withOccurrence(int minOccurs, int maxOccurs, boolean nillable) {
        return new ElementDecl(name, minOccurs, maxOccurs, nillable, simpleType, complexType);
    }

    /** Unqualified local elements have the empty namespace. */
    public QualifiedName name() {
        return name;
    }

    public int minOccurs() {
        return minOccurs;
    }

    /** {@link #UNBOUNDED} for {@code maxOccurs="unbounded"}. */
    public int maxOccurs() {
        return maxOccurs;
    }

    public boolean nillable() {
        return nillable;
    }

    public boolean isSimple() {
        return simpleType != null;
    }

    /** The simple type; throws if the element is complex. */
    public SimpleType simpleType() {
        if (simpleType == null) {
            throw new IllegalStateException(name + " has a complex type");
        }
        return simpleType;
    }

    /** The complex type; throws if the element is simple. */
    public ComplexType complexType() {
        if (complexType == null) {
            throw new IllegalStateException(name + " has a simple type");
        }
        return complexType;
    }

    public boolean isSingle() {
        return minOccurs == 1 && maxOccurs == 1;
    }

    public boolean isOptional() {
        return minOccurs == 0 && maxOccurs == 1;
    }

    public boolean isRepeated() {
        return maxOccurs > 1;
    }

    public boolean isFixedLength() {
        return maxOccurs > 1 && minOccurs == maxOccurs;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ElementDecl)) {
            return false;
        }
        ElementDecl other = (ElementDecl) o;
        return name.equals(other.name) && minOccurs == other.minOccurs && maxOccurs == other.maxOccurs
                && nillable == other.nillable && Objects.equals(simpleType, other.simpleType)
                && Objects.equals(complexType, other.complexType);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, minOccurs, maxOccurs, nillable, simpleType, complexType);
    }

    @Override
    public String toString() {
        return name + "[" + minOccurs + ".." + (maxOccurs == UNBOUNDED ? "*" : String.valueOf(maxOccurs)) + "]"
                + (nillable ? " nillable" : "") + ": " + (simpleType != null ? simpleType : complexType);
    }
}
