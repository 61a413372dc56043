package org.hhfr.axis.server;

import java.io.IOException;
import java.io.InputStream;
import java.util.Map;

import org.apache.axis2.AxisFault;
import org.apache.axis2.deployment.DeploymentConstants;
import org.apache.axis2.deployment.DeploymentEngine;
import org.apache.axis2.engine.AxisConfiguration;
import org.apache.axis2.engine.AxisConfigurator;
import org.hhfr.axis.module.HhfrModule;

/**
 * Builds Axis2's configuration from the {@code axis2_default.xml} inside the kernel jar, so the server needs no
 * repository on disk and ignores the {@code axis2.repo} / {@code axis2.xml} system properties. The HHFR module
 * is deployed from the class path with the server's parameters; services are added in code afterwards.
 */
final class RepositoryFreeConfigurator extends DeploymentEngine implements AxisConfigurator {
    private final Map<String, String> moduleParameters;

    RepositoryFreeConfigurator(Map<String, String> moduleParameters) {
        this.moduleParameters = moduleParameters;
    }

    @Override
    public synchronized AxisConfiguration getAxisConfiguration() throws AxisFault {
        try (InputStream in = AxisConfiguration.class.getClassLoader()
                .getResourceAsStream(DeploymentConstants.AXIS2_CONFIGURATION_RESOURCE)) {
            if (in == null) {
                throw new AxisFault(DeploymentConstants.AXIS2_CONFIGURATION_RESOURCE
                        + " is missing from the class path: is axis2-kernel there?");
            }
            axisConfig = populateAxisConfiguration(in);
        } catch (IOException e) {
            throw AxisFault.makeFault(e);
        }
        loadFromClassPath();
        HhfrModule.provide(axisConfig, moduleParameters);
        axisConfig.setConfigurator(this);
        return axisConfig;
    }

    /** Services are deployed in code: there is nothing to scan. */
    @Override
    public void loadServices() {
    }

    @Override
    public void engageGlobalModules() throws AxisFault {
        engageModules();
    }
}
