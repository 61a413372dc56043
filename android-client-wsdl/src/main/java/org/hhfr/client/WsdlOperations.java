package org.hhfr.client;

import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.hhfr.negotiation.description.DescribedOperation;
import org.hhfr.negotiation.description.ServiceDescription;
import org.hhfr.schemas.DocumentLocation;
import org.hhfr.schemas.OperationStructures;
import org.hhfr.schemas.QualifiedName;
import org.hhfr.schemas.Schema;
import org.hhfr.schemas.SchemaException;
import org.hhfr.schemas.SchemaLimits;
import org.hhfr.schemas.SchemaParser;

/**
 * The operations a WSDL 1.1 document describes: the schemas in {@code wsdl:types} (through the schemas
 * module's parser, which refuses DTDs and bounds everything) and the operations of its SOAP 1.1 and 1.2
 * bindings, each with its SOAPAction and the elements its request and response carry in the SOAP Body: the
 * message's one body part (the parts {@code soap:body parts} names, else every part not bound to a
 * {@code soap:header}). Port types without a SOAP binding (the HTTP GET and POST ones of an ASP.NET service)
 * are not SOAP operations; where a name has several SOAP bindings the first in the document wins. A document
 * without any binding is read from its port types alone, as document/literal.
 *
 * <p>The schemas are parsed per component, so an operation whose messages use a construct HHFR cannot
 * represent does not take the others with it: {@link #structures()} gives every operation's verdict
 * (streamable, or why not), and {@link #operation(String)} gives every operation whose structures derive.
 * One whose structures do not derive cannot be called through this client in any mode: plain SOAP needs them
 * too, to write the request and read the response.
 *
 * <p>This is the client's optional run-time WSDL path ({@code hhfr-android-client-wsdl}): an app that ships a
 * compiled description ({@link CompiledOperations}) needs neither it nor the XML Schema reader it brings.
 *
 * <pre>{@code
 * WsdlOperations wsdl = WsdlOperations.fetch(client);   // serviceUrl?wsdl, once; keep it
 * Session sum = client.open(wsdl.operation("sum"));
 * }</pre>
 */
public final class WsdlOperations {
    /**
     * The longest WSDL read or fetched, in bytes (characters, for text): published WSDLs, with their
     * documentation, often exceed the 1 MiB of a schema.
     */
    public static final int MAX_WSDL_BYTES = 4 << 20;
    /** A location as the schema reader quotes it in a refusal. */
    private static final Pattern SCHEMA_LOCATION = Pattern.compile("schemaLocation=\"([^\"]*)\"");
    /**
     * The schemas' limits, but for a document of {@link #MAX_WSDL_BYTES}: four times the characters of a schema's
     * 1 MiB, and four times its declarations (e-conomic's 3 MB WSDL declares 10,219 types, elements and attributes).
     */
    private static final SchemaLimits LIMITS = SchemaLimits.defaults().toBuilder()
            .maxDocumentChars(MAX_WSDL_BYTES)
            .maxDeclarations(MAX_WSDL_BYTES / SchemaLimits.defaults().maxDocumentChars()
                    * SchemaLimits.defaults().maxDeclarations())
            .build();

    private final Schema schema;
    /** Names the document in error messages. */
    private final String source;
    private final WsdlDefinitions definitions;
    /** The imports that were not fetched: a sentence naming each and why, by location. */
    private final Map<String, String> unfetched;
    /** Every SOAP operation, in document order (the first binding of a name wins). */
    private final Map<String, Shape> operations = new LinkedHashMap<>();

    /** An operation as a binding of its port type describes it. */
    private static final class Shape {
        final WsdlDefinitions.Exchange exchange;
        /** {@code null} for a document without bindings: document/literal, every part in the body. */
        final WsdlDefinitions.Binding binding;
        final WsdlDefinitions.BoundOperation bound;

        Shape(WsdlDefinitions.Exchange exchange, WsdlDefinitions.Binding binding,
                WsdlDefinitions.BoundOperation bound) {
            this.exchange = exchange;
            this.binding = binding;
            this.bound = bound;
        }
    }

