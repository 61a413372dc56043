package org.hhfr.axis.server;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.apache.axis2.AxisFault;
import org.apache.axis2.deployment.FileSystemConfigurator;
import org.apache.axis2.engine.AxisConfiguration;
import org.hhfr.axis.module.HhfrModule;

/**
 * Axis2's configuration from a repository on disk, as Axis2's own server reads it: {@code services/} (
 * {@code .aar} files and exploded services), {@code modules/} ({@code .mar} files), and the repository's
 * {@code axis2.xml} (or {@code conf/axis2.xml}; Axis2's default without one). When {@code modules/} has no
 * HHFR module the one on the class path is deployed, so services.xml and axis2.xml can engage {@code hhfr}
 * either way; the server's module parameters are set over the repository's.
 */
final class RepositoryConfigurator extends FileSystemConfigurator {
    private final Map<String, String> moduleParameters;

    private RepositoryConfigurator(Path repository, Path axis2Xml, Map<String, String> moduleParameters)
            throws AxisFault {
        super(repository.toString(), axis2Xml == null ? null : axis2Xml.toString());
        this.moduleParameters = moduleParameters;
    }

    /** @throws AxisFault when the directory does not exist */
    static RepositoryConfigurator of(Path repository, Map<String, String> moduleParameters) throws AxisFault {
        if (!Files.isDirectory(repository)) {
            throw new AxisFault("no Axis2 repository at " + repository);
        }
        return new RepositoryConfigurator(repository, axis2Xml(repository), moduleParameters);
    }

    /** The repository's own axis2.xml, or {@code null} (Axis2's default configuration). */
    static Path axis2Xml(Path repository) {
        for (Path candidate : new Path[] {repository.resolve("axis2.xml"), repository.resolve("conf/axis2.xml")}) {
            if (Files.isRegularFile(candidate)) {
                return candidate;
            }
        }
        return null;
    }

    @Override
    public synchronized AxisConfiguration getAxisConfiguration() throws AxisFault {
        AxisConfiguration configuration = super.getAxisConfiguration();
        HhfrModule.provide(configuration, moduleParameters);
        return configuration;
    }
}
