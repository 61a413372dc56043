package org.hhfr.client;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.SocketTimeoutException;
import java.net.URL;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import javax.net.ssl.HttpsURLConnection;

/**
 * Fetches a service's WSDL over HTTP GET with the documents it imports ({@link WsdlImports}), within the
 * client's timeouts: at most {@link #MAX_DOCUMENTS} documents of {@link WsdlOperations#MAX_WSDL_BYTES} in all.
 */
final class WsdlDownload {
    /** Documents fetched for one WSDL, at most: the WSDL and the documents it imports, directly or not. */
    static final int MAX_DOCUMENTS = 32;

    private WsdlDownload() {
    }

    /** A WSDL with the documents it imports, and those it names that were not fetched. */
    static final class Fetched {
        /** Each document by its URL, in the order they were named (the WSDL first). */
        final Map<String, byte[]> documents = new LinkedHashMap<>();
        /** Each import that was not fetched, by its location: a sentence naming it and why (HTTP 404, ...). */
        final Map<String, String> unfetched = new LinkedHashMap<>();
    }

    /**
     * The WSDL at {@code source} and every document it imports, directly or through another, each fetched once.
     * An import that cannot be fetched (not found, unreachable, a location that may not be fetched) is left out
     * with its reason: it was only a hint, and the schema parser refuses just the components that use its names.
     */
    static Fetched fetchWithImports(String source, ClientSettings settings) throws HhfrException {
        Fetched fetched = new Fetched();
        Map<String, byte[]> documents = fetched.documents;
        Deque<String> named = new ArrayDeque<>();
        named.add(source);
        // Fetched once, even if it failed; a document one importer may not fetch (plain http named by an https
        // document) is still fetched for another that may, so only failed fetches are not tried again.
        Set<String> failed = new HashSet<>();
        long budget = WsdlOperations.MAX_WSDL_BYTES;
        while (!named.isEmpty()) {
            String url = named.poll();
            if (documents.containsKey(url) || failed.contains(url)) {
                continue;
            }
            if (documents.size() == MAX_DOCUMENTS) {
                throw new HhfrException("the WSDL at " + source + " imports more than " + MAX_DOCUMENTS
                        + " documents");
            }
            byte[] document;
            try {
                document = fetch(url, settings, budget, source, WsdlImports.sameOrigin(url, source));
            } catch (MessageTooLargeException | SessionClosedException e) {
                throw e;
            } catch (HhfrException e) {
                if (url.equals(source)) {
                    throw e;
                }
                failed.add(url);
                fetched.unfetched.put(url, e.getMessage());
                continue;
            }
            budget -= document.length;
            documents.put(url, document);
            named.addAll(WsdlImports.of(document, url, fetched.unfetched));
        }
        fetched.unfetched.keySet().removeAll(documents.keySet());
        return fetched;
    }

    /** @param withHeaders whether the client's HTTP headers (its credentials) go along: the service's own origin */
    private static byte[] fetch(String source, ClientSettings settings, long budget, String wsdl,
                                boolean withHeaders) throws HhfrException {
        String document = source.equals(wsdl) ? "the WSDL at " + source : source;
        try {
            HttpURLConnection connection = (HttpURLConnection) new URL(source).openConnection();
            if (connection instanceof HttpsURLConnection) {
                ((HttpsURLConnection) connection).setSSLSocketFactory(settings.sslSocketFactory());
            }
            try {
                connection.setConnectTimeout(settings.connectTimeoutMillis);
                connection.setReadTimeout(settings.readTimeoutMillis);
                connection.setInstanceFollowRedirects(false);
                for (Map.Entry<String, String> header : withHeaders ? settings.httpHeaders.entrySet()
                        : Collections.<Map.Entry<String, String>>emptySet()) {
                    connection.setRequestProperty(header.getKey(), header.getValue()); // a protected WSDL too
                }
                int status = connection.getResponseCode();
                if (status != HttpURLConnection.HTTP_OK) {
                    throw new HhfrException("fetching " + document + " answered HTTP " + status);
                }
                try (InputStream in = connection.getInputStream()) {
                    return readBounded(in, budget, wsdl);
                }
            } finally {
                connection.disconnect();
            }
        } catch (SocketTimeoutException e) {
            throw new CallTimeoutException("fetching " + document + " timed out: " + e.getMessage(),
                    settings.readTimeoutMillis, e);
        } catch (HhfrException e) {
            throw e;
        } catch (IOException e) {
            throw new HhfrException("cannot fetch " + document + ": " + e, e);
        }
    }

    /** The body, if it fits in {@code budget} bytes: what is left of the limit for the WSDL and its imports. */
    private static byte[] readBounded(InputStream in, long budget, String wsdl) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        byte[] chunk = new byte[8192];
        int n;
        while ((n = in.read(chunk)) > 0) {
            bytes.write(chunk, 0, n);
            if (bytes.size() > budget) {
                throw new MessageTooLargeException("the WSDL at " + wsdl + " with its imports", -1,
                        WsdlOperations.MAX_WSDL_BYTES);
            }
        }
        return bytes.toByteArray();
    }
}
