package org.hhfr.negotiation.description;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.hhfr.schemas.AttributeDecl;
import org.hhfr.schemas.ComplexType;
import org.hhfr.schemas.DataStructure;
import org.hhfr.schemas.ElementDecl;
import org.hhfr.schemas.QualifiedName;
import org.hhfr.schemas.SimpleType;

/**
 * Writes a {@link ServiceDescription} in its compact binary form ({@link DescriptionFormat}): at build time
 * ({@code hhfr schema --compile}) or on a server, never in an app, which only reads it (this class is in
 * negotiation-server, beside the package's reader in negotiation, so an app does not carry it).
 */
public final class ServiceDescriptionWriter {
    private final Map<String, Integer> strings = new LinkedHashMap<>();
    private final ByteArrayOutputStream body = new ByteArrayOutputStream();

    private ServiceDescriptionWriter() {
    }

    /** The description's bytes; equal descriptions give equal bytes. */
    public static byte[] write(ServiceDescription description) {
        ServiceDescriptionWriter writer = new ServiceDescriptionWriter();
        writer.varint(description.operations().size());
        for (DescribedOperation operation : description.operations()) {
            writer.operation(operation);
        }
        List<AdvertisedEndpoint> advertised = description.advertisedEndpoints();
        if (!advertised.isEmpty()) {
            writer.varint(advertised.size());
            for (AdvertisedEndpoint endpoint : advertised) {
                writer.advertised(endpoint);
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(DescriptionFormat.MAGIC, 0, DescriptionFormat.MAGIC.length);
        out.write(advertised.isEmpty() ? DescriptionFormat.VERSION : DescriptionFormat.VERSION_ADVERTISING);
        varint(out, writer.strings.size());
        for (String string : writer.strings.keySet()) {
            byte[] utf8 = string.getBytes(StandardCharsets.UTF_8);
            varint(out, utf8.length);
            out.write(utf8, 0, utf8.length);
        }
        byte[] body = writer.body.toByteArray();
        out.write(body, 0, body.length);
        return out.toByteArray();
    }

    private void advertised(AdvertisedEndpoint endpoint) {
        ref(endpoint.transportUri());
        varint(endpoint.port());
        body.write(endpoint.host() != null ? DescriptionFormat.HAS_HOST : 0);
        if (endpoint.host() != null) {
            ref(endpoint.host());
        }
    }

    private void operation(DescribedOperation operation) {
        ref(operation.name());
        ref(operation.soapAction());
        body.write(operation.isOneWay() ? DescriptionFormat.ONE_WAY : 0);
        structure(operation.request());
        if (!operation.isOneWay()) {
            structure(operation.response());
        }
    }

    private void structure(DataStructure structure) {
        element(structure.root());
        String hex = structure.fingerprint();
        for (int i = 0; i < DescriptionFormat.DIGEST_BYTES; i++) {
            body.write(Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16));
        }
    }

    private void element(ElementDecl element) {
        name(element.name());
        varint(element.minOccurs());
        varint(element.maxOccurs() == ElementDecl.UNBOUNDED ? DescriptionFormat.UNBOUNDED : element.maxOccurs());
        ComplexType complex = element.isSimple() ? null : element.complexType();
        body.write((element.nillable() ? DescriptionFormat.NILLABLE : 0)
                | (complex != null ? DescriptionFormat.COMPLEX : 0)
                | (complex != null && complex.name() != null ? DescriptionFormat.NAMED_TYPE : 0)
                | (complex != null && complex.hasSimpleContent() ? DescriptionFormat.SIMPLE_CONTENT : 0));
        if (complex == null) {
            simpleType(element.simpleType());
            return;
        }
        if (complex.name() != null) {
            name(complex.name());
        }
        varint(complex.attributes().size());
        for (AttributeDecl attribute : complex.attributes()) {
            name(attribute.name());
            body.write(attribute.required() ? 1 : 0);
            simpleType(attribute.type());
        }
        if (complex.hasSimpleContent()) {
            simpleType(complex.elements().get(0).simpleType());
            return;
        }
        varint(complex.elements().size());
        for (ElementDecl child : complex.elements()) {
            element(child);
        }
    }

    private void simpleType(SimpleType type) {
        ref(type.base().localName());
        varint(type.enumeration().size());
        if (!type.isEnumeration()) {
            return;
        }
        for (String value : type.enumeration()) {
            ref(value);
        }
        body.write(type.name() != null ? 1 : 0);
        if (type.name() != null) {
            name(type.name());
        }
    }

    private void name(QualifiedName name) {
        ref(name.namespace());
        ref(name.localName());
    }

    private void ref(String string) {
        Integer index = strings.get(string);
        if (index == null) {
            index = strings.size();
            strings.put(string, index);
        }
        varint(index);
    }

    private void varint(int value) {
        varint(body, value);
    }

    private static void varint(ByteArrayOutputStream out, int value) {
        int rest = value;
        while ((rest & ~0x7F) != 0) {
            out.write((rest & 0x7F) | 0x80);
            rest >>>= 7;
        }
        out.write(rest);
    }
}
