package org.hhfr.negotiation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.contextstore.ReliabilityPolicy;
import org.hhfr.contextstore.ServiceOperation;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.contextstore.StreamCharacteristics;
import org.hhfr.contextstore.StreamContext;
import org.hhfr.negotiation.reconstruct.EnvelopeReconstructor;
import org.hhfr.negotiation.soap.BodyReader;
import org.hhfr.negotiation.soap.MessageBody;
import org.hhfr.negotiation.soap.SoapEnvelopeReader;
import org.hhfr.negotiation.soap.SoapEnvelopeWriter;
import org.hhfr.negotiation.soap.SoapLimits;
import org.hhfr.negotiation.soap.SoapMessage;
import org.hhfr.schemas.QualifiedName;
import org.hhfr.streamer.Message;
import org.hhfr.streamer.Representations;
import org.hhfr.streamer.XmlRepresentation;
import org.hhfr.streamer.testing.Messages;

/**
 * Reconstruction is lossless: for random messages of random structures and random static and per-message
 * header sets, the envelope rebuilt from the stream (binary or xml body, per-message headers, static
 * headers as the negotiation stored them) is XML-canonically equal to the envelope the client would have
 * sent as plain SOAP.
 */
class ReconstructionProperties {
    private static final XmlRepresentation XML = new XmlRepresentation();
    private static final EnvelopeReconstructor RECONSTRUCTOR =
            new EnvelopeReconstructor(Representations.standard(), XML);

    @Property(tries = 300)
    void theReconstructedEnvelopeIsCanonicallyEqualToThePlainSoapEnvelope(
            @ForAll("messages") Message message,
            @ForAll("headerSets") List<HeaderBlock> staticHeaders,
            @ForAll("headerSets") List<HeaderBlock> messageHeaders,
            @ForAll SoapVersion version,
            @ForAll("representations") String representation) throws Exception {
        List<HeaderBlock> all = new ArrayList<>(staticHeaders);
        all.addAll(messageHeaders);
        byte[] plain = SoapEnvelopeWriter.toBytes(version, all, MessageBody.writer(XML, message));

        // The server keeps the static blocks as it read them from the negotiating envelope.
        SoapMessage<List<String>> negotiating = new SoapEnvelopeReader(SoapLimits.defaults())
                .read(new ByteArrayInputStream(plain), BodyReader.elements(1 << 22, 1000));
        StreamContext.Builder context = StreamContext.builder()
                .schemeUri(HhfrUris.SCHEME_V1)
                .representationUri(representation)
                .transportUri(HhfrUris.TRANSPORT_TCP)
                .operation(ServiceOperation.of("Random", "op", version, "urn:op"))
                .request(message.structure())
                .response(message.structure())
                .characteristics(StreamCharacteristics.of(ReliabilityPolicy.defaults(), 1 << 20, 1 << 20));
        for (HeaderBlock header : negotiating.headers().subList(0, staticHeaders.size())) {
            context.addStaticHeader(header);
        }
        byte[] streamedBody = Representations.standard().get(representation).encode(message);

        ByteArrayOutputStream rebuilt = new ByteArrayOutputStream();
        RECONSTRUCTOR.request(context.build(), streamedBody, messageHeaders, rebuilt);

        assertEquals(XmlCanonicalForm.of(plain), XmlCanonicalForm.of(rebuilt.toByteArray()));
    }

    @Provide
    Arbitrary<Message> messages() {
        return Messages.messages();
    }

    @Provide
    Arbitrary<String> representations() {
        return Arbitraries.of(HhfrUris.REPRESENTATION_BINARY, HhfrUris.REPRESENTATION_XML);
    }

    @Provide
    Arbitrary<List<HeaderBlock>> headerSets() {
        return headerBlocks().list().ofMaxSize(4);
    }

    /** Header blocks of several namespaces and prefixes (a default namespace, a rebound "soap"). */
    private static Arbitrary<HeaderBlock> headerBlocks() {
        Arbitrary<String> namespaces = Arbitraries.of("http://www.w3.org/2005/08/addressing", "urn:hhfr:test:security",
                "urn:hhfr:test:trace");
        Arbitrary<String> prefixes = Arbitraries.of("wsa", "h", "soap", "");
        Arbitrary<String> names = Arbitraries.of("To", "Action", "Token", "Trace", "MessageID");
        return Combinators.combine(namespaces, prefixes, names, attributes(), content(2))
                .as((ns, prefix, name, attrs, inner) -> {
                    String tag = prefix.isEmpty() ? name : prefix + ":" + name;
                    String declaration = prefix.isEmpty() ? " xmlns=\"" + ns + "\"" : " xmlns:" + prefix + "=\"" + ns + "\"";
                    String xml = "<" + tag + declaration + attrs + ">" + inner + "</" + tag + ">";
                    return HeaderBlock.of(new QualifiedName(ns, name), xml);
                });
    }

    private static Arbitrary<String> attributes() {
        Arbitrary<String> one = Combinators.combine(Arbitraries.of(" id=", " role=", " x:flag="), texts())
                .as((name, value) -> (name.contains("x:") ? " xmlns:x=\"urn:hhfr:test:attr\"" : "") + name + "\""
                        + escape(value) + "\"");
        return one.list().ofMaxSize(2).uniqueElements(attribute -> attribute.substring(0, attribute.indexOf('=')))
                .map(list -> String.join("", list))
                .filter(joined -> joined.indexOf("xmlns:x") == joined.lastIndexOf("xmlns:x"));
    }

    private static Arbitrary<String> content(int depth) {
        Arbitrary<String> text = texts().map(ReconstructionProperties::escape);
        if (depth == 0) {
            return text;
        }
        Arbitrary<String> child = Combinators.combine(Arbitraries.of("a", "b", "c"), content(depth - 1))
                .as((name, inner) -> "<" + name + ">" + inner + "</" + name + ">");
        return Arbitraries.oneOf(text, child.list().ofMaxSize(3).map(list -> String.join("", list)));
    }

    private static Arbitrary<String> texts() {
        return Arbitraries.strings().withCharRange(' ', '~').withChars('\u00e9', '\u4e2d', '\n', '\t')
                .ofMaxLength(12);
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
