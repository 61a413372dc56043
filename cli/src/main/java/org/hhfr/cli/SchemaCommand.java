package org.hhfr.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.hhfr.schemas.DataStructure;
import org.hhfr.schemas.QualifiedName;
import org.hhfr.schemas.Schema;
import org.hhfr.schemas.SchemaException;
import org.hhfr.schemas.SchemaParser;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code hhfr schema FILE}: shows the message structures HHFR derives from an XML Schema or a WSDL, the
 * way a peer would after negotiation, or says exactly where and why the schema cannot be used.
 */
@Command(name = "schema",
        mixinStandardHelpOptions = true,
        description = {
            "Derive the message data structures from an XML Schema (.xsd) or a WSDL 1.1 document (.wsdl).",
            "Prints one structure per global element; on a schema HHFR cannot use, prints",
            "'error: FILE:LINE:COLUMN: REASON' and exits with 2."},
        exitCodeListHeading = "Exit codes:%n",
        exitCodeList = {"0:the structures were printed", "2:the file is missing, unusable or the arguments are wrong"})
final class SchemaCommand implements Callable<Integer> {
    static final int UNUSABLE = 2;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "the .xsd or .wsdl document")
    private Path file;

    @Option(names = "--json", description = "print JSON instead of a table")
    private boolean json;

    @Option(names = "--element", paramLabel = "NAME",
            description = "only the structure of this global element: a local name, or {namespace}name")
    private String element;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Schema schema;
        try (InputStream in = Files.newInputStream(file)) {
            schema = new SchemaParser().parse(in);
        } catch (NoSuchFileException e) {
            err.println("error: " + file + ": no such file");
            return UNUSABLE;
        } catch (IOException e) {
            err.println("error: " + file + ": cannot read: " + e.getMessage());
            return UNUSABLE;
        } catch (SchemaException e) {
            err.println("error: " + file + ":" + (e.line() > 0 ? e.line() + ":" + e.column() + ":" : "") + " "
                    + e.reason());
            return UNUSABLE;
        }
        List<DataStructure> structures;
        try {
            structures = select(schema);
        } catch (IllegalArgumentException e) {
            err.println("error: " + file + ": " + e.getMessage());
            return UNUSABLE;
        }
        String source = file.toString();
        out.print(json ? new SchemaJsonRenderer().render(source, structures)
                : new SchemaTextRenderer().render(source, structures));
        out.flush();
        return 0;
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
