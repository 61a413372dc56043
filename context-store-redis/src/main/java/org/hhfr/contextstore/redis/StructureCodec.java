package org.hhfr.contextstore.redis;

import java.util.ArrayList;
import java.util.List;
import org.hhfr.contextstore.ContextStoreException;
import org.hhfr.schemas.AttributeDecl;
import org.hhfr.schemas.ComplexType;
import org.hhfr.schemas.DataStructure;
import org.hhfr.schemas.ElementDecl;
import org.hhfr.schemas.QualifiedName;
import org.hhfr.schemas.SimpleType;
import org.hhfr.schemas.XsdType;

/**
 * The stored form of a {@link DataStructure}, kept once per schema digest and shared by every session that
 * agreed it: a version byte, then the element tree depth first (names, occurrence, nillability, simple types
 * with their enumerations, complex types with their names, attributes and elements). Reading is bounded in
 * depth and in the number of declarations, and checks that the structure read has the digest it was stored
 * under.
 */
final class StructureCodec {
    private static final int VERSION = 1;
    private static final int SIMPLE = 0;
    private static final int COMPLEX = 1;
    /** Deeper than any streamable schema the parser accepts. */
    static final int MAX_DEPTH = 64;
    /** Element, attribute and enumeration declarations in one structure, at most. */
    static final int MAX_DECLARATIONS = 100_000;

    private StructureCodec() {
    }

    static byte[] encode(DataStructure structure) {
        RecordWriter out = new RecordWriter().writeByte(VERSION);
        writeElement(out, structure.root());
        return out.toBytes();
    }

    /** @throws ContextStoreException if the bytes are not a structure, or not the one named {@code fingerprint} */
    static DataStructure decode(byte[] bytes, String fingerprint) throws ContextStoreException {
        RecordReader in = new RecordReader(bytes, "schema " + fingerprint);
        int version = in.readByte();
        if (version != VERSION) {
            throw in.corrupt("unknown version " + version);
        }
        DataStructure structure;
        try {
            structure = new DataStructure(new Reading(in).element(1));
        } catch (IllegalArgumentException e) {
            throw in.corrupt(e.getMessage());
        }
        in.requireEnd();
        if (!structure.fingerprint().equals(fingerprint)) {
            throw in.corrupt("its digest is " + structure.fingerprint());
        }
        return structure;
    }

    private static void writeElement(RecordWriter out, ElementDecl element) {
        writeName(out, element.name());
        out.writeCount(element.minOccurs()).writeCount(element.maxOccurs()).writeBoolean(element.nillable());
        if (element.isSimple()) {
            out.writeByte(SIMPLE);
            writeSimple(out, element.simpleType());
            return;
        }
        ComplexType type = element.complexType();
        out.writeByte(COMPLEX).writeBoolean(type.name() != null);
        if (type.name() != null) {
            writeName(out, type.name());
        }
        out.writeCount(type.attributes().size());
        for (AttributeDecl attribute : type.attributes()) {
            writeName(out, attribute.name());
            writeSimple(out, attribute.type());
            out.writeBoolean(attribute.required());
        }
        out.writeCount(type.elements().size());
        for (ElementDecl child : type.elements()) {
            writeElement(out, child);
        }
    }

    private static void writeSimple(RecordWriter out, SimpleType type) {
        out.writeString(type.base().localName()).writeBoolean(type.isEnumeration());
        if (type.isEnumeration()) {
            out.writeBoolean(type.name() != null);
            if (type.name() != null) {
                writeName(out, type.name());
            }
            out.writeCount(type.enumeration().size());
            for (String value : type.enumeration()) {
                out.writeString(value);
            }
        }
    }

    private static void writeName(RecordWriter out, QualifiedName name) {
        out.writeString(name.namespace()).writeString(name.localName());
    }

    /** One read, counting declarations against {@link #MAX_DECLARATIONS}. */
    private static final class Reading {
        private final RecordReader in;
        private int declarations;

        Reading(RecordReader in) {
            this.in = in;
        }

        ElementDecl element(int depth) throws ContextStoreException {
            if (depth > MAX_DEPTH) {
                throw in.corrupt("elements nested deeper than " + MAX_DEPTH);
            }
            declared();
            QualifiedName name = name();
            int minOccurs = in.readCount(Integer.MAX_VALUE, "minOccurs");
            int maxOccurs = in.readCount(Integer.MAX_VALUE, "maxOccurs");
            boolean nillable = in.readBoolean();
            int kind = in.readByte();
            if (kind == SIMPLE) {
                return ElementDecl.simple(name, simple(), minOccurs, maxOccurs, nillable);
            }
            if (kind != COMPLEX) {
                throw in.corrupt("an element kind of " + kind);
            }
            QualifiedName typeName = in.readBoolean() ? name() : null;
            int attributeCount = in.readItemCount(MAX_DECLARATIONS, "attributes");
            List<AttributeDecl> attributes = new ArrayList<>(attributeCount);
            for (int i = 0; i < attributeCount; i++) {
                declared();
                attributes.add(AttributeDecl.of(name(), simple(), in.readBoolean()));
            }
            int elementCount = in.readItemCount(MAX_DECLARATIONS, "elements");
            List<ElementDecl> elements = new ArrayList<>(elementCount);
            for (int i = 0; i < elementCount; i++) {
                elements.add(element(depth + 1));
            }
            return ElementDecl.complex(name, new ComplexType(typeName, attributes, elements), minOccurs, maxOccurs,
                    nillable);
        }

        private SimpleType simple() throws ContextStoreException {
            String base = in.readString("a simple type");
            XsdType type = XsdType.forLocalName(base);
            if (type == null) {
                throw in.corrupt("unknown simple type " + base);
            }
            if (!in.readBoolean()) {
                return SimpleType.of(type);
            }
            QualifiedName name = in.readBoolean() ? name() : null;
            int count = in.readItemCount(MAX_DECLARATIONS, "enumeration values");
            List<String> values = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                declared();
                values.add(in.readString("an enumeration value"));
            }
            return SimpleType.enumeration(name, values);
        }

        private QualifiedName name() throws ContextStoreException {
            String namespace = in.readString("a namespace");
            String localName = in.readString("a local name");
            return new QualifiedName(namespace, localName);
        }

        private void declared() throws ContextStoreException {
            if (++declarations > MAX_DECLARATIONS) {
                throw in.corrupt("more than " + MAX_DECLARATIONS + " declarations");
            }
        }
    }
}
