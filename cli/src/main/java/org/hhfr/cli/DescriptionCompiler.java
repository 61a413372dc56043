package org.hhfr.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import javax.net.ssl.SSLContext;

import org.hhfr.client.HhfrException;
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
    private static final Duration TIMEOUT = Duration.ofSeconds(20);

    private final PrintWriter out;
    private final PrintWriter err;

    DescriptionCompiler(PrintWriter out, PrintWriter err) {
        this.out = out;
        this.err = err;
    }

    static boolean isUrl(String source) {
        return source.startsWith("http://") || source.startsWith("https://");
    }

    /**
     * The WSDL at {@code url} (HTTP GET, 20 s timeouts, refused above the parser's limit), trusting {@code trust}'s
     * certificates for https (or the platform's authorities, when {@code null}).
     */
    static byte[] fetch(String url, SSLContext trust) throws HhfrException {
        int limit = WsdlOperations.MAX_WSDL_BYTES;
        try {
            HttpClient.Builder client = HttpClient.newBuilder().connectTimeout(TIMEOUT);
            if (trust != null) {
                client.sslContext(trust);
            }
            HttpClient http = client.build();
            HttpResponse<InputStream> response = http.send(HttpRequest.newBuilder(URI.create(url)).timeout(TIMEOUT)
                    .GET().build(), HttpResponse.BodyHandlers.ofInputStream());
            try (InputStream body = response.body()) {
                if (response.statusCode() != 200) {
                    throw new HhfrException("fetching it answered HTTP " + response.statusCode());
                }
                byte[] bytes = body.readNBytes(limit + 1);
                if (bytes.length > limit) {
                    throw new HhfrException("the document is longer than " + limit + " bytes");
                }
                return bytes;
            }
        } catch (IllegalArgumentException e) {
            throw new HhfrException("not a URL: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new HhfrException("interrupted while fetching it", e);
        } catch (IOException e) {
            throw e instanceof HhfrException ? (HhfrException) e : new HhfrException("cannot fetch it: " + e, e);
        }
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
