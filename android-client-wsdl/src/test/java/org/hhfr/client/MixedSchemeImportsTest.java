package org.hhfr.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.net.ssl.SSLContext;

import org.hhfr.negotiation.KeytoolCertificate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A plain-http WSDL may import a document over https and one over http; the https document may name the same
 * http document, which it may not fetch itself. That refusal is about the https document's reference only: the
 * http document the WSDL names is fetched all the same, and is not reported as an import not fetched.
 */
class MixedSchemeImportsTest {
    private static final String AMOUNT = "<xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\" "
            + "targetNamespace=\"urn:y\"><xs:simpleType name=\"Amount\"><xs:restriction base=\"xs:float\"/>"
            + "</xs:simpleType></xs:schema>";

    @TempDir
    static Path directory;
    private static SSLContext serverTls;
    private static SSLContext clientTrust;
    private TestService service;
    private HttpsServer elsewhere;

    @BeforeAll
    static void certificate() throws Exception {
        KeytoolCertificate certificate = KeytoolCertificate.in(directory);
        serverTls = certificate.serverTls();
        clientTrust = certificate.clientTrust();
    }

    @BeforeEach
    void start() throws Exception {
        service = TestService.plain();
        service.publish("xsd=y", AMOUNT);
        // The https document imports the WSDL's own http schema, which it may not fetch itself.
        byte[] x = ("<xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\" targetNamespace=\"urn:x\">"
                + "<xs:import namespace=\"urn:y\" schemaLocation=\"" + service.url() + "?xsd=y\"/></xs:schema>")
                .getBytes(StandardCharsets.UTF_8);
        elsewhere = HttpsServer.create(new InetSocketAddress("127.0.0.1", 0), 4);
        elsewhere.setHttpsConfigurator(new HttpsConfigurator(serverTls));
        elsewhere.createContext("/", exchange -> {
            exchange.getResponseHeaders().set("Content-Type", "text/xml");
            exchange.sendResponseHeaders(200, x.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(x);
            }
        });
        elsewhere.start();
    }

    @AfterEach
    void stop() {
        elsewhere.stop(0);
        service.close();
    }

    @Test
    void anHttpImportAnHttpsDocumentMayNotFetchIsFetchedForTheHttpWsdlThatNamesIt() throws Exception {
        String x = "<xs:import namespace=\"urn:x\" schemaLocation=\"https://127.0.0.1:"
                + elsewhere.getAddress().getPort() + "/x.xsd\"/>";
        String y = "<xs:import namespace=\"urn:y\" schemaLocation=\"" + service.url() + "?xsd=y\"/>";
        for (String imports : List.of(x + y, y + x)) {
            service.publish("wsdl", FloatSum.WSDL.replaceFirst("<xs:element name=\"sum\">",
                    imports + "<xs:element name=\"sum\">").replaceFirst("name=\"return\" type=\"xs:float\"",
                    "name=\"return\" xmlns:y=\"urn:y\" type=\"y:Amount\""));
            try (HhfrClient client = HhfrClient.builder(service.url())
                    .sslSocketFactory(clientTrust.getSocketFactory()).build()) {
                WsdlOperations wsdl = WsdlOperations.fetch(client);
                assertEquals(Map.of(), wsdl.unfetchedImports(), imports);
                assertTrue(wsdl.structures().get(0).isDerived(), () -> imports + ": "
                        + wsdl.structures().get(0).reason());
            }
        }
    }
}
