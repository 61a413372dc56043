package org.hhfr.webapp;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

import jakarta.servlet.ServletContext;

import org.apache.catalina.LifecycleException;
import org.apache.catalina.LifecycleState;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.core.StandardContext;
import org.apache.catalina.startup.Tomcat;

/**
 * The web application as Maven laid it out (the exploded WAR), copied into a Tomcat 11 of its own and served
 * at {@code http://127.0.0.1:PORT/axis2} (a free port), as an administrator deploys it: the copy's
 * {@code WEB-INF/conf/axis2.xml} may be edited first, and service archives are dropped into its
 * {@code WEB-INF/services} while it runs.
 */
final class DeployedWebapp implements AutoCloseable {
    static final String CONTEXT_PATH = "/axis2";

    private final Tomcat tomcat;
    private final StandardContext application;
    private final Path root;
    private final int port;

    private DeployedWebapp(Tomcat tomcat, StandardContext application, Path root, int port) {
        this.tomcat = tomcat;
        this.application = application;
        this.root = root;
        this.port = port;
    }

    /**
     * The exploded WAR Maven laid out before the tests (the pom passes its place and the module archive's
     * name as system properties).
     */
    static Path builtByMaven() {
        Path built = Path.of(System.getProperty("hhfr.webapp.directory"));
        Path mar = built.resolve("WEB-INF/modules").resolve(System.getProperty("hhfr.webapp.mar"));
        if (!Files.isRegularFile(mar)) {
            throw new IllegalStateException(mar + " is missing: axis-service must be packaged first (mvn package)");
        }
        return built;
    }

    /**
     * An edit of {@code axis2.xml}: the hhfr module's stream endpoints on {@code host} at the given ports
     * instead of the shipped 7410 on every interface.
     */
    static UnaryOperator<String> streamsAt(String host, int tcpPort, int udpPort) {
        return axis2Xml -> parameter(parameter(parameter(axis2Xml,
                "streamBindHost", "0.0.0.0", host), "tcpPort", "7410", tcpPort), "udpPort", "7410", udpPort);
    }

    /**
     * An edit of {@code axis2.xml} as an operator makes it for a container that serves HTTPS itself: the https
     * receiver the shipped file has commented out, taken in, on {@code port}.
     */
    static UnaryOperator<String> httpsReceiver(int port) {
        return axis2Xml -> {
            String commented = axis2Xml.replaceFirst("(?s)<!--(<transportReceiver name=\"https\".*?</transportReceiver>)-->",
                    "$1");
            if (commented.equals(axis2Xml)) {
                throw new IllegalStateException("axis2.xml holds no https receiver commented out");
            }
            return commented.replace("<parameter name=\"port\">8443</parameter>",
                    "<parameter name=\"port\">" + port + "</parameter>");
        };
    }

    /** {@code axis2Xml} with the shipped value of a parameter replaced. */
    private static String parameter(String axis2Xml, String name, String shipped, Object value) {
        String setting = "<parameter name=\"" + name + "\">" + shipped + "</parameter>";
        if (!axis2Xml.contains(setting)) {
            throw new IllegalStateException("axis2.xml does not hold " + setting);
        }
        return axis2Xml.replace(setting, "<parameter name=\"" + name + "\">" + value + "</parameter>");
    }

    /**
     * @param builtWebapp   the exploded WAR
     * @param workDirectory an empty directory for the copy and Tomcat's own files
     * @param editAxis2Xml  applied to the text of the copy's {@code axis2.xml} before Tomcat starts
     */
    static DeployedWebapp start(Path builtWebapp, Path workDirectory, UnaryOperator<String> editAxis2Xml)
            throws IOException, LifecycleException {
        return start(builtWebapp, workDirectory, editAxis2Xml, (tomcat, application) -> { });
    }