    private WsdlOperations(Schema schema, String source, WsdlDefinitions definitions,
                           Map<String, String> unfetched) {
        this.schema = schema;
        this.source = source;
        this.definitions = definitions;
        this.unfetched = unfetched;
        boolean anySoapBinding = false;
        for (WsdlDefinitions.Binding binding : definitions.bindings) {
            Map<String, WsdlDefinitions.Exchange> portType = definitions.portTypes.get(binding.portType);
            if (!binding.soap || portType == null) {
                continue;
            }
            anySoapBinding = true;
            for (Map.Entry<String, WsdlDefinitions.Exchange> operation : portType.entrySet()) {
                WsdlDefinitions.BoundOperation bound = binding.operations.get(operation.getKey());
                operations.putIfAbsent(operation.getKey(), new Shape(operation.getValue(), binding,
                        bound != null ? bound : new WsdlDefinitions.BoundOperation()));
            }
        }
        if (!anySoapBinding && definitions.bindings.isEmpty()) {
            for (Map<String, WsdlDefinitions.Exchange> portType : definitions.portTypes.values()) {
                for (Map.Entry<String, WsdlDefinitions.Exchange> operation : portType.entrySet()) {
                    operations.putIfAbsent(operation.getKey(), new Shape(operation.getValue(), null,
                            new WsdlDefinitions.BoundOperation()));
                }
            }
        }
    }

    /**
     * Fetches the WSDL of the client's service ({@code serviceUrl?wsdl}, HTTP GET) and the documents it imports
     * ({@code wsdl:import}, {@code xs:import schemaLocation}: at most 32 documents of {@link #MAX_WSDL_BYTES} in
     * all, http(s) only, https only for an https WSDL), with the client's timeouts, TLS settings and HTTP headers,
     * and reads them as one. An import that cannot be fetched is left out: only the operations that use its names
     * are refused, saying so ({@link #unfetchedImports()}). Blocking: call it off the main thread, once per
     * service, and keep the result.
     *
     * @throws HhfrException the client is closed, or the WSDL cannot be fetched or is not usable
     */
    public static WsdlOperations fetch(HhfrClient client) throws HhfrException {
        return fetch(client, client.serviceUrl() + "?wsdl");
    }

    /**
     * As {@link #fetch(HhfrClient)}, the WSDL at {@code wsdlUrl} (a published copy, a {@code ?singleWsdl}).
     * The client's HTTP headers go only to {@code wsdlUrl}'s own origin.
     *
     * @throws HhfrException the client is closed, or the WSDL cannot be fetched or is not usable
     */
    public static WsdlOperations fetch(HhfrClient client, String wsdlUrl) throws HhfrException {
        WsdlDownload.Fetched fetched = WsdlDownload.fetchWithImports(wsdlUrl, client.openSettings());
        Map<String, byte[]> documents = fetched.documents;
        if (documents.size() == 1 && fetched.unfetched.isEmpty()) {
            return read(documents.get(wsdlUrl), wsdlUrl);
        }
        checkSize(documents, wsdlUrl);
        return read(wsdlUrl, () -> new SchemaParser(LIMITS).perComponent().parse(documents),
                () -> WsdlDefinitions.read(documents), fetched.unfetched);
    }

    /**
     * Reads a WSDL split over documents: the WSDL and those its {@code wsdl:import} and
     * {@code xs:import schemaLocation} name, directly or not (at most {@link #MAX_WSDL_BYTES} in all), as one.
     * {@code source} names the WSDL in error messages. Only the documents of the WSDL's own origin (scheme, host
     * and port) advertise stream endpoints.
     *
     * @param documents each document by its URL, the WSDL first
     * @throws HhfrException the documents are not a usable WSDL at all (malformed, hostile, over a limit)
     */
    public static WsdlOperations read(Map<String, byte[]> documents, String source) throws HhfrException {
        checkSize(documents, source);
        return read(source, () -> new SchemaParser(LIMITS).perComponent().parse(documents),
                () -> WsdlDefinitions.read(documents), Collections.<String, String>emptyMap());
    }

    private static void checkSize(Map<String, byte[]> documents, String source) throws HhfrException {
        if (documents.isEmpty()) {
            throw new HhfrException("the WSDL at " + source + " is not usable: no document was given");
        }
        long bytes = 0;
        for (byte[] document : documents.values()) {
            bytes += document.length;
        }
        if (documents.size() > WsdlDownload.MAX_DOCUMENTS) {
            throw new HhfrException("the WSDL at " + source + " imports more than " + WsdlDownload.MAX_DOCUMENTS
                    + " documents");
        }
        if (bytes > MAX_WSDL_BYTES) {
            throw new MessageTooLargeException("the WSDL at " + source + " with its " + (documents.size() - 1)
                    + " imported documents", bytes, MAX_WSDL_BYTES);
        }
    }

