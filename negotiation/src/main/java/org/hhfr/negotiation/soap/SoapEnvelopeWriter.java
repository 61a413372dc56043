package org.hhfr.negotiation.soap;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Collections;
import java.util.List;

import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.contextstore.SoapVersion;
import org.kxml2.io.KXmlSerializer;
import org.xmlpull.v1.XmlSerializer;

/**
 * Writes SOAP 1.1 and 1.2 envelopes in UTF-8, without an XML declaration, with kxml2: header blocks
 * replayed from their XML strings,
 * the body content by a {@link BodyWriter}; and fault envelopes.
 */
public final class SoapEnvelopeWriter {
    private static final String PREFIX = "soap";

    private SoapEnvelopeWriter() {
    }

    /** Writes an envelope; the Header element is left out when there are no header blocks. */
    public static void write(OutputStream out, SoapVersion version, List<HeaderBlock> headers, BodyWriter body)
            throws IOException {
        XmlSerializer serializer = new KXmlSerializer();
        // No XML declaration: UTF-8 is XML's default and the Content-Type names it; the 38 bytes would be paid
        // by every call.
        serializer.setOutput(out, "UTF-8");
        String ns = version.envelopeNamespace();
        serializer.setPrefix(PREFIX, ns);
        serializer.startTag(ns, "Envelope");
        if (!headers.isEmpty()) {
            serializer.startTag(ns, "Header");
            for (HeaderBlock header : headers) {
                XmlSubtree.replay(header.xml(), serializer);
            }
            serializer.endTag(ns, "Header");
        }
        serializer.startTag(ns, "Body");
        body.write(serializer);
        serializer.endTag(ns, "Body");
        serializer.endTag(ns, "Envelope");
        serializer.endDocument();
        serializer.flush();
    }

    /**
     * A lone SOAP Header element holding {@code headers}, in UTF-8: how a streamed request carries header blocks
     * of its own (read back by {@link SoapEnvelopeReader#readHeaderSection}).
     */
    public static byte[] headerSection(SoapVersion version, List<HeaderBlock> headers) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        XmlSerializer serializer = new KXmlSerializer();
        serializer.setOutput(out, "UTF-8");
        String ns = version.envelopeNamespace();
        serializer.setPrefix(PREFIX, ns);
        serializer.startTag(ns, "Header");
        for (HeaderBlock header : headers) {
            XmlSubtree.replay(header.xml(), serializer);
        }
        serializer.endTag(ns, "Header");
        serializer.endDocument();
        serializer.flush();
        return out.toByteArray();
    }

    /** {@link #write} into a byte array. */
    public static byte[] toBytes(SoapVersion version, List<HeaderBlock> headers, BodyWriter body)
            throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        write(out, version, headers, body);
        return out.toByteArray();
    }

    /**
     * Writes a fault envelope: SOAP 1.1 {@code faultcode}/{@code faultstring}, SOAP 1.2
     * {@code Code/Value} and {@code Reason/Text xml:lang="en"}.
     */
    public static void writeFault(OutputStream out, SoapVersion version, SoapFault fault) throws IOException {
        write(out, version, Collections.<HeaderBlock>emptyList(), serializer -> {
            String ns = version.envelopeNamespace();
            String codeNamespace = fault.code().namespace();
            if (!codeNamespace.isEmpty() && serializer.getPrefix(codeNamespace, false) == null) {
                serializer.setPrefix("code", codeNamespace);
            }
            serializer.startTag(ns, "Fault");
            String code = codeNamespace.isEmpty() ? fault.code().localName()
                    : serializer.getPrefix(codeNamespace, false) + ":" + fault.code().localName();
            if (version == SoapVersion.SOAP_11) {
                serializer.startTag("", "faultcode").text(code).endTag("", "faultcode");
                serializer.startTag("", "faultstring").text(fault.reason()).endTag("", "faultstring");
            } else {
                serializer.startTag(ns, "Code");
                serializer.startTag(ns, "Value").text(code).endTag(ns, "Value");
                serializer.endTag(ns, "Code");
                serializer.startTag(ns, "Reason");
                serializer.startTag(ns, "Text")
                        .attribute("http://www.w3.org/XML/1998/namespace", "lang", "en")
                        .text(fault.reason()).endTag(ns, "Text");
                serializer.endTag(ns, "Reason");
            }
            serializer.endTag(ns, "Fault");
        });
    }

    /** {@link #writeFault} into a byte array. */
    public static byte[] faultBytes(SoapVersion version, SoapFault fault) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        writeFault(out, version, fault);
        return out.toByteArray();
    }
}