    /** As above, with {@code configure} applied to the container and the application before they start. */
    static DeployedWebapp start(Path builtWebapp, Path workDirectory, UnaryOperator<String> editAxis2Xml,
                                BiConsumer<Tomcat, StandardContext> configure) throws IOException, LifecycleException {
        Path webapps = Files.createDirectories(workDirectory.resolve("webapps"));
        Path root = webapps.resolve("axis2");
        copyTree(builtWebapp, root);
        Path axis2Xml = root.resolve("WEB-INF/conf/axis2.xml");
        Files.writeString(axis2Xml, editAxis2Xml.apply(Files.readString(axis2Xml)));

        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(workDirectory.resolve("tomcat").toString());
        tomcat.setAddDefaultWebXmlToWebapp(false); // no JSP engine here, and none needed
        Connector connector = new Connector();
        connector.setPort(0);
        connector.setProperty("address", "127.0.0.1");
        tomcat.setConnector(connector);
        tomcat.getHost().setAppBase(webapps.toString());
        tomcat.getHost().setAutoDeploy(false);
        StandardContext context = (StandardContext) tomcat.addWebapp(CONTEXT_PATH, root.toString());
        // Tomcat's leak detection after stop needs --add-opens to look; it has nothing to prove here.
        context.setClearReferencesThreadLocals(false);
        context.setClearReferencesRmiTargets(false);
        context.setParentClassLoader(new ContainerClassLoader(Tomcat.class.getClassLoader()));
        configure.accept(tomcat, context);
        tomcat.start();
        if (context.getState() != LifecycleState.STARTED) {
            tomcat.stop();
            tomcat.destroy();
            throw new IllegalStateException("the web application did not start: " + context.getState());
        }
        return new DeployedWebapp(tomcat, context, root, connector.getLocalPort());
    }

    /** Stops the application, as a container's manager does, leaving the container running. */
    void stopApplication() throws LifecycleException {
        application.stop();
    }

    /** Starts the stopped application again. */
    void startApplication() throws LifecycleException {
        application.start();
        if (application.getState() != LifecycleState.STARTED) {
            throw new IllegalStateException("the web application did not start again: " + application.getState());
        }
    }

    /** The container's work directory of the application ({@code jakarta.servlet.context.tempdir}). */
    Path workDirectory() {
        return ((File) application.getServletContext().getAttribute(ServletContext.TEMPDIR)).toPath();
    }

    /** Where service archives are hot-deployed. */
    Path servicesDirectory() {
        return root.resolve("WEB-INF/services");
    }

    /** The SOAP endpoint of a service. */
    String serviceUrl(String serviceName) {
        return "http://127.0.0.1:" + port + CONTEXT_PATH + "/services/" + serviceName;
    }

    /** The HTTP status of AxisServlet's list of services ({@code GET /axis2/services/}). */
    int servicesListingStatus() throws IOException {
        HttpURLConnection connection = (HttpURLConnection) new URL("http://127.0.0.1:" + port + CONTEXT_PATH
                + "/services/").openConnection();
        try {
            return connection.getResponseCode();
        } finally {
            connection.disconnect();
        }
    }

    /** The service's WSDL as Axis2 publishes it now, or empty while Axis2 does not know the service. */
    Optional<String> publishedWsdl(String serviceName) throws IOException {
        HttpURLConnection connection = (HttpURLConnection) new URL(serviceUrl(serviceName) + "?wsdl")
                .openConnection();
        try {
            if (connection.getResponseCode() != 200) {
                return Optional.empty();
            }
            try (InputStream in = connection.getInputStream()) {
                return Optional.of(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            }
        } finally {
            connection.disconnect();
        }
    }

    /** Waits until Axis2 publishes the service's WSDL (its hot deployment scans every 10 seconds). */
    String awaitWsdl(String serviceName, long timeoutMillis) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        while (System.nanoTime() < deadline) {
            Optional<String> wsdl = publishedWsdl(serviceName);
            if (wsdl.isPresent()) {
                return wsdl.get();
            }
            Thread.sleep(250);
        }
        throw new IllegalStateException(serviceName + " was not deployed within " + timeoutMillis + " ms");
    }

    @Override
    public void close() throws LifecycleException {
        tomcat.stop();
        tomcat.destroy();
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path path : (Iterable<Path>) paths::iterator) {
                Path target = to.resolve(from.relativize(path).toString());
                if (Files.isDirectory(path)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(path, target);
                }
            }
        }
    }
}