    /**
     * Reads the document (at most {@link #MAX_WSDL_BYTES}) as a parser reads XML: in the encoding its byte order
     * mark or XML declaration names, UTF-8 otherwise. {@code source} names it in error messages.
     *
     * @throws HhfrException the document is not a usable WSDL at all (malformed, hostile, over a limit)
     */
    public static WsdlOperations read(byte[] wsdl, String source) throws HhfrException {
        return read(source, () -> new SchemaParser(LIMITS).perComponent().parse(new ByteArrayInputStream(wsdl)),
                () -> WsdlDefinitions.read(wsdl), Collections.<String, String>emptyMap());
    }

    /**
     * Reads the document from its characters (at most {@link #MAX_WSDL_BYTES}); {@code source} names it in error
     * messages.
     *
     * @throws HhfrException the document is not a usable WSDL at all (malformed, hostile, over a limit)
     */
    public static WsdlOperations read(String wsdl, String source) throws HhfrException {
        return read(source, () -> new SchemaParser(LIMITS).perComponent().parse(wsdl),
                () -> WsdlDefinitions.read(wsdl), Collections.<String, String>emptyMap());
    }

    private interface Reading<T, E extends Exception> {
        T read() throws E;
    }

    private static WsdlOperations read(String source, Reading<Schema, SchemaException> schemas,
            Reading<WsdlDefinitions, Exception> definitions, Map<String, String> unfetched) throws HhfrException {
        Schema schema;
        try {
            schema = schemas.read();
        } catch (SchemaException e) {
            throw new HhfrException("the WSDL at " + source + " is not usable: " + e.getMessage(), e);
        }
        try {
            return new WsdlOperations(schema, source, definitions.read(), unfetched);
        } catch (Exception e) {
            throw new HhfrException("the WSDL at " + source + " is not usable: " + e.getMessage(), e);
        }
    }

    /** The schemas of {@code wsdl:types}, parsed per component (see {@link Schema#refusals()}). */
    public Schema schema() {
        return schema;
    }

    /**
     * The documents the WSDL imports that {@link #fetch(HhfrClient) fetch} could not fetch, by location, each
     * with a sentence naming it and saying why (an HTTP status, unreachable, plain http for an https WSDL);
     * empty when every import was read, and for a WSDL read from bytes.
     */
    public Map<String, String> unfetchedImports() {
        return Collections.unmodifiableMap(unfetched);
    }

    /** Every operation of the port types, in document order, with its structures or why it has none. */
    public List<OperationStructures> structures() {
        List<OperationStructures> all = new ArrayList<>();
        for (String name : operations.keySet()) {
            all.add(structures(name));
        }
        return all;
    }

    /**
     * The operations whose structures derive, as a {@link ServiceDescription} (what {@code hhfr schema --compile}
     * writes for {@link CompiledOperations}); {@link #structures()} says why the others are left out.
     */
    public ServiceDescription description() {
        List<DescribedOperation> operations = new ArrayList<>();
        for (OperationStructures structures : structures()) {
            if (structures.isDerived()) {
                String action = soapAction(structures.operation());
                operations.add(structures.isOneWay()
                        ? DescribedOperation.oneWay(structures.operation(), action, structures.request())
                        : DescribedOperation.of(structures.operation(), action, structures.request(),
                                structures.response()));
            }
        }
        return ServiceDescription.of(operations, definitions.advertised);
    }

    /**
     * The operation named {@code name} in a port type, to open sessions on.
     *
     * @throws HhfrException there is no such operation, or its structures do not derive (the message says why)
     */
    public Operation operation(String name) throws HhfrException {
        if (!operations.containsKey(name)) {
            throw new HhfrException("the WSDL at " + source + " has no operation '" + name + "'; it has "
                    + operations.keySet());
        }
        OperationStructures structures = structures(name);
        if (!structures.isDerived()) {
            throw new HhfrException("operation '" + name + "' of the WSDL at " + source + " cannot be called: "
                    + structures.reason() + " (its messages have no structure, and every mode, plain SOAP too,"
                    + " needs one; the WSDL's other operations are not affected)");
        }
        String action = soapAction(name);
        return (structures.isOneWay() ? Operation.oneWay(action, structures.request())
                : Operation.of(action, structures.request(), structures.response()))
                .advertising(definitions.advertised);
    }

