package org.hhfr.axis.module;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

import org.apache.axis2.context.MessageContext;
import org.apache.axis2.kernel.http.HTTPConstants;
import org.hhfr.contextstore.CallerIdentity;
import org.hhfr.negotiation.soap.CallerHeaders;

/**
 * Who sent a call as HTTP saw it, the same for a plain SOAP call and a streamed one: the user the servlet
 * container authenticated ({@link #remoteUser}) and the request headers that describe the caller
 * ({@link #callerHeaders}: {@code Authorization}, cookies, API keys, tenants; see {@link CallerHeaders}). A
 * streamed call has no HTTP request of its own: it carries what the server saw when its session was negotiated,
 * set by the stream dispatch as the {@link #REMOTE_USER} property and the transport headers. Handlers and services
 * that check the caller read it where they read it over SOAP, and a stream cannot change it.
 */
public final class HttpCaller {
    /** Message-context property of a streamed call: the user who negotiated its session, if HTTP authenticated one. */
    public static final String REMOTE_USER = "org.hhfr.axis.remoteUser";
    private HttpCaller() {
    }

    /** The user the HTTP side authenticated for this call (the servlet request's remote user), or {@code null}. */
    public static String remoteUser(MessageContext message) {
        Object streamed = message.getProperty(REMOTE_USER);
        if (streamed instanceof String) {
            return (String) streamed;
        }
        Object request = message.getProperty(HTTPConstants.MC_HTTP_SERVLETREQUEST);
        if (request == null) {
            return null;
        }
        // The servlet API is the container's, not a dependency of this module: asked by name.
        try {
            Method getRemoteUser = request.getClass().getMethod("getRemoteUser");
            Object user = getRemoteUser.invoke(request);
            return user instanceof String ? (String) user : null;
        } catch (NoSuchMethodException | IllegalAccessException | InvocationTargetException e) {
            return null;
        }
    }

    /**
     * The call's request header {@code name} (any case), or {@code null}: over SOAP, as the request carried it; on a
     * stream, as its session's negotiating request carried it, if that header describes the caller.
     */
    public static String header(MessageContext message, String name) {
        Object headers = message.getProperty(MessageContext.TRANSPORT_HEADERS);
        if (!(headers instanceof Map)) {
            return null;
        }
        for (Map.Entry<?, ?> header : ((Map<?, ?>) headers).entrySet()) {
            if (name.equalsIgnoreCase(String.valueOf(header.getKey())) && header.getValue() != null) {
                return header.getValue().toString();
            }
        }
        return null;
    }

    /** The call's request headers that describe its caller (see above), by name as received. */
    public static Map<String, String> callerHeaders(MessageContext message) {
        Object headers = message.getProperty(MessageContext.TRANSPORT_HEADERS);
        if (!(headers instanceof Map)) {
            return Collections.emptyMap();
        }
        Map<String, String> caller = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        for (Map.Entry<?, ?> header : ((Map<?, ?>) headers).entrySet()) {
            if (header.getKey() != null && header.getValue() != null
                    && CallerHeaders.describesCaller(header.getKey().toString())) {
                caller.put(header.getKey().toString(), header.getValue().toString());
            }
        }
        return caller;
    }

    /** The identity a negotiation on this call stores with its session. */
    public static CallerIdentity of(MessageContext message) {
        return CallerIdentity.of(remoteUser(message), callerHeaders(message));
    }

    /** Gives a streamed call the identity its session was negotiated with. */
    public static void give(MessageContext message, CallerIdentity caller) {
        if (caller.principal() != null) {
            message.setProperty(REMOTE_USER, caller.principal());
        }
        if (!caller.headers().isEmpty()) {
            Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
            headers.putAll(caller.headers());
            message.setProperty(MessageContext.TRANSPORT_HEADERS, headers);
        }
    }
}
