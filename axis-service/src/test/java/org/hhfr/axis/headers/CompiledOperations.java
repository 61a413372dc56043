package org.hhfr.axis.headers;

import java.io.IOException;

import org.hhfr.axis.server.HhfrServer;
import org.hhfr.client.HhfrClient;
import org.hhfr.client.Operation;
import org.hhfr.client.WsdlOperations;

/**
 * An operation as an app with a compiled service description builds it (not read from the WSDL at run time), so
 * that its session's offer rides on its first call, through the service's handlers with that call's headers.
 */
final class CompiledOperations {
    private CompiledOperations() {
    }

    static Operation of(HhfrServer server, String service, String operation) throws IOException {
        try (HhfrClient reader = HhfrClient.builder(server.serviceUrl("127.0.0.1", service)).build()) {
            Operation read = WsdlOperations.fetch(reader).operation(operation);
            return Operation.of(read.soapAction(), read.request(), read.response());
        }
    }
}
