package org.hhfr.webapp.caller;

import java.lang.reflect.Method;

/**
 * Says who called: the user the servlet container authenticated, over HTTP from the servlet request, on an HHFR
 * stream from the property the stream dispatch sets (the user who negotiated the session). A user's archive is
 * compiled against the JDK alone, so Axis2's message context is reached by name.
 */
public class Caller {
    private static final String STREAMED_USER = "org.hhfr.axis.remoteUser";
    private static final String SERVLET_REQUEST = "transport.http.servletRequest";

    public String whoami(String greeting) throws Exception {
        Class<?> contexts = Class.forName("org.apache.axis2.context.MessageContext", true,
                Caller.class.getClassLoader());
        Object call = contexts.getMethod("getCurrentMessageContext").invoke(null);
        Method property = contexts.getMethod("getProperty", String.class);
        Object streamed = property.invoke(call, STREAMED_USER);
        if (streamed != null) {
            return greeting + " " + streamed + " on a stream";
        }
        Object request = property.invoke(call, SERVLET_REQUEST);
        Object user = request == null ? null : request.getClass().getMethod("getRemoteUser").invoke(request);
        return greeting + " " + user + " over HTTP";
    }
}
