package org.hhfr.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.hhfr.axis.server.HhfrServer;
import org.hhfr.axis.server.ServerSettings;
import org.hhfr.client.CompiledOperations;
import org.hhfr.client.HhfrException;
import org.hhfr.client.Operation;
import org.hhfr.client.WsdlOperations;
import org.hhfr.negotiation.HhfrUris;
import org.hhfr.negotiation.description.AdvertisedEndpoint;

import picocli.CommandLine;

/** {@code hhfr schema --compile}: a WSDL file or URL becomes a compiled service description an app reads. */
class SchemaCompileTest {
    private static final Path RESERVATIONS = Paths.get("..", "examples", "reservations.wsdl");

    private static int hhfr(StringWriter out, StringWriter err, String... args) {
        CommandLine commandLine = new CommandLine(new Main());
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        return commandLine.execute(args);
    }

    @Test
    void aWsdlCompilesToTheOperationsItCanCallAndSaysWhichItLeftOut(@TempDir Path dir) throws Exception {
        Path output = dir.resolve("reservations.hhfr");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();

        assertEquals(0, hhfr(out, err, "schema", "--compile", RESERVATIONS.toString(), "-o", output.toString()),
                err.toString());

        assertTrue(out.toString().startsWith("wrote " + output + ": " + Files.size(output) + " bytes, 3 operations\n"),
                out.toString());
        assertTrue(out.toString().contains("left out lookup: the response element"), out.toString());
        CompiledOperations compiled = CompiledOperations.read(Files.readAllBytes(output));
        Operation confirm = compiled.operation("confirm");
        assertEquals("urn:confirm", confirm.soapAction());
        assertEquals("urn:book", compiled.operation("book").soapAction());
        assertEquals("urn:bookGroup", compiled.operation("bookGroup").soapAction());
        assertThrows(HhfrException.class, () -> compiled.operation("lookup"));
        assertEquals(WsdlOperations.read(Files.readString(RESERVATIONS), "reservations.wsdl").structures().get(0)
                .request(), confirm.request());
    }

    @Test
    void theServicesWsdlUrlCompilesAlike(@TempDir Path dir) throws Exception {
        byte[] wsdl = Files.readAllBytes(RESERVATIONS);
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/services/Reservations", exchange -> {
            exchange.sendResponseHeaders(200, wsdl.length);
            exchange.getResponseBody().write(wsdl);
            exchange.close();
        });
        server.start();
        try {
            Path fromFile = dir.resolve("file.hhfr");
            Path fromUrl = dir.resolve("url.hhfr");
            String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/services/Reservations?wsdl";
            assertEquals(0, hhfr(new StringWriter(), new StringWriter(), "schema", "--compile",
                    RESERVATIONS.toString(), "-o", fromFile.toString()));
            StringWriter err = new StringWriter();
            assertEquals(0, hhfr(new StringWriter(), err, "schema", "--compile", url, "-o", fromUrl.toString()),
                    err.toString());
            assertArrayEquals(Files.readAllBytes(fromFile), Files.readAllBytes(fromUrl));
        } finally {
            server.stop(0);
        }
    }

    @Test
    void compileNeedsAnOutputAndAWsdlWithACallableOperation(@TempDir Path dir) throws Exception {
        StringWriter err = new StringWriter();
        assertEquals(SchemaCommand.UNUSABLE, hhfr(new StringWriter(), err, "schema", "--compile",
                RESERVATIONS.toString()));
        assertTrue(err.toString().contains("--compile and -o go together"), err.toString());

        err = new StringWriter();
        Path xsd = Paths.get("..", "examples", "float-sum.xsd");
        assertEquals(SchemaCommand.UNUSABLE, hhfr(new StringWriter(), err, "schema", "--compile", xsd.toString(),
                "-o", dir.resolve("none.hhfr").toString()));
        assertTrue(err.toString().contains("no operation can be called, nothing to compile"), err.toString());
    }

    @Test
    void aRunningServicesDescriptionKeepsTheStreamEndpointsItsWsdlAdvertises(@TempDir Path dir) throws Exception {
        try (HhfrServer server = HhfrServer.start(ServerSettings.builder().port(0).requestThreads(2)
                .streams("127.0.0.1", null, 0, 0).build())) {
            Path output = dir.resolve("floatsum.hhfr");
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            assertEquals(0, hhfr(out, err, "schema", "--compile", server.serviceUrl("127.0.0.1", "FloatSum") + "?wsdl",
                    "-o", output.toString()), err.toString());

            int tcp = server.streamPort(HhfrUris.TRANSPORT_TCP);
            assertTrue(out.toString().contains("streams advertised: urn:hhfr:transport:tcp port " + tcp
                    + " (at the service's host)\n"), out.toString());
            assertEquals(List.of(AdvertisedEndpoint.of(HhfrUris.TRANSPORT_TCP, tcp, null),
                    AdvertisedEndpoint.of(HhfrUris.TRANSPORT_UDP, server.streamPort(HhfrUris.TRANSPORT_UDP), null)),
                    CompiledOperations.read(Files.readAllBytes(output)).description().advertisedEndpoints());
        }
    }
}
