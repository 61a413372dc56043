package org.hhfr.axis;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.Iterator;

import org.apache.axis2.AxisFault;
import org.apache.axis2.description.AxisOperation;
import org.apache.axis2.description.AxisService;
import org.apache.axis2.description.WSDL11ToAxisServiceBuilder;
import org.apache.axis2.engine.AxisConfiguration;
import org.apache.axis2.engine.MessageReceiver;
import org.hhfr.axis.module.HhfrModule;
import org.hhfr.axis.server.HhfrServer;
import org.hhfr.axis.server.ServerSettings;

/** Server settings for tests: every port free and bound on the loopback interface, a small thread pool. */
final class TestServers {
    static final String LOOPBACK = "127.0.0.1";

    private TestServers() {
    }

    /** SOAP and both stream transports on free loopback ports. */
    static ServerSettings.Builder loopback() {
        return ServerSettings.builder().port(0).requestThreads(2).streams(LOOPBACK, LOOPBACK, 0, 0);
    }

    /** Deploys the POJO class {@code pojo} as a service of {@code server}, named after it, with the HHFR module. */
    static AxisService deploy(HhfrServer server, Class<?> pojo) throws AxisFault {
        AxisConfiguration configuration = server.axisContext().getAxisConfiguration();
        AxisService service = AxisService.createService(pojo.getName(), configuration);
        configuration.addService(service);
        service.engageModule(configuration.getModule(HhfrModule.NAME));
        return service;
    }

    /**
     * Deploys the service that {@code wsdl} describes as a service of {@code server}, with the HHFR module, as
     * Axis2 deploys a service archive holding its WSDL: built from the WSDL, which it serves as written
     * ({@code useOriginalwsdl}), each operation answered by {@code receiver}; the documents it imports are found
     * next to it.
     */
    static AxisService deploy(HhfrServer server, URL wsdl, MessageReceiver receiver) throws IOException {
        AxisConfiguration configuration = server.axisContext().getAxisConfiguration();
        AxisService service;
        try (InputStream in = wsdl.openStream()) {
            WSDL11ToAxisServiceBuilder builder = new WSDL11ToAxisServiceBuilder(in);
            builder.setBaseUri(new URL(wsdl, ".").toString());
            builder.setDocumentBaseUri(wsdl.toString());
            service = builder.populateService();
        }
        for (Iterator<AxisOperation> it = service.getOperations(); it.hasNext();) {
            it.next().setMessageReceiver(receiver);
        }
        service.addParameter("useOriginalwsdl", "true");
        configuration.addService(service);
        service.engageModule(configuration.getModule(HhfrModule.NAME));
        return service;
    }
}
