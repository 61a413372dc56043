package org.hhfr.axis.server;

import java.io.IOException;

import org.apache.axis2.AxisFault;
import org.apache.axis2.Constants;
import org.apache.axis2.addressing.EndpointReference;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.context.SessionContext;
import org.apache.axis2.description.TransportInDescription;
import org.apache.axis2.kernel.TransportListener;
import org.apache.axis2.transport.http.HTTPTransportUtils;
import org.apache.axis2.transport.http.server.SimpleHttpServer;

/**
 * Axis2's HTTP transport listener around the built-in server, started and stopped by {@link HhfrServer}.
 * It replaces Axis2's {@code SimpleHTTPServer} wrapper, which prints to standard output on stop and hides the
 * bound port. Registered as the {@code http} (or, over TLS, {@code https}) receiver so WSDL addresses name the
 * scheme and port actually served.
 */
final class HttpListener implements TransportListener {
    private final ConfigurationContext context;
    private final GuardedHttpFactory factory;
    private final TransportInDescription description;
    private SimpleHttpServer server;

    HttpListener(ConfigurationContext context, GuardedHttpFactory factory) {
        this.context = context;
        this.factory = factory;
        this.description = new TransportInDescription(factory.https() ? Constants.TRANSPORT_HTTPS
                : Constants.TRANSPORT_HTTP);
        description.setReceiver(this);
    }

    /** Binds the port and starts accepting; then registers with Axis2's listener manager. */
    @Override
    public synchronized void start() throws AxisFault {
        try {
            server = new SimpleHttpServer(factory, factory.getPort());
            server.init();
            server.start();
        } catch (IOException e) {
            throw AxisFault.makeFault(e);
        }
        if (factory.bindFailure() != null || !server.isRunning()) {
            stop();
            throw new AxisFault("cannot listen on port " + factory.getPort() + ": "
                    + (factory.bindFailure() == null ? "the listener stopped" : factory.bindFailure().getMessage()));
        }
        factory.getListenerManager().addListener(description, true);
    }

    /** What Axis2 knows of this receiver: its name ("http" or "https") and this listener. */
    TransportInDescription description() {
        return description;
    }

    /** "http", or "https" over TLS. */
    String scheme() {
        return description.getName();
    }

    /** The port accepting connections. */
    synchronized int port() throws AxisFault {
        if (server == null) {
            throw new AxisFault("the HTTP listener is not running");
        }
        return server.getPort();
    }

    @Override
    public synchronized void stop() {
        if (server == null) {
            return;
        }
        try {
            factory.closeConnections();
            server.destroy();
        } catch (IOException e) {
            // the listener socket is gone either way
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        server = null;
    }

    @Override
    public void init(ConfigurationContext ignoredContext, TransportInDescription ignoredDescription) {
        // configured in the constructor
    }

    @Override
    public EndpointReference[] getEPRsForService(String serviceName, String ip) throws AxisFault {
        return HTTPTransportUtils.getEPRsForService(context, description, serviceName, ip, port());
    }

    /** Sessions are HHFR's business, not the transport's: Axis2's SOAP session scope is not offered. */
    @Override
    public SessionContext getSessionContext(MessageContext messageContext) {
        return null;
    }

    @Override
    public void destroy() {
        stop();
    }
}
