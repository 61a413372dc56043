package org.hhfr.benchmarks.session;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.parsers.SAXParserFactory;
import javax.xml.transform.Result;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.sax.SAXResult;
import javax.xml.transform.sax.SAXSource;
import javax.xml.transform.stream.StreamResult;

import com.google.protobuf.CodedOutputStream;
import com.siemens.ct.exi.core.EXIFactory;
import com.siemens.ct.exi.core.exceptions.EXIException;
import com.siemens.ct.exi.core.helpers.DefaultEXIFactory;
import com.siemens.ct.exi.grammars.GrammarFactory;
import com.siemens.ct.exi.main.api.sax.EXIResult;
import com.siemens.ct.exi.main.api.sax.EXISource;
import com.sun.xml.fastinfoset.sax.SAXDocumentParser;
import com.sun.xml.fastinfoset.sax.SAXDocumentSerializer;
import io.grpc.netty.shaded.io.netty.handler.codec.http2.Http2CodecUtil;
import org.apache.xerces.xni.parser.XMLInputSource;
import org.hhfr.benchmarks.session.rival.grpc.ConcatRequest;
import org.hhfr.benchmarks.session.rival.grpc.FloatSumRequest;
import org.hhfr.client.HhfrClient;
import org.hhfr.client.Mode;
import org.hhfr.client.Operation;
import org.hhfr.client.Session;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.negotiation.soap.MessageBody;
import org.hhfr.negotiation.soap.SoapEnvelopeReader;
import org.hhfr.negotiation.soap.SoapEnvelopeWriter;
import org.hhfr.negotiation.soap.SoapLimits;
import org.hhfr.streamer.BinaryRepresentation;
import org.hhfr.streamer.MalformedMessageException;
import org.hhfr.streamer.Message;
import org.hhfr.streamer.XmlRepresentation;
import org.hhfr.transports.frame.DataFrame;
import org.hhfr.transports.frame.FrameCodec;
import org.w3c.dom.Attr;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;
import org.xml.sax.XMLReader;

/**
 * The wire-size table of one message: the float-sum and string-concat requests of 100 values, and the PoI
 * responses of 1 and 250 records (fetched from the embedded server over SOAP). Each form is produced by its
 * own library from the real message, and every XML encoding is decoded back and read into a message equal to
 * the original before its size is taken, so only valid encodings are counted.
 *
 * <p>EXI is exificient's with its default options (bit-packed, no EXI options in the header, prefixes,
 * comments, processing instructions and lexical values not preserved, non-strict), informed by the schemas
 * of the service's WSDL as the embedded Axis2 server publishes it. Fast Infoset is FastInfoset's SAX
 * serializer with its defaults. Protobuf is the gRPC rival's own messages
 * ({@code sessions.proto}): the requests are encoded as {@code FloatSumRequest} and {@code ConcatRequest}; the
 * PoI list is sized field by field in its {@code PoiList} layout (records in field 1, each {@code int32 id = 1}
 * and the 13 strings in fields 2-14) with protobuf's own size functions. HHFR's frame is encoded by the stream's own
 * {@link FrameCodec}: a request as DATA message {@value #FRAME_MESSAGE_NUMBER} of its sequence, a response as
 * that number answering the request of the same number.
 */
public final class WireSizes {
    /**
     * The message number the HHFR frames are encoded with: mid-session in a 100-message session. Numbers 1 to
     * 127 take one varint byte, up to 16,383 two.
     */
    public static final long FRAME_MESSAGE_NUMBER = 50;
    /** HTTP/2's frame header, as grpc-java's Netty codec writes it before each DATA frame. */
    public static final int HTTP2_FRAME_HEADER_BYTES = Http2CodecUtil.FRAME_HEADER_LENGTH;

    private static final XmlRepresentation XML = new XmlRepresentation();
    private static final BinaryRepresentation BINARY = new BinaryRepresentation();

