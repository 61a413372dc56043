package org.hhfr.schemas;

import com.google.auto.value.AutoValue;

/**
 * Why one global component of a schema (an element, a named type, a named group, a global attribute or an
 * attribute group) has no structure: the construct HHFR
 * cannot represent and where it is, found by a parser that refuses per component
 * ({@link SchemaParser#perComponent()}) so the rest of the document stays usable. A refusal of an element
 * whose type is refused names that type in its reason ({@code "type {urn:b}Booking: element 'when' has the
 * built-in type xs:date, which is not supported"}) and points at the refused construct itself.
 */
@AutoValue
public abstract class SchemaRefusal {
    /** What kind of global component was refused. */
    public enum Kind {
        /** A global {@code xs:element}: a message that has no structure. */
        ELEMENT,
        /** A named {@code xs:complexType} or {@code xs:simpleType}. */
        TYPE,
        /** A named model group, {@code xs:group}: the types and elements that refer to it are refused with it. */
        GROUP,
        /** A global {@code xs:attribute}: the types that refer to it are refused with it. */
        ATTRIBUTE,
        /** A named {@code xs:attributeGroup}: the types that refer to it are refused with it. */
        ATTRIBUTE_GROUP
    }

    static SchemaRefusal of(Kind kind, QualifiedName component, SchemaException cause) {
        return new AutoValue_SchemaRefusal(kind, component, cause.reason(), cause.construct(), cause.document(),
                cause.line(), cause.column());
    }

    public abstract Kind kind();

    /** The refused global element or type. */
    public abstract QualifiedName component();

    /** The reason, without the position. */
    public abstract String reason();

    /** The refused construct as written ({@code xs:choice}, {@code xs:date}...), or {@code ""} if none. */
    public abstract String construct();

    /**
     * The document the refused construct is in, by the name (URL) the parse was given it under, when a parse read a
     * WSDL with the documents it imports and the construct is in one of those; {@code ""} otherwise.
     */
    public abstract String document();

    /** 1-based line of the refused construct, or -1 if unknown. */
    public abstract int line();

    /** 1-based column of the refused construct, or -1 if unknown. */
    public abstract int column();

    /**
     * The failure of a use of the refused component, which {@code kind} names ({@code "type"}, {@code "group"}...):
     * its reason after the component's name, at the refused construct.
     */
    SchemaException asFailureOf(String kind) {
        return new SchemaException(kind + " " + component() + ": " + reason(), construct(), line(), column())
                .inDocument(document());
    }

    /** {@code line:column}, or {@code ""} when the position is unknown. */
    public String position() {
        return line() > 0 ? line() + ":" + column() : "";
    }

    /**
     * {@code line:column: reason} ({@code document:line:column: reason} in an imported document), or the reason
     * alone when the position is unknown.
     */
    @Override
    public final String toString() {
        return line() > 0 ? (document().isEmpty() ? "" : document() + ":") + position() + ": " + reason() : reason();
    }
}
