package org.hhfr.client;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.SocketTimeoutException;
import java.net.URL;
import java.util.Map;
import javax.net.ssl.HttpsURLConnection;

/** Fetches a service's WSDL document over HTTP GET, within the client's timeouts and a size limit. */
final class WsdlDownload {
    /** Largest WSDL document read by {@link WsdlOperations#fetch(HhfrClient)}. */

    private WsdlDownload() {
    }

    static byte[] fetch(String source, ClientSettings settings) throws HhfrException {
        try {
            HttpURLConnection connection = (HttpURLConnection) new URL(source).openConnection();
            if (connection instanceof HttpsURLConnection) {
                ((HttpsURLConnection) connection).setSSLSocketFactory(settings.sslSocketFactory());
            }
            try {
                connection.setConnectTimeout(settings.connectTimeoutMillis);
                connection.setReadTimeout(settings.readTimeoutMillis);
                connection.setInstanceFollowRedirects(false);
                for (Map.Entry<String, String> header : settings.httpHeaders.entrySet()) {
                    connection.setRequestProperty(header.getKey(), header.getValue()); // a protected WSDL too
                }
                int status = connection.getResponseCode();
                if (status != HttpURLConnection.HTTP_OK) {
                    throw new HhfrException("fetching the WSDL at " + source + " answered HTTP " + status);
                }
                try (InputStream in = connection.getInputStream()) {
                    return readBounded(in, source);
                }
            } finally {
                connection.disconnect();
            }
        } catch (SocketTimeoutException e) {
            throw new CallTimeoutException("fetching the WSDL at " + source + " timed out: " + e.getMessage(),
                    settings.readTimeoutMillis, e);
        } catch (HhfrException e) {
            throw e;
        } catch (IOException e) {
            throw new HhfrException("cannot fetch the WSDL at " + source + ": " + e, e);
        }
    }

    private static byte[] readBounded(InputStream in, String source) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        byte[] chunk = new byte[8192];
        int n;
        while ((n = in.read(chunk)) > 0) {
            bytes.write(chunk, 0, n);
            if (bytes.size() > WsdlOperations.MAX_WSDL_BYTES) {
                throw new MessageTooLargeException("the WSDL at " + source, -1, WsdlOperations.MAX_WSDL_BYTES);
            }
        }
        return bytes.toByteArray();
    }
}
