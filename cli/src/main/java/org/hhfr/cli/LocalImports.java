package org.hhfr.cli;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.Map;

import org.hhfr.client.WsdlOperations;
import org.hhfr.schemas.DocumentLocation;

/**
 * A local WSDL or schema document and the local documents it names for its definitions, directly or not: the
 * {@code location} of each {@code wsdl:import} and the {@code schemaLocation} of each {@code xs:import} and
 * {@code xs:include}, when it is a relative reference to a file that is there (as a service split over documents
 * is saved: {@code System.wsdl} importing {@code SystemAbstract.wsdl}, which includes {@code System.xsd}...). A
 * location that is absolute (a URL, a file elsewhere) or names no file is left out: what uses its names is then
 * refused, saying so. Nothing is fetched.
 */
final class LocalImports {
    /** One more than a WSDL may import, so that {@link WsdlOperations#read(Map, String)} says there are too many. */
    private static final int MAX_DOCUMENTS = 33;

    private LocalImports() {
    }

    /**
     * {@code document}, read from {@code file}, and the documents it imports by their {@code file:} URLs, it first;
     * each read to at most {@link WsdlOperations#MAX_WSDL_BYTES} + 1 bytes.
     */
    static Map<String, byte[]> of(Path file, byte[] document) throws IOException {
        String root = file.toAbsolutePath().normalize().toUri().toString();
        root = DocumentLocation.resolve(root, root);
        Map<String, byte[]> documents = new LinkedHashMap<>();
        documents.put(root, document);
        Deque<String> pending = new ArrayDeque<>();
        pending.add(root);
        while (!pending.isEmpty() && documents.size() < MAX_DOCUMENTS) {
            String url = pending.removeFirst();
            for (String location : DocumentLocation.referencesIn(documents.get(url))) {
                String resolved = isRelative(location) ? DocumentLocation.resolve(url, location) : null;
                if (resolved == null || !resolved.startsWith("file:") || documents.containsKey(resolved)
                        || documents.size() == MAX_DOCUMENTS) {
                    continue;
                }
                Path imported = path(resolved);
                if (imported != null && Files.isRegularFile(imported)) {
                    documents.put(resolved, read(imported));
                    pending.add(resolved);
                }
            }
        }
        return documents;
    }

    /**
     * Whether {@code document} names any other document (those that are not there are left out: a WSDL that names
     * one is read as one of several documents all the same, so that only what uses their names is refused).
     */
    static boolean namesAny(byte[] document) {
        return !DocumentLocation.referencesIn(document).isEmpty();
    }

    /** The file a {@code file:} URL names; {@code null} when it names none (a query, as {@code ?xsd=1} leaves). */
    private static Path path(String url) {
        try {
            URI uri = URI.create(url);
            return uri.getRawQuery() == null && uri.getRawFragment() == null ? Paths.get(uri) : null;
        } catch (IllegalArgumentException | java.nio.file.FileSystemNotFoundException e) {
            return null;
        }
    }

    /** A relative reference: no scheme, and no absolute path. */
    private static boolean isRelative(String location) {
        try {
            URI uri = new URI(location);
            return !uri.isAbsolute() && !location.startsWith("/") && !location.startsWith("\\");
        } catch (java.net.URISyntaxException e) {
            return false;
        }
    }

    private static byte[] read(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return in.readNBytes(WsdlOperations.MAX_WSDL_BYTES + 1);
        }
    }
}
