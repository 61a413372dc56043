package org.hhfr.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import javax.net.ssl.SSLContext;

import org.hhfr.client.HhfrClient;
import org.hhfr.client.HhfrException;
import org.hhfr.client.WsdlOperations;
import org.hhfr.schemas.DataStructure;
import org.hhfr.schemas.OperationStructures;
import org.hhfr.schemas.QualifiedName;
import org.hhfr.schemas.Schema;
import org.hhfr.schemas.SchemaException;
import org.hhfr.schemas.SchemaRefusal;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code hhfr schema FILE}: shows the message structures HHFR derives from an XML Schema or a WSDL, the
 * way a peer would after negotiation, or says exactly where and why the schema cannot be used. For a WSDL it
 * first gives each operation's verdict: whether it can stream, and if not which element, type and construct
 * keep it on plain SOAP (the WSDL's other operations are not affected).
 */
@Command(name = "schema",
        mixinStandardHelpOptions = true,
        description = {
            "Derive the message data structures from an XML Schema (.xsd) or a WSDL 1.1 document (.wsdl).",
            "For a WSDL, first a table of its operations: request and response elements, whether the",
            "operation can stream, and if not why (element, type, construct, LINE:COLUMN); then one",
            "structure per global element that has one. On a document HHFR cannot use at all (or a",
            "schema with any construct it cannot represent), prints 'error: FILE:LINE:COLUMN: REASON'",
            "and exits with 2.",
            "With --compile -o OUT: writes the WSDL's operations (SOAPAction and message structures, with",
            "their schema digests) as a compiled service description, which an app ships and reads with",
            "CompiledOperations instead of fetching and parsing the WSDL at run time. Operations that",
            "cannot be called are left out and listed. The stream endpoints the WSDL advertises are kept",
            "and listed: a client's first session with the description opens its stream at once."},
        exitCodeListHeading = "Exit codes:%n",
        exitCodeList = {"0:the verdicts and structures were printed (or the description written)",
            "2:the file is missing, unusable or the arguments are wrong"})
final class SchemaCommand implements Callable<Integer> {
    static final int UNUSABLE = 2;
    /** Connect and read timeout of a WSDL fetch. */
    private static final int FETCH_TIMEOUT_MILLIS = 20_000;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "the .xsd or .wsdl document (and the documents beside it that"
            + " it imports), or a service's http(s) ?wsdl URL")
    private String file;

    @Option(names = "--compile", description = "write the WSDL's compiled service description to the -o file")
    private boolean compile;

    @Option(names = {"-o", "--output"}, paramLabel = "OUT", description = "where --compile writes the description")
    private Path output;

    @Option(names = "--json", description = "print JSON instead of tables")
    private boolean json;

    @Mixin
    private TrustOptions trust;

    @Option(names = "--element", paramLabel = "NAME",
            description = "only the structure of this global element: a local name, or {namespace}name")
    private String element;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (compile != (output != null)) {
            err.println("error: --compile and -o go together");
            return UNUSABLE;
        }
        WsdlOperations description;
        try {
            description = DescriptionCompiler.isUrl(file) ? fetched() : local();
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            return UNUSABLE;
        } catch (HhfrException e) {
            err.println("error: " + file + ":" + (e.getCause() instanceof SchemaException schemaError
                    ? position(schemaError.line(), schemaError.column()) + " " + schemaError.reason()
                    : " " + e.getMessage() + trust.hintFor(e)));
            return UNUSABLE;
        } catch (NoSuchFileException e) {
            err.println("error: " + file + ": no such file");
            return UNUSABLE;
        } catch (IOException e) {
            err.println("error: " + file + ": cannot read: " + e.getMessage());
            return UNUSABLE;
        }
        if (compile) {
            return new DescriptionCompiler(out, err).compile(description, file, output);
        }
        Schema schema = description.schema();
        List<OperationStructures> operations = description.structures();
        if (operations.isEmpty() && !schema.refusals().isEmpty()) {
            // a standalone schema describes no operation that could stay on SOAP: all of it, or nothing
            SchemaRefusal first = schema.refusals().get(0);
            String document = first.document().isEmpty() ? file : first.document();
            err.println("error: " + document + ":" + position(first.line(), first.column()) + " " + first.reason());
            return UNUSABLE;
        }
        List<DataStructure> structures;
        try {
            structures = select(schema);
        } catch (IllegalArgumentException e) {
            err.println("error: " + file + ": " + e.getMessage());
            return UNUSABLE;
        }
        List<OperationStructures> verdicts = element == null ? operations : List.of();
        String source = file;
        if (json) {
            out.print(new SchemaJsonRenderer().render(source, verdicts, structures));
        } else {
            if (!verdicts.isEmpty()) {
                out.print(new OperationTableRenderer().render(source, verdicts));
                out.print('\n');
            }
            out.print(new SchemaTextRenderer().render(source, structures));
        }
        out.flush();
        return 0;
    }

    /**
     * The WSDL at the URL and the documents it imports, trusting the {@code --trust} certificates for https (or
     * the platform's authorities).
     */
    private WsdlOperations fetched() throws HhfrException {
        HhfrClient.Builder client = HhfrClient.builder(file).connectTimeoutMillis(FETCH_TIMEOUT_MILLIS)
                .readTimeoutMillis(FETCH_TIMEOUT_MILLIS);
        SSLContext context = trust.context();
        if (context != null) {
            client.sslSocketFactory(context.getSocketFactory());
        }
        try (HhfrClient fetching = client.build()) {
            return WsdlOperations.fetch(fetching, file);
        }
    }

    /**
     * The local document and the local documents it imports, directly or not ({@link LocalImports}), read as one;
     * the document alone when it imports none that is there.
     */
    private WsdlOperations local() throws IOException, HhfrException {
        byte[] document = readDocument();
        Map<String, byte[]> documents = LocalImports.of(Path.of(file), document);
        return documents.size() == 1 && !LocalImports.namesAny(document) ? WsdlOperations.read(document, file)
                : WsdlOperations.read(documents, file);
    }

    /** The document as text (UTF-8, as WSDL and XSD documents are written), refused above the parser's limit. */
    private byte[] readDocument() throws IOException {
        int limit = WsdlOperations.MAX_WSDL_BYTES;
        byte[] bytes;
        try (InputStream in = Files.newInputStream(Path.of(file))) {
            bytes = in.readNBytes(limit + 1);
        }
        if (bytes.length > limit) {
            throw new HhfrException("the document is longer than " + limit + " bytes");
        }
        return bytes;
    }

    private static String position(int line, int column) {
        return line > 0 ? line + ":" + column + ":" : "";
    }

    private List<DataStructure> select(Schema schema) {
        List<DataStructure> structures = new ArrayList<>();
        if (element == null) {
            for (QualifiedName name : schema.elements().keySet()) {
                structures.add(schema.dataStructure(name));
            }
        } else if (element.startsWith("{") && element.indexOf('}') > 0) {
            int close = element.indexOf('}');
            structures.add(schema.dataStructure(new QualifiedName(element.substring(1, close),
                    element.substring(close + 1))));
        } else {
            structures.add(schema.dataStructure(element));
        }
        return structures;
    }
}
