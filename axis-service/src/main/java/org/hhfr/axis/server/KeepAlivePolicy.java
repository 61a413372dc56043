package org.hhfr.axis.server;

import java.util.Iterator;
import java.util.function.BooleanSupplier;

import org.apache.hc.core5.http.EntityDetails;
import org.apache.hc.core5.http.HttpHeaders;
import org.apache.hc.core5.http.HttpResponse;
import org.apache.hc.core5.http.HttpResponseInterceptor;
import org.apache.hc.core5.http.message.MessageSupport;
import org.apache.hc.core5.http.protocol.HttpContext;
import org.apache.hc.core5.http.protocol.HttpCoreContext;

/**
 * Keeps one connection from holding a request thread that others wait for. Each keep-alive connection of
 * Axis2's server occupies a thread while idle, so a response tells the client to close the connection when
 * connections are queued for a thread, and otherwise how long the server keeps it idle
 * ({@code Keep-Alive: timeout=N}, which {@link GuardedHttpConnection} enforces), so clients do not reuse a
 * connection the server has just closed. A response to a request whose body could not be read to its end
 * (over the limit, too slow, broken framing) says {@code Connection: close}: the connection ends after it.
 */
final class KeepAlivePolicy implements HttpResponseInterceptor {
    private final BooleanSupplier othersWaiting;
    private final long idleSeconds;

    KeepAlivePolicy(BooleanSupplier othersWaiting, int idleMillis) {
        this.othersWaiting = othersWaiting;
        this.idleSeconds = Math.max(1, idleMillis / 1000);
    }

    @Override
    public void process(HttpResponse response, EntityDetails entity, HttpContext context) {
        if (closing(response)) {
            return;
        }
        if (othersWaiting.getAsBoolean() || bodyFailed(context)) {
            response.setHeader(HttpHeaders.CONNECTION, "close");
        } else {
            response.setHeader(HttpHeaders.KEEP_ALIVE, "timeout=" + idleSeconds);
        }
    }

    /** Axis2 names the connection in the context when it sends the response head. */
    private static boolean bodyFailed(HttpContext context) {
        Object connection = context.getAttribute(HttpCoreContext.CONNECTION_ENDPOINT);
        return connection instanceof GuardedHttpConnection && ((GuardedHttpConnection) connection).bodyFailed();
    }

    private static boolean closing(HttpResponse response) {
        for (Iterator<String> tokens = MessageSupport.iterateTokens(response, HttpHeaders.CONNECTION);
                tokens.hasNext();) {
            if ("close".equalsIgnoreCase(tokens.next())) {
                return true;
            }
        }
        return false;
    }
}
