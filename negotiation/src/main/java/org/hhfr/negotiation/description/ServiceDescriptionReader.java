package org.hhfr.negotiation.description;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.hhfr.schemas.AttributeDecl;
import org.hhfr.schemas.ComplexType;
import org.hhfr.schemas.DataStructure;
import org.hhfr.schemas.ElementDecl;
import org.hhfr.schemas.QualifiedName;
import org.hhfr.schemas.SimpleType;
import org.hhfr.schemas.XsdType;

/**
 * Reads a compiled service description ({@link DescriptionFormat}) as untrusted bytes: every count, index and
 * flag is checked, memory is bounded (the input, the strings it references, the elements it declares, their
 * nesting), and each structure must have the fingerprint the description carries for it, so a description
 * corrupted anywhere is refused rather than offering the server digests of structures it does not encode. Any
 * flaw is a {@link MalformedDescriptionException} naming the byte offset and what is wrong.
 */
public final class ServiceDescriptionReader {
    /** Largest description read. */
    public static final int MAX_BYTES = 4 << 20;
    /** Characters of names and values all references together expand to (what the structures hold). */
    static final int MAX_EXPANDED_CHARS = 4 << 20;
    /** Elements and attributes of all structures together. */
    static final int MAX_NODES = 100_000;
    /** Nesting of elements in one structure. */
    static final int MAX_DEPTH = 64;
    static final int MAX_OPERATIONS = 4_096;
    static final int MAX_STRINGS = 1 << 16;

    private final byte[] data;
    private int position;
    private String[] strings;
    private long expandedChars;
    private int nodes;

    private ServiceDescriptionReader(byte[] data) {
        this.data = data;
    }