    private WireSizes() {
    }

    /** @throws IOException the embedded server did not start or did not answer, or an encoding failed */
    public static List<WireSize> measure() throws IOException {
        List<WireSize> sizes = new ArrayList<>();
        try (Testbed testbed = Testbed.start(NetworkProfile.LOOPBACK, 0, null)) {
            float[] floats = (float[]) SessionWorkload.FLOAT_SUM.requestValue(100);
            FloatSumRequest.Builder floatsProto = FloatSumRequest.newBuilder();
            for (float value : floats) {
                floatsProto.addValues(value);
            }
            sizes.add(sizes(SessionWorkload.FLOAT_SUM, "float-sum request, 100 floats",
                    request(testbed, SessionWorkload.FLOAT_SUM, floats), false,
                    SchemaInformedExi.of(testbed, SessionWorkload.FLOAT_SUM),
                    floatsProto.build().getSerializedSize()));
            String[] parts = (String[]) SessionWorkload.STRING_CONCAT.requestValue(100);
            sizes.add(sizes(SessionWorkload.STRING_CONCAT, "string-concat request, 100 parts",
                    request(testbed, SessionWorkload.STRING_CONCAT, parts), false,
                    SchemaInformedExi.of(testbed, SessionWorkload.STRING_CONCAT),
                    ConcatRequest.newBuilder().addAllParts(List.of(parts)).build().getSerializedSize()));
            SchemaInformedExi poiExi = SchemaInformedExi.of(testbed, SessionWorkload.POI);
            for (int records : new int[] {1, 250}) {
                sizes.add(sizes(SessionWorkload.POI,
                        "poi response, " + records + (records == 1 ? " record" : " records"),
                        poiResponse(testbed, records), true, poiExi, poiProtobuf(records)));
            }
        }
        return sizes;
    }

    private static WireSize sizes(SessionWorkload workload, String name, Message message, boolean response,
            SchemaInformedExi exi, int protobuf) throws IOException {
        byte[] envelope = envelope(message);
        byte[] body = XML.encode(message);
        byte[] binary = BINARY.encode(message);
        byte[] fiEnvelope = FastInfoset.encode(envelope);
        requireEnvelopeOf(message, FastInfoset.decode(fiEnvelope));
        byte[] fiBody = FastInfoset.encode(body);
        requireBodyOf(message, FastInfoset.decode(fiBody));
        byte[] exiEnvelope = exi.encode(envelope);
        requireEnvelopeOf(message, exi.decode(exiEnvelope));
        byte[] exiBody = exi.encode(body);
        requireBodyOf(message, exi.decode(exiBody));
        DataFrame frame = DataFrame.first(FRAME_MESSAGE_NUMBER, 0, response ? FRAME_MESSAGE_NUMBER : 0, false,
                binary);
        return new WireSize(workload, name, envelope.length, body.length, fiEnvelope.length, fiBody.length,
                exiEnvelope.length, exiBody.length, protobuf, binary.length, FrameCodec.encodedSize(frame));
    }

    /** The SOAP 1.1 envelope of {@code message}, as the client library writes it. */
    static byte[] envelope(Message message) throws IOException {
        return SoapEnvelopeWriter.toBytes(SoapVersion.SOAP_11, Collections.emptyList(),
                MessageBody.writer(XML, message));
    }

    /** @throws IllegalStateException {@code xml} is not an envelope whose body reads back as {@code message} */
    static void requireEnvelopeOf(Message message, byte[] xml) throws IOException {
        require(message, new SoapEnvelopeReader(SoapLimits.defaults().toBuilder().maxEnvelopeBytes(16 << 20).build())
                .read(new ByteArrayInputStream(xml), MessageBody.reader(XML, message.structure())).body());
    }

