package org.hhfr.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import org.hhfr.client.WsdlOperations;
import org.hhfr.negotiation.description.AdvertisedEndpoint;
import org.hhfr.negotiation.description.ServiceDescription;
import org.hhfr.negotiation.description.ServiceDescriptionWriter;
import org.hhfr.schemas.OperationStructures;

/**
 * {@code hhfr schema --compile WSDL -o OUT}: writes the compiled service description of a WSDL (a file or the
 * service's {@code ?wsdl} URL) and says what it holds and which operations it leaves out, and why.
 */
final class DescriptionCompiler {
    private final PrintWriter out;
    private final PrintWriter err;

    DescriptionCompiler(PrintWriter out, PrintWriter err) {
        this.out = out;
        this.err = err;
    }

    static boolean isUrl(String source) {
        return source.startsWith("http://") || source.startsWith("https://");
    }

    /** Writes the description; the exit code. */
    int compile(WsdlOperations wsdl, String source, Path output) {
        ServiceDescription description = wsdl.description();
        if (description.operations().isEmpty()) {
            err.println("error: " + source + ": no operation can be called, nothing to compile");
            return SchemaCommand.UNUSABLE;
        }
        byte[] bytes = ServiceDescriptionWriter.write(description);
        try {
            Files.write(output, bytes);
        } catch (IOException e) {
            err.println("error: " + output + ": cannot write: " + e.getMessage());
            return SchemaCommand.UNUSABLE;
        }
        out.println("wrote " + output + ": " + bytes.length + " bytes, " + description.operations().size()
                + (description.operations().size() == 1 ? " operation" : " operations"));
        for (AdvertisedEndpoint endpoint : description.advertisedEndpoints()) {
            out.println("streams advertised: " + endpoint.transportUri() + " port " + endpoint.port()
                    + (endpoint.host() == null ? " (at the service's host)" : " at " + endpoint.host()));
        }
        for (OperationStructures operation : wsdl.structures()) {
            if (!operation.isDerived()) {
                out.println("left out " + operation.operation() + ": " + operation.reason());
            }
        }
        out.flush();
        return 0;
    }
}
