package org.hhfr.client;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A fetched WSDL that is not well-formed XML in a way kxml2 reports unchecked (a prefix never declared) is refused
 * with an {@link HhfrException} saying why, as one read from bytes is: never a {@link RuntimeException} from the
 * parser looking for the documents it imports.
 */
class MalformedWsdlTest {
    private TestService service;

    @BeforeEach
    void start() throws Exception {
        service = TestService.plain();
    }

    @AfterEach
    void stop() {
        service.close();
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = MalformedWsdlTest.class.getResourceAsStream("/published/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void aFetchedWsdlWithAnUndeclaredPrefixIsAnHhfrExceptionNamingIt() throws Exception {
        service.publish("wsdl", resource("attachments-undeclared-prefix.wsdl"));

        try (HhfrClient client = HhfrClient.builder(service.url()).build()) {
            HhfrException e = assertThrows(HhfrException.class, () -> WsdlOperations.fetch(client));
            assertTrue(e.getMessage().contains("is not usable"), e::getMessage);
        }
    }
}