    /** @throws IllegalStateException {@code xml} does not read back as {@code message} */
    static void requireBodyOf(Message message, byte[] xml) throws IOException {
        try {
            require(message, XML.decode(message.structure(), xml, 0, xml.length));
        } catch (MalformedMessageException e) {
            throw new IOException("a decoded body is no longer the message: " + e.getMessage(), e);
        }
    }

    private static void require(Message expected, Message read) {
        if (!expected.equals(read)) {
            throw new IllegalStateException("a decoded encoding differs from the message it encoded: " + read);
        }
    }

    private static Message request(Testbed testbed, SessionWorkload workload, Object value) throws IOException {
        return Message.of(testbed.operation(workload).request()).set(0, value).build();
    }

    private static Message poiResponse(Testbed testbed, int records) throws IOException {
        Operation operation = testbed.operation(SessionWorkload.POI);
        try (SessionLink link = testbed.openLink();
             HhfrClient client = HhfrClient.builder(link.serviceUrl(SessionWorkload.POI)).preferredModes(Mode.SOAP)
                     .maxMessageBytes(4 << 20).build();
             Session session = client.open(operation)) {
            return session.call(request(testbed, SessionWorkload.POI, records));
        }
    }

    private static int poiProtobuf(int records) {
        int total = 0;
        for (Object record : (List<?>) SessionWorkload.POI.expectedAnswer(records)) {
            int size = 0;
            int field = 1;
            for (Object value : (List<?>) record) {
                size += value instanceof String text ? CodedOutputStream.computeStringSize(field, text)
                        : CodedOutputStream.computeInt32Size(field, (Integer) value);
                field++;
            }
            total += CodedOutputStream.computeTagSize(1) + CodedOutputStream.computeUInt32SizeNoTag(size) + size;
        }
        return total;
    }

    /** Copies an XML document from a SAX source into a result (a Fast Infoset or EXI encoder, or text). */
    private static void transform(SAXSource source, Result result) throws IOException {
        try {
            TransformerFactory.newInstance().newTransformer().transform(source, result);
        } catch (TransformerException e) {
            throw new IOException("could not convert the XML: " + e.getMessage(), e);
        }
    }

    private static SAXSource xmlText(byte[] xml) throws IOException {
        try {
            SAXParserFactory factory = SAXParserFactory.newInstance();
            factory.setNamespaceAware(true);
            return new SAXSource(factory.newSAXParser().getXMLReader(), new InputSource(new ByteArrayInputStream(xml)));
        } catch (ParserConfigurationException | SAXException e) {
            throw new IOException("no namespace-aware SAX parser: " + e.getMessage(), e);
        }
    }

