package org.hhfr.schemas;

import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * The structure of one message: a global element and the tree below it (the paper's DataStructure, built
 * by the DSParser from the schema captured in negotiation). Both peers encode and decode a message
 * positionally by walking this tree, so they must hold equal structures; {@link #fingerprint()} lets them
 * check that cheaply.
 */
public final class DataStructure {
    private final ElementDecl root;
    private final String canonicalForm;

    public DataStructure(ElementDecl root) {
        this.root = Objects.requireNonNull(root, "root");
        StringBuilder out = new StringBuilder();
        appendElement(out, root);
        this.canonicalForm = out.toString();
    }

    public ElementDecl root() {
        return root;
    }

    /**
     * A one-line, deterministic description of everything that shapes the wire form (names, namespaces,
     * types, enumerations, occurrence, nillability, attributes; not type names, which do not).
     */
    public String canonicalForm() {
        return canonicalForm;
    }

    /** SHA-256 of {@link #canonicalForm()} in lower-case hex: equal structures, equal fingerprints. */
    public String fingerprint() {
        byte[] digest = Sha256.newDigest().digest(canonicalForm.getBytes(StandardCharsets.UTF_8));
        StringBuilder hex = new StringBuilder(digest.length * 2);
        for (byte b : digest) {
            hex.append(Character.forDigit((b >> 4) & 0xF, 16)).append(Character.forDigit(b & 0xF, 16));
        }
        return hex.toString();
    }

    private static void appendElement(StringBuilder out, ElementDecl element) {
        out.append('<').append(element.name()).append(' ').append(element.minOccurs()).append("..")
                .append(element.maxOccurs() == ElementDecl.UNBOUNDED ? "*" : String.valueOf(element.maxOccurs()));
        if (element.nillable()) {
            out.append(" nil");
        }
        out.append(' ');
        if (element.isSimple()) {
            appendSimple(out, element.simpleType());
        } else {
            ComplexType type = element.complexType();
            out.append('{');
            for (AttributeDecl attribute : type.attributes()) {
                out.append('@').append(attribute.name()).append(attribute.required() ? "! " : "? ");
                appendSimple(out, attribute.type());
                out.append(';');
            }
            if (type.hasSimpleContent()) {
                out.append('=');
                appendSimple(out, type.elements().get(0).simpleType());
            } else {
                for (ElementDecl child : type.elements()) {
                    appendElement(out, child);
                }
            }
            out.append('}');
        }
        out.append('>');
    }

    private static void appendSimple(StringBuilder out, SimpleType type) {
        out.append(type.base().localName());
        if (type.isEnumeration()) {
            out.append('(');
            for (String value : type.enumeration()) {
                out.append(value.length()).append(':').append(value);
            }
            out.append(')');
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DataStructure && canonicalForm.equals(((DataStructure) o).canonicalForm);
    }

    @Override
    public int hashCode() {
        return canonicalForm.hashCode();
    }

    @Override
    public String toString() {
        return canonicalForm;
    }
}
