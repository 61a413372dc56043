package org.hhfr.benchmarks.session;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.net.InetSocketAddress;
import java.net.MalformedURLException;
import java.net.URL;

/**
 * Closes the connections the JDK's {@code HttpURLConnection} keeps alive to a server after a session, so the next
 * session connects afresh (over the relays every session has its own port, so none is ever reused; behind an
 * emulated link the server's port is always the same). The JDK has no API for it: this reaches its keep-alive
 * cache, which needs {@value #JVM_OPTION} on the JVM.
 */
final class IdleHttpConnections {
    /** The JVM option that lets this class reach the cache. */
    static final String JVM_OPTION = "--add-opens=java.base/sun.net.www.http=ALL-UNNAMED";

    private IdleHttpConnections() {
    }

    /** Closes every idle kept-alive connection to {@code server} over plain HTTP. */
    static void close(InetSocketAddress server) {
        try {
            Class<?> client = Class.forName("sun.net.www.http.HttpClient");
            Field cacheField = client.getDeclaredField("kac");
            cacheField.setAccessible(true);
            Object cache = cacheField.get(null);
            Method take = cache.getClass().getMethod("get", URL.class, Object.class);
            take.setAccessible(true);
            Method closeServer = client.getMethod("closeServer");
            closeServer.setAccessible(true);
            URL url = new URL("http", server.getHostString(), server.getPort(), "/");
            for (Object idle; (idle = take.invoke(cache, url, null)) != null; ) {
                closeServer.invoke(idle);
            }
        } catch (ReflectiveOperationException | RuntimeException | MalformedURLException e) {
            throw new IllegalStateException("cannot close the JDK's kept-alive HTTP connections (the JVM needs "
                    + JVM_OPTION + "): " + e, e);
        }
    }
}
