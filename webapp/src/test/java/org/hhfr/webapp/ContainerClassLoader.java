package org.hhfr.webapp;

import java.io.IOException;
import java.net.URL;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;

/**
 * The parent of the web application's class loader: what a stand-alone container gives an application, the
 * JDK and the container's own packages (Servlet API, Tomcat), and nothing else of the test's class path. So the
 * application runs only on what its WAR holds (WEB-INF/lib, WEB-INF/classes, the module archives), and a class
 * missing from the WAR fails as it would in a real Tomcat instead of being found on the test's class path.
 */
final class ContainerClassLoader extends ClassLoader {
    private static final List<String> CONTAINER_PACKAGES = List.of(
            "jakarta.servlet.", "org.apache.catalina.", "org.apache.tomcat.", "org.apache.juli.", "org.apache.coyote.");

    private final ClassLoader container;

    ContainerClassLoader(ClassLoader container) {
        super("container", ClassLoader.getPlatformClassLoader());
        this.container = container;
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        if (isContainers(name)) {
            return container.loadClass(name);
        }
        throw new ClassNotFoundException(name);
    }

    @Override
    protected URL findResource(String name) {
        return isContainers(name.replace('/', '.')) ? container.getResource(name) : null;
    }

    @Override
    protected Enumeration<URL> findResources(String name) throws IOException {
        return isContainers(name.replace('/', '.')) ? container.getResources(name) : Collections.emptyEnumeration();
    }

    private static boolean isContainers(String name) {
        for (String prefix : CONTAINER_PACKAGES) {
            if (name.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }
}