    private static byte[] toText(XMLReader reader, byte[] encoded) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        transform(new SAXSource(reader, new InputSource(new ByteArrayInputStream(encoded))), new StreamResult(out));
        return out.toByteArray();
    }

    /** Fast Infoset (FastInfoset 2.1.1, SAX serializer and parser with their defaults). */
    static final class FastInfoset {
        private FastInfoset() {
        }

        static byte[] encode(byte[] xml) throws IOException {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            SAXDocumentSerializer serializer = new SAXDocumentSerializer();
            serializer.setOutputStream(out);
            transform(xmlText(xml), new SAXResult(serializer));
            return out.toByteArray();
        }

        static byte[] decode(byte[] fastInfoset) throws IOException {
            return toText(new SAXDocumentParser(), fastInfoset);
        }
    }

    /**
     * EXI (exificient 1.0.7, default options) informed by the schemas in a service's WSDL. Axis2 publishes a
     * service's types as several {@code xs:schema} elements, one per namespace, that import each other
     * without a location; each is lifted out of the WSDL with the namespace declarations it inherits there,
     * and imports are resolved to them by namespace.
     */
    static final class SchemaInformedExi {
        private static final String WSDL = "http://schemas.xmlsoap.org/wsdl/";

        private final EXIFactory factory;

        private SchemaInformedExi(EXIFactory factory) {
            this.factory = factory;
        }

        /** From the WSDL the testbed's server publishes for the workload's service. */
        static SchemaInformedExi of(Testbed testbed, SessionWorkload workload) throws IOException {
            try (SessionLink link = testbed.openLink();
                 InputStream wsdl = new URL(link.serviceUrl(workload) + "?wsdl").openStream()) {
                return fromWsdl(wsdl.readAllBytes());
            }
        }

        static SchemaInformedExi fromWsdl(byte[] wsdl) throws IOException {
            Map<String, byte[]> schemas = new HashMap<>();
            String serviceNamespace;
            try {
                DocumentBuilderFactory builders = DocumentBuilderFactory.newInstance();
                builders.setNamespaceAware(true);
                Document document = builders.newDocumentBuilder().parse(new ByteArrayInputStream(wsdl));
                Element definitions = document.getDocumentElement();
                serviceNamespace = definitions.getAttribute("targetNamespace");
                NodeList found = definitions.getElementsByTagNameNS(XMLConstants.W3C_XML_SCHEMA_NS_URI, "schema");
                for (int i = 0; i < found.getLength(); i++) {
                    Element schema = (Element) found.item(i);
                    if (WSDL.equals(schema.getParentNode().getNamespaceURI())) {
                        schemas.put(schema.getAttribute("targetNamespace"), standalone(schema, definitions));
                    }
                }
            } catch (ParserConfigurationException | SAXException | TransformerException e) {
                throw new IOException("could not read the schemas of the WSDL: " + e.getMessage(), e);
            }
            byte[] main = schemas.get(serviceNamespace);
            if (main == null) {
                throw new IOException("the WSDL has no schema for its namespace " + serviceNamespace);
            }
            try {
                EXIFactory factory = DefaultEXIFactory.newInstance();
                factory.setGrammars(GrammarFactory.newInstance().createGrammars(new ByteArrayInputStream(main),
                        imported -> {
                            byte[] schema = schemas.get(imported.getNamespace());
                            return schema == null ? null : new XMLInputSource(imported.getPublicId(),
                                    imported.getLiteralSystemId(), imported.getBaseSystemId(),
                                    new ByteArrayInputStream(schema), null);
                        }));
                return new SchemaInformedExi(factory);
            } catch (EXIException e) {
                throw new IOException("could not build EXI grammars from the WSDL's schemas: " + e.getMessage(), e);
            }
        }

        /** The schema as a document of its own, with the namespace declarations of the WSDL it relies on. */
        private static byte[] standalone(Element schema, Element definitions) throws TransformerException {
            Element copy = (Element) schema.cloneNode(true);
            NamedNodeMap inherited = definitions.getAttributes();
            for (int i = 0; i < inherited.getLength(); i++) {
                Attr attribute = (Attr) inherited.item(i);
                if (XMLConstants.XMLNS_ATTRIBUTE_NS_URI.equals(attribute.getNamespaceURI())
                        && !copy.hasAttributeNS(XMLConstants.XMLNS_ATTRIBUTE_NS_URI, attribute.getLocalName())) {
                    copy.setAttributeNS(XMLConstants.XMLNS_ATTRIBUTE_NS_URI, attribute.getName(), attribute.getValue());
                }
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            TransformerFactory.newInstance().newTransformer().transform(new DOMSource(copy), new StreamResult(out));
            return out.toByteArray();
        }

        byte[] encode(byte[] xml) throws IOException {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try {
                EXIResult result = new EXIResult(factory);
                result.setOutputStream(out);
                transform(xmlText(xml), result);
            } catch (EXIException e) {
                throw new IOException("EXI encoding failed: " + e.getMessage(), e);
            }
            return out.toByteArray();
        }

        byte[] decode(byte[] exi) throws IOException {
            try {
                return toText(new EXISource(factory).getXMLReader(), exi);
            } catch (EXIException e) {
                throw new IOException("EXI decoding failed: " + e.getMessage(), e);
            }
        }
    }
}