    private String soapAction(String operation) {
        String action = operations.get(operation).bound.soapAction;
        return action == null ? "" : action;
    }

    private OperationStructures structures(String operation) {
        Shape shape = operations.get(operation);
        String style = shape.bound.style != null ? shape.bound.style.trim()
                : shape.binding != null ? shape.binding.style : "document";
        if (!"document".equals(style)) {
            return OperationStructures.withoutElements(operation, "binding '" + shape.binding.name + "' is "
                    + style + " style (only document/literal is supported)");
        }
        if (shape.exchange.input == null) {
            // a notification (output only), or an operation with faults alone
            return OperationStructures.withoutElements(operation, "port type operation '" + operation
                    + "' has no wsdl:input: only request-response and one-way operations are called");
        }
        String refusal = refusal(shape, shape.exchange.input, shape.bound.input);
        if (refusal == null && shape.exchange.output != null) {
            refusal = refusal(shape, shape.exchange.output, shape.bound.output);
        }
        if (refusal != null) {
            return OperationStructures.withoutElements(operation, refusal);
        }
        QualifiedName request = bodyElements(shape.exchange.input, shape.bound.input).get(0);
        QualifiedName response = shape.exchange.output == null ? null
                : bodyElements(shape.exchange.output, shape.bound.output).get(0);
        OperationStructures structures = OperationStructures.of(operation, schema, request, response);
        List<String> whys = structures.isDerived() ? Collections.<String>emptyList() : unfetchedIn(structures.reason());
        if (whys.isEmpty()) {
            return structures;
        }
        StringBuilder reason = new StringBuilder(structures.reason()).append("; not fetched:");
        for (String why : whys) {
            reason.append(' ').append(why).append(';');
        }
        reason.setLength(reason.length() - 1);
        return structures.refusedFor(reason.toString());
    }

    /**
     * Why each import the refusal {@code reason} names ({@code schemaLocation="..."}, as written) was not fetched:
     * those whose URL that location leads to from itself.
     */
    private List<String> unfetchedIn(String reason) {
        List<String> whys = new ArrayList<>();
        Matcher location = SCHEMA_LOCATION.matcher(reason);
        while (location.find()) {
            for (Map.Entry<String, String> unfetchedImport : unfetched.entrySet()) {
                String url = unfetchedImport.getKey();
                if (url.equals(DocumentLocation.resolve(url, location.group(1)))
                        && !whys.contains(unfetchedImport.getValue())) {
                    whys.add(unfetchedImport.getValue());
                }
            }
        }
        return whys;
    }

    /** Why the message of an operation's input or output has no element in the body, or {@code null}. */
    private String refusal(Shape shape, String message, WsdlDefinitions.BoundMessage bound) {
        if (!"literal".equals(bound.use)) {
            return "binding '" + shape.binding.name + "' has " + bound.use
                    + " use (only document/literal is supported)";
        }
        if (!definitions.messages.containsKey(message)) {
            return "message '" + message + "' is not in the document";
        }
        List<QualifiedName> body = bodyElements(message, bound);
        if (body.size() != 1) {
            return "message '" + message + "' has " + body.size() + " parts in the SOAP Body (document/literal"
                    + " has one)";
        }
        if (body.get(0) == null) {
            return "message '" + message + "' has no element part (only document/literal is supported)";
        }
        return null;
    }

    /**
     * The elements of the parts in the body ({@code null} for a part naming a type): those {@code soap:body parts}
     * names, else every part that no {@code soap:header} binds.
     */
    private List<QualifiedName> bodyElements(String message, WsdlDefinitions.BoundMessage bound) {
        List<QualifiedName> body = new ArrayList<>();
        for (Map.Entry<String, QualifiedName> part : definitions.messages.get(message).entrySet()) {
            if (bound.bodyParts != null ? bound.bodyParts.contains(part.getKey())
                    : !isHeader(message, part.getKey(), bound)) {
                body.add(part.getValue());
            }
        }
        return body;
    }

    private static boolean isHeader(String message, String part, WsdlDefinitions.BoundMessage bound) {
        for (String[] header : bound.headers) {
            if (header[0].equals(message) && header[1].equals(part)) {
                return true;
            }
        }
        return false;
    }
}
