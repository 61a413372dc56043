package org.hhfr.axis.stream;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLConnection;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.regex.Pattern;

import org.apache.axis2.deployment.DeploymentClassLoader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether a service class reaches into Axis2's contexts ({@code MessageContext.getCurrentMessageContext()}, a
 * {@code Lifecycle}'s {@code ServiceContext}): whether its code names a class of {@code org.apache.axis2.context},
 * as a type or as the name a class reached by reflection is looked up by. Its code is its class file and the class
 * files of the classes they name that come from the same place (the same jar, archive or directory: its helpers,
 * nested classes and lambdas' owners; for a service deployed from an archive, also the jars of its {@code lib}
 * folder), transitively; and so for each superclass and interface it has from outside the platform. Only Axis2's
 * engine sets those contexts up, so such a service must take the engine's road; the fast path would hand it none.
 * Class files are read, never loaded; once per service class.
 */
final class AxisContextReferences {
    /** Class files read for one service at most; a service whose code reaches more takes the engine's road. */
    static final int MAX_CLASS_FILES = 4_096;
    private static final Logger LOG = LoggerFactory.getLogger(AxisContextReferences.class);
    /** As class files name it. */
    private static final String PACKAGE = "org/apache/axis2/context/";
    /** As a class reaching it by reflection names it. */
    private static final String PACKAGE_BY_NAME = "org.apache.axis2.context.";
    /** A multi-release jar's folder of the class files for one Java version, at the end of a place. */
    private static final Pattern VERSION_FOLDER = Pattern.compile("!/META-INF/versions/[0-9]+/$");
    private static final ClassValue<Boolean> IN_CODE = new ClassValue<Boolean>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            return new Search(type).findsAxisContext();
        }
    };

    private AxisContextReferences() {
    }

    /** Whether the code of {@code serviceClass} refers to an Axis2 context. */
    static boolean in(Class<?> serviceClass) {
        return IN_CODE.get(serviceClass);
    }

    /** A breadth-first walk of one service's class files. */
    private static final class Search {
        private final Class<?> serviceClass;
        private final ClassLoader loader;
        /** Where each root's class files come from: a class file is read only from one of these. */
        private final Set<String> places = new LinkedHashSet<>();
        private final Set<String> seen = new HashSet<>();
        private final Queue<String> toRead = new ArrayDeque<>();
        private int filesRead;

        Search(Class<?> serviceClass) {
            this.serviceClass = serviceClass;
            this.loader = serviceClass.getClassLoader();
        }

        /**
         * A class file of a root that cannot be found or read counts as referring, and so does a service class of the
         * platform's own loaders: the engine serves every service.
         */
        boolean findsAxisContext() {
            if (!outsideThePlatform(serviceClass)) {
                return true;
            }
            for (Class<?> root : roots()) {
                String name = internalName(root);
                URL file = loader.getResource(name + ".class");
                String place = file == null ? null : placeOf(file, name);
                if (place == null) {
                    return true;
                }
                places.add(place);
                if (seen.add(name)) {
                    toRead.add(name);
                }
            }
            placesOfTheServiceArchive();
            try {
                String name;
                while ((name = toRead.poll()) != null) {
                    if (read(name)) {
                        return true;
                    }
                }
                LOG.debug("{}: read {} class files of its code, none naming Axis2's contexts", serviceClass.getName(),
                        filesRead);
                return false;
            } catch (IOException e) {
                return true;
            }
        }

        /**
         * A service deployed from an archive has a class loader of its own, which Axis2 gives the archive and the
         * jars of its {@code lib} folder: their classes are the service's too.
         */
        private void placesOfTheServiceArchive() {
            if (loader instanceof DeploymentClassLoader) {
                for (URL url : ((DeploymentClassLoader) loader).getURLs()) {
                    String base = url.toString();
                    places.add(base.endsWith("/") ? base : "jar:" + base + "!/");
                }
            }
        }

        /** The service class, its superclasses and every interface of theirs, from outside the platform. */
        private List<Class<?>> roots() {
            Set<Class<?>> roots = new LinkedHashSet<>();
            Queue<Class<?>> pending = new ArrayDeque<>();
            for (Class<?> type = serviceClass; type != null; type = type.getSuperclass()) {
                pending.add(type);
            }
            Class<?> type;
            while ((type = pending.poll()) != null) {
                if (outsideThePlatform(type) && roots.add(type)) {
                    pending.addAll(List.of(type.getInterfaces()));
                }
            }
            return new ArrayList<>(roots);
        }

        /** Reads one class file from one of the places; queues the classes it names. */
        private boolean read(String name) throws IOException {
            URL file = loader.getResource(name + ".class");
            String place = file == null ? null : placeOf(file, name);
            if (place == null || !places.contains(place)) {
                return false;
            }
            if (filesRead == MAX_CLASS_FILES) {
                LOG.info("{}: its code spans more than {} class files; its streamed calls take Axis2's engine, as it "
                        + "cannot be shown not to read Axis2's contexts", serviceClass.getName(), MAX_CLASS_FILES);
                return true;
            }
            filesRead++;
            ClassFileConstants constants;
            // Not through the JVM's cache of opened jars: it would keep each service jar open for good (locked,
            // on Windows) and, once a redeploy replaced it where it was, hand back the old jar's class files.
            URLConnection connection = file.openConnection();
            connection.setUseCaches(false);
            try (InputStream in = connection.getInputStream()) {
                constants = ClassFileConstants.read(in);
            }
            if (constants.mentions(PACKAGE) || constants.mentions(PACKAGE_BY_NAME)) {
                return true;
            }
            for (String named : constants.classNames()) {
                if (seen.add(named)) {
                    toRead.add(named);
                }
            }
            return false;
        }

        /**
         * Where the class file {@code file} of the class {@code name} comes from: its URL without the path the name
         * makes, one segment a package, and without a multi-release jar's version folder (the jar's class files for
         * one Java version and its base ones are one place); {@code null} when it has fewer segments. Not by the
         * name's text, which the URL escapes where it is not ASCII ({@code Gr%c3%b6%c3%9fe.class}).
         */
        private static String placeOf(URL file, String name) {
            String url = file.toString();
            int cut = url.length();
            for (int segments = name.split("/", -1).length; segments > 0; segments--) {
                cut = url.lastIndexOf('/', cut - 1);
                if (cut < 0) {
                    return null;
                }
            }
            return VERSION_FOLDER.matcher(url.substring(0, cut + 1)).replaceFirst("!/");
        }

        /** Whether {@code type} comes from neither the boot loader nor the platform's (the JDK's modules). */
        private static boolean outsideThePlatform(Class<?> type) {
            ClassLoader definedBy = type.getClassLoader();
            return definedBy != null && definedBy != ClassLoader.getPlatformClassLoader();
        }

        private static String internalName(Class<?> type) {
            return type.getName().replace('.', '/');
        }
    }
}
