package org.hhfr.axis.server;

import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLContext;

import org.apache.axis2.AxisFault;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.transport.http.server.AxisHttpConnection;
import org.apache.axis2.transport.http.server.DefaultConnectionListener;
import org.apache.axis2.transport.http.server.DefaultConnectionListenerFailureHandler;
import org.apache.axis2.transport.http.server.DefaultHttpConnectionManager;
import org.apache.axis2.transport.http.server.HttpConnectionManager;
import org.apache.axis2.transport.http.server.HttpFactory;
import org.apache.axis2.transport.http.server.IOProcessor;
import org.apache.axis2.transport.http.server.WorkerFactory;
import org.apache.hc.core5.http.EntityDetails;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.HttpResponse;
import org.apache.hc.core5.http.config.Http1Config;
import org.apache.hc.core5.http.io.SocketConfig;
import org.apache.hc.core5.http.protocol.HttpContext;
import org.apache.hc.core5.http.protocol.HttpProcessor;

/**
 * Axis2's built-in HTTP server, configured for HHFR: a fixed pool of daemon request threads with a bounded
 * queue (a connection beyond it gets 503 and is closed), at most a share of them per client address
 * ({@link ConnectionsPerAddress}; one more gets 429 and is closed), connections guarded by
 * {@link GuardedHttpConnection} and kept alive by {@link KeepAlivePolicy}, request faults named by
 * {@link RequestFaultWorker}, and a port that cannot be bound reported once, clearly.
 */
final class GuardedHttpFactory extends HttpFactory {
    private final ServerSettings settings;
    /** TLS for HTTPS, or {@code null} for plain HTTP. */
    private final SSLContext tls;
    private final BindFailureHandler bindFailures = new BindFailureHandler();
    private final ConnectionsPerAddress perAddress;
    private volatile ThreadPoolExecutor requestExecutor;
    private volatile HttpConnectionManager connections;

    GuardedHttpFactory(ConfigurationContext context, ServerSettings settings, SSLContext tls) throws AxisFault {
        super(context, settings.port());
        this.settings = settings;
        this.tls = tls;
        this.perAddress = new ConnectionsPerAddress(settings.maxConnectionsPerAddress());
        setRequestSocketTimeout(settings.requestTimeoutMillis());
    }

    @Override
    public ExecutorService newRequestExecutor(int port) {
        int threads = settings.requestThreads();
        requestExecutor = new ThreadPoolExecutor(threads, threads, 60, TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(settings.queuedConnections()), daemonThreads("hhfr-http-" + port + "-"));
        return requestExecutor;
    }

    /** Whether connections are queued for a request thread. */
    private boolean othersWaiting() {
        ThreadPoolExecutor executor = requestExecutor;
        return executor != null && !executor.getQueue().isEmpty();
    }

    @Override
    public HttpProcessor newHttpProcessor() {
        HttpProcessor axis = super.newHttpProcessor();
        KeepAlivePolicy keepAlive = new KeepAlivePolicy(this::othersWaiting, settings.keepAliveMillis());
        return new HttpProcessor() {
            @Override
            public void process(HttpRequest request, EntityDetails entity, HttpContext context)
                    throws HttpException, IOException {
                axis.process(request, entity, context);
            }

            @Override
            public void process(HttpResponse response, EntityDetails entity, HttpContext context)
                    throws HttpException, IOException {
                axis.process(response, entity, context);
                keepAlive.process(response, entity, context);
            }
        };
    }

    /**
     * Whether a new connection would be rejected: every thread busy and the queue full. Exact, because the
     * listener thread is the only one that submits (workers only make room).
     */
    private boolean saturated() {
        ThreadPoolExecutor executor = requestExecutor;
        return executor.getPoolSize() >= executor.getMaximumPoolSize()
                && executor.getQueue().remainingCapacity() == 0;
    }

    @Override
    public ExecutorService newListenerExecutor(int port) {
        return new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS, new ArrayBlockingQueue<>(1),
                daemonThreads("hhfr-http-listener-"));
    }

    private static ThreadFactory daemonThreads(String prefix) {
        AtomicInteger count = new AtomicInteger();
        return task -> {
            Thread thread = new Thread(task, prefix + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }

    @Override
    public WorkerFactory newRequestWorkerFactory() {
        WorkerFactory axisWorkers = super.newRequestWorkerFactory();
        return () -> new RequestFaultWorker(axisWorkers.newWorker());
    }

    @Override
    public HttpConnectionManager newRequestConnectionManager(ExecutorService requestExecutor,
                                                             WorkerFactory workerFactory, Http1Config http1Config) {
        long maxRequestBytes = settings.maxRequestBytes();
        // The five-argument constructor makes the manager use this factory's processor and strategies.
        HttpConnectionManager manager = new DefaultHttpConnectionManager(getConfigurationContext(), requestExecutor,
                workerFactory, http1Config, this) {
            @Override
            public void process(AxisHttpConnection connection) {
                InetAddress client = clientAddress(connection);
                boolean admitted = client == null || perAddress.tryOpen(client);
                GuardedHttpConnection guarded = new GuardedHttpConnection(connection, maxRequestBytes,
                        settings.keepAliveMillis(), settings.requestTimeoutMillis(),
                        admitted && client != null ? () -> perAddress.closed(client) : () -> { });
                if (!admitted) {
                    guarded.refuseAddressOverLimit(perAddress.max());
                    return;
                }
                // Refused before Axis2 registers a processor for it: a rejected one would stay registered.
                if (saturated()) {
                    guarded.refuseBusy();
                    return;
                }
                try {
                    super.process(guarded);
                } catch (RejectedExecutionException shuttingDown) {
                    guarded.refuseBusy();
                }
            }
        };
        connections = manager;
        return manager;
    }

    private static InetAddress clientAddress(AxisHttpConnection connection) {
        SocketAddress remote = connection.getRemoteAddress();
        return remote instanceof InetSocketAddress ? ((InetSocketAddress) remote).getAddress() : null;
    }

    /**
     * Closes every open connection, so that stopping does not wait for idle keep-alive connections to time
     * out (their threads are blocked reading and cannot be interrupted).
     */
    void closeConnections() {
        HttpConnectionManager manager = connections;
        if (manager != null) {
            manager.shutdown();
        }
    }

    @Override
    public IOProcessor newRequestConnectionListener(String scheme, int port, HttpConnectionManager manager,
                                                    Http1Config http1Config, SocketConfig socketConfig)
            throws IOException {
        return tls != null ? new TlsConnectionListener(port, tls, manager, bindFailures, http1Config, socketConfig)
                : new DefaultConnectionListener(scheme, port, manager, bindFailures, http1Config, socketConfig);
    }

    /** Whether the listener speaks HTTPS. */
    boolean https() {
        return tls != null;
    }

    /** Why the listener could not bind its port, or {@code null} if it did. */
    BindException bindFailure() {
        return bindFailures.failure;
    }

    /**
     * Gives up at once when the port cannot be bound (Axis2 would retry ten times in a row, logging a stack
     * trace each time) and keeps the cause for {@link HhfrServer} to report; other failures are retried.
     */
    private static final class BindFailureHandler extends DefaultConnectionListenerFailureHandler {
        private volatile BindException failure;

        @Override
        public boolean failed(IOProcessor listener, Throwable cause) {
            if (cause instanceof BindException) {
                failure = (BindException) cause;
                return false;
            }
            return super.failed(listener, cause);
        }
    }
}
