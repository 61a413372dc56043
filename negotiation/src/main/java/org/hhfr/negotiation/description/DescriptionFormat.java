package org.hhfr.negotiation.description;

/**
 * The compiled description's layout, versions 1 and 2 (all integers unsigned LEB128 varints, strings UTF-8):
 *
 * <pre>
 * description := "HHSD" version count string* count operation* [count advertised*]  (the last part: version 2)
 * string      := length bytes
 * operation   := name:ref soapAction:ref flags(bit 0: one-way) element digest [element digest]
 * element     := namespace:ref localName:ref minOccurs maxOccurs(0: unbounded)
 *                flags(bit 0: nillable, bit 1: complex, bit 2: named complex type, bit 3: simple content)
 *                [typeNamespace:ref typeName:ref] (complex ? complexType : simpleType)
 * complexType := count attribute* (simple content ? simpleType : count element*)
 * attribute   := namespace:ref localName:ref required(0|1) simpleType
 * simpleType  := base:ref (an XSD built-in's local name) count value:ref* [named(0|1) [namespace:ref name:ref]]
 * digest      := the 32 bytes of the structure's fingerprint (SHA-256 of its canonical form)
 * advertised  := transport:ref port flags(bit 0: host) [host:ref]
 * </pre>
 *
 * A {@code ref} indexes the string table. The named flag of a simple type is present only when it has values
 * (an enumeration). A description advertising no stream endpoint is written as version 1, which readers of
 * either version read.
 */
final class DescriptionFormat {
    static final byte[] MAGIC = {'H', 'H', 'S', 'D'};
    static final int VERSION = 1;
    /** Version 1 and the stream endpoints the service advertises. */
    static final int VERSION_ADVERTISING = 2;
    static final int DIGEST_BYTES = 32;

    static final int ONE_WAY = 1;
    static final int NILLABLE = 1;
    static final int COMPLEX = 2;
    static final int NAMED_TYPE = 4;
    /** A complex type with simple content: its text's simple type follows its attributes, instead of elements. */
    static final int SIMPLE_CONTENT = 8;
    static final int HAS_HOST = 1;
    /** {@code maxOccurs} of an unbounded element. */
    static final int UNBOUNDED = 0;

    private DescriptionFormat() {
    }
}
