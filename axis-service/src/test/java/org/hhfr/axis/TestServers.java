package org.hhfr.axis;

import org.apache.axis2.AxisFault;
import org.apache.axis2.description.AxisService;
import org.apache.axis2.engine.AxisConfiguration;
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
}
