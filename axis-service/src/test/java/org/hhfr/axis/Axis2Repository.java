package org.hhfr.axis;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import org.apache.axis2.deployment.DeploymentConstants;
import org.apache.axis2.engine.AxisConfiguration;
import org.hhfr.axis.module.HhfrModule;

/**
 * An Axis2 repository on disk, as an operator lays it out: {@code modules/hhfr-VERSION.mar} (the module's
 * {@code META-INF/module.xml}; its classes are the class path's, as Axis2 loads module classes parent-first),
 * {@code services/*.aar} built from a user's POJO classes compiled here with their {@code services.xml}, and
 * an {@code axis2.xml} made from Axis2's default one.
 */
final class Axis2Repository {
    /** The name the module archive has in a repository. */
    static final String MAR = "hhfr-0.1.0.mar";

    private final Path root;

    private Axis2Repository(Path root) throws IOException {
        this.root = root;
        Files.createDirectories(root.resolve("modules"));
        Files.createDirectories(root.resolve("services"));
    }

    static Axis2Repository in(Path root) throws IOException {
        return new Axis2Repository(root);
    }

    Path root() {
        return root;
    }

    /** The module archive, its module.xml changed by {@code edit} (e.g. a broken parameter). */
    Axis2Repository module(UnaryOperator<String> edit) throws IOException {
        String moduleXml;
        try (InputStream in = HhfrModule.class.getResourceAsStream("module.xml")) {
            moduleXml = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        jar(root.resolve("modules").resolve(MAR), Map.of("META-INF/module.xml",
                edit.apply(moduleXml).getBytes(StandardCharsets.UTF_8)));
        return this;
    }

    /** Axis2's default axis2.xml, engaging {@code hhfr} globally or not, with these module parameters. */
    Axis2Repository axis2Xml(boolean engageGlobally, Map<String, String> moduleParameters) throws IOException {
        String defaults;
        try (InputStream in = AxisConfiguration.class.getClassLoader()
                .getResourceAsStream(DeploymentConstants.AXIS2_CONFIGURATION_RESOURCE)) {
            defaults = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        StringBuilder added = new StringBuilder(engageGlobally ? "<module ref=\"hhfr\"/>" : "");
        added.append("<moduleConfig name=\"hhfr\">");
        moduleParameters.forEach((name, value) -> added.append("<parameter name=\"").append(name).append("\">")
                .append(value).append("</parameter>"));
        added.append("</moduleConfig>");
        // no scanning thread: the repository does not change while it is served
        added.append("<parameter name=\"hotdeployment\">false</parameter>");
        int end = defaults.lastIndexOf("</axisconfig>");
        Files.writeString(root.resolve("axis2.xml"), defaults.substring(0, end) + added + defaults.substring(end));
        return this;
    }

    /** {@code services/NAME}: the compiled classes and {@code META-INF/services.xml}. */
    Axis2Repository aar(String name, Path classes, String servicesXml) throws IOException {
        Map<String, byte[]> entries = new TreeMap<>();
        entries.put("META-INF/services.xml", servicesXml.getBytes(StandardCharsets.UTF_8));
        try (Stream<Path> files = Files.walk(classes)) {
            for (Path file : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                entries.put(classes.relativize(file).toString().replace('\\', '/'), Files.readAllBytes(file));
            }
        }
        jar(root.resolve("services").resolve(name), entries);
        return this;
    }

    /** {@code services/NAME} holding these bytes, whatever they are. */
    Axis2Repository serviceFile(String name, byte[] content) throws IOException {
        Files.write(root.resolve("services").resolve(name), content);
        return this;
    }

    private static void jar(Path file, Map<String, byte[]> entries) throws IOException {
        try (OutputStream out = Files.newOutputStream(file); JarOutputStream jar = new JarOutputStream(out)) {
            for (Map.Entry<String, byte[]> entry : entries.entrySet()) {
                jar.putNextEntry(new JarEntry(entry.getKey()));
                jar.write(entry.getValue());
                jar.closeEntry();
            }
        }
    }

    /**
     * Compiles Java sources ({@code path -> text}) into {@code output}, off the test class path, with debug
     * information: Axis2 names a POJO's message parts after the parameter names it reads from there.
     */
    static Path compile(Path output, Map<String, String> sources) throws IOException {
        Path sourceRoot = Files.createDirectories(output.resolveSibling(output.getFileName() + "-src"));
        Files.createDirectories(output);
        List<String> arguments = new ArrayList<>(List.of("-d", output.toString(), "--release", "17", "-g"));
        for (Map.Entry<String, String> source : sources.entrySet()) {
            Path file = sourceRoot.resolve(source.getKey());
            Files.createDirectories(file.getParent());
            Files.writeString(file, source.getValue());
            arguments.add(file.toString());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac.run(null, null, null, arguments.toArray(new String[0])) != 0) {
            throw new IOException("the test service does not compile");
        }
        return output;
    }
}