    /** Reads a description from {@code in} (at most {@link #MAX_BYTES}; the stream is read to its end). */
    public static ServiceDescription read(InputStream in) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        byte[] chunk = new byte[8192];
        for (int n = in.read(chunk); n >= 0; n = in.read(chunk)) {
            bytes.write(chunk, 0, n);
            if (bytes.size() > MAX_BYTES) {
                throw new MalformedDescriptionException(bytes.size(), "longer than " + MAX_BYTES + " bytes");
            }
        }
        return read(bytes.toByteArray());
    }

    public static ServiceDescription read(byte[] description) throws MalformedDescriptionException {
        if (description.length > MAX_BYTES) {
            throw new MalformedDescriptionException(0, "longer than " + MAX_BYTES + " bytes");
        }
        return new ServiceDescriptionReader(description).description();
    }

    private ServiceDescription description() throws MalformedDescriptionException {
        for (byte magic : DescriptionFormat.MAGIC) {
            if (position >= data.length || data[position] != magic) {
                throw malformed("not a compiled HHFR service description (it starts with \"HHSD\")");
            }
            position++;
        }
        int version = octet("version");
        if (version != DescriptionFormat.VERSION && version != DescriptionFormat.VERSION_ADVERTISING) {
            throw malformed("version " + version + " is not supported (this reader reads versions "
                    + DescriptionFormat.VERSION + " and " + DescriptionFormat.VERSION_ADVERTISING + ")");
        }
        strings = new String[count(MAX_STRINGS, "strings")];
        for (int i = 0; i < strings.length; i++) {
            strings[i] = string(i);
        }
        int count = count(MAX_OPERATIONS, "operations");
        List<DescribedOperation> operations = new ArrayList<>(count);
        Set<String> names = new HashSet<>();
        for (int i = 0; i < count; i++) {
            DescribedOperation operation = operation();
            if (!names.add(operation.name())) {
                throw malformed("two operations are named '" + operation.name() + "'");
            }
            operations.add(operation);
        }
        List<AdvertisedEndpoint> advertised = new ArrayList<>();
        if (version == DescriptionFormat.VERSION_ADVERTISING) {
            for (int i = count(ServiceDescription.MAX_ADVERTISED, "advertised endpoints"); i > 0; i--) {
                advertised.add(advertised());
            }
        }
        if (position != data.length) {
            throw malformed((data.length - position) + " bytes follow the description");
        }
        return ServiceDescription.of(operations, advertised);
    }

    private AdvertisedEndpoint advertised() throws MalformedDescriptionException {
        String transport = ref();
        int port = varint("port");
        int flags = octet("advertised endpoint flags");
        if ((flags & ~DescriptionFormat.HAS_HOST) != 0) {
            throw malformed("unknown advertised endpoint flags " + flags);
        }
        String host = (flags & DescriptionFormat.HAS_HOST) != 0 ? ref() : null;
        try {
            return AdvertisedEndpoint.of(transport, port, host);
        } catch (IllegalArgumentException e) {
            throw malformed("an advertised endpoint is not usable: " + e.getMessage());
        }
    }

    private DescribedOperation operation() throws MalformedDescriptionException {
        String name = ref();
        String soapAction = ref();
        if (soapAction.indexOf('"') >= 0 || soapAction.indexOf('\r') >= 0 || soapAction.indexOf('\n') >= 0) {
            throw malformed("the SOAPAction of '" + name + "' holds a quote or a line break");
        }
        int flags = octet("operation flags");
        if ((flags & ~DescriptionFormat.ONE_WAY) != 0) {
            throw malformed("unknown operation flags " + flags);
        }
        DataStructure request = structure(name, "request");
        if ((flags & DescriptionFormat.ONE_WAY) != 0) {
            return DescribedOperation.oneWay(name, soapAction, request);
        }
        return DescribedOperation.of(name, soapAction, request, structure(name, "response"));
    }

    private DataStructure structure(String operation, String message) throws MalformedDescriptionException {
        DataStructure structure = new DataStructure(element(1));
        int start = position;
        if (data.length - position < DescriptionFormat.DIGEST_BYTES) {
            throw malformed("the " + message + " digest of '" + operation + "' is cut short");
        }
        String carried = hex(position, DescriptionFormat.DIGEST_BYTES);
        position += DescriptionFormat.DIGEST_BYTES;
        if (!carried.equals(structure.fingerprint())) {
            position = start;
            throw malformed("the " + message + " structure of '" + operation + "' does not have the digest the"
                    + " description carries for it (corrupted, or edited after compiling)");
        }
        return structure;
    }

    private ElementDecl element(int depth) throws MalformedDescriptionException {
        if (depth > MAX_DEPTH) {
            throw malformed("elements nest deeper than " + MAX_DEPTH);
        }
        node();
        QualifiedName name = name("element");
        int minOccurs = varint("minOccurs");
        int encodedMax = varint("maxOccurs");
        int maxOccurs = encodedMax == DescriptionFormat.UNBOUNDED ? ElementDecl.UNBOUNDED : encodedMax;
        if (minOccurs == ElementDecl.UNBOUNDED || encodedMax == ElementDecl.UNBOUNDED) {
            throw malformed("element " + name + " has an occurrence above " + (ElementDecl.UNBOUNDED - 1)
                    + ", the largest count of an XML Schema HHFR reads");
        }
        if (minOccurs > maxOccurs) {
            throw malformed("element " + name + " has minOccurs " + minOccurs + " above its maxOccurs");
        }
        int flags = octet("element flags");
        boolean complex = (flags & DescriptionFormat.COMPLEX) != 0;
        if ((flags & ~(DescriptionFormat.NILLABLE | DescriptionFormat.COMPLEX | DescriptionFormat.NAMED_TYPE
                | DescriptionFormat.SIMPLE_CONTENT)) != 0
                || !complex && (flags & (DescriptionFormat.NAMED_TYPE | DescriptionFormat.SIMPLE_CONTENT)) != 0) {
            throw malformed("unknown element flags " + flags);
        }
        boolean nillable = (flags & DescriptionFormat.NILLABLE) != 0;
        if (!complex) {
            return ElementDecl.simple(name, simpleType(), minOccurs, maxOccurs, nillable);
        }
        QualifiedName typeName = (flags & DescriptionFormat.NAMED_TYPE) != 0 ? name("complex type") : null;
        List<AttributeDecl> attributes = new ArrayList<>();
        Set<QualifiedName> seen = new HashSet<>();
        for (int i = count(MAX_NODES, "attributes"); i > 0; i--) {
            node();
            QualifiedName attribute = name("attribute");
            if (!seen.add(attribute)) {
                throw malformed("element " + name + " has attribute " + attribute + " twice");
            }
            int required = octet("attribute use");
            if (required > 1) {
                throw malformed("attribute " + attribute + " has use " + required + " (0 or 1)");
            }
            attributes.add(AttributeDecl.of(attribute, simpleType(), required == 1));
        }
        if ((flags & DescriptionFormat.SIMPLE_CONTENT) != 0) {
            return ElementDecl.complex(name, ComplexType.withSimpleContent(typeName, attributes, simpleType()),
                    minOccurs, maxOccurs, nillable);
        }
        seen.clear();
        List<ElementDecl> elements = new ArrayList<>();
        for (int i = count(MAX_NODES, "elements"); i > 0; i--) {
            ElementDecl child = element(depth + 1);
            if (!seen.add(child.name())) {
                throw malformed("element " + name + " has child element " + child.name() + " twice");
            }
            elements.add(child);
        }
        return ElementDecl.complex(name, new ComplexType(typeName, attributes, elements), minOccurs, maxOccurs,
                nillable);
    }

    private SimpleType simpleType() throws MalformedDescriptionException {
        String baseName = ref();
        XsdType base = XsdType.forLocalName(baseName);
        if (base == null) {
            throw malformed("'" + baseName + "' is not a built-in type HHFR streams");
        }
        int count = count(MAX_NODES, "enumeration values");
        if (count == 0) {
            return SimpleType.of(base);
        }
        if (base != XsdType.STRING) {
            throw malformed("an enumeration of " + baseName + " (only strings are enumerated)");
        }
        List<String> values = new ArrayList<>(count);
        Set<String> distinct = new HashSet<>();
        for (int i = 0; i < count; i++) {
            String value = ref();
            if (!distinct.add(value)) {
                throw malformed("enumeration value '" + value + "' twice");
            }
            values.add(value);
        }
        int named = octet("enumeration flags");
        if (named > 1) {
            throw malformed("unknown enumeration flags " + named);
        }
        return SimpleType.enumeration(named == 1 ? name("simple type") : null, values);
    }

    private QualifiedName name(String what) throws MalformedDescriptionException {
        String namespace = ref();
        String localName = ref();
        if (localName.isEmpty()) {
            throw malformed("a " + what + " has an empty local name");
        }
        return new QualifiedName(namespace, localName);
    }

    private void node() throws MalformedDescriptionException {
        if (++nodes > MAX_NODES) {
            throw malformed("more than " + MAX_NODES + " elements and attributes");
        }
    }

    private String ref() throws MalformedDescriptionException {
        int index = varint("string reference");
        if (index >= strings.length) {
            throw malformed("string reference " + index + " beyond the " + strings.length + " strings");
        }
        String string = strings[index];
        expandedChars += string.length();
        if (expandedChars > MAX_EXPANDED_CHARS) {
            throw malformed("the names and values referenced expand beyond " + MAX_EXPANDED_CHARS + " characters");
        }
        return string;
    }

    private String string(int index) throws MalformedDescriptionException {
        int length = varint("string length");
        if (length > data.length - position) {
            throw malformed("string " + index + " of " + length + " bytes is cut short");
        }
        try {
            String string = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(data, position, length)).toString();
            position += length;
            return string;
        } catch (CharacterCodingException e) {
            throw malformed("string " + index + " is not UTF-8");
        }
    }

    /** A count of items that each take at least one more byte, so never more than the bytes left. */
    private int count(int limit, String what) throws MalformedDescriptionException {
        int count = varint(what);
        if (count > limit) {
            throw malformed(count + " " + what + ", more than " + limit);
        }
        if (count > data.length - position) {
            throw malformed(count + " " + what + " in the " + (data.length - position) + " bytes left");
        }
        return count;
    }

    private int varint(String what) throws MalformedDescriptionException {
        long value = 0;
        for (int shift = 0; shift < 35; shift += 7) {
            int b = octet(what);
            value |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                if (value > Integer.MAX_VALUE) {
                    break;
                }
                return (int) value;
            }
        }
        throw malformed(what + " is not a varint of at most 31 bits");
    }

    private int octet(String what) throws MalformedDescriptionException {
        if (position >= data.length) {
            throw malformed("cut short: " + what + " expected");
        }
        return data[position++] & 0xFF;
    }

    private String hex(int offset, int length) {
        StringBuilder hex = new StringBuilder(2 * length);
        for (int i = offset; i < offset + length; i++) {
            hex.append(Character.forDigit((data[i] >> 4) & 0xF, 16)).append(Character.forDigit(data[i] & 0xF, 16));
        }
        return hex.toString();
    }

    private MalformedDescriptionException malformed(String reason) {
        return new MalformedDescriptionException(position, reason);
    }
}
