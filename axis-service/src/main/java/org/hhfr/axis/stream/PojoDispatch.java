package org.hhfr.axis.stream;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.List;
import java.util.TimeZone;

import org.apache.axis2.Constants;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.description.AxisModule;
import org.apache.axis2.description.AxisOperation;
import org.apache.axis2.description.AxisService;
import org.apache.axis2.engine.Handler;
import org.apache.axis2.engine.Phase;
import org.apache.axis2.rpc.receivers.RPCMessageReceiver;
import org.hhfr.axis.module.HhfrModule;
import org.hhfr.contextstore.StreamContext;
import org.hhfr.schemas.ElementDecl;
import org.hhfr.streamer.Message;
import org.hhfr.streamer.Record;

/**
 * The fast road for a plain POJO service: the decoded values go straight to the Java method, in the order
 * of the request's elements (as Axis2's POJO databinding binds them), and its result straight into the
 * response message; no XML is built. Only for operations whose receiver is Axis2's {@link RPCMessageReceiver}
 * and that no handler other than HHFR's and Axis2's dispatchers would see: {@link #serves} says so, otherwise use
 * {@link EnvelopeDispatch}. A new service object per call, as Axis2's default request scope does; a service of
 * another scope takes the engine's road.
 */
public final class PojoDispatch implements StreamedCallDispatcher {
    /** The service parameter naming bean properties Axis2's databinding leaves out. */
    private static final String BEAN_PROPERTY_RULES = "beanPropertyRules";

    private final ConfigurationContext context;

    public PojoDispatch(ConfigurationContext context) {
        this.context = context;
    }

    /**
     * Whether a call to {@code operation} needs nothing but the Java method: no other handler could see it,
     * each call has a service object of its own (Axis2's request scope, made by the class's constructor), and
     * the class does not look into Axis2's contexts. A service of a longer scope (application, SOAP or transport
     * session) or with its own object supplier (Spring's, say) keeps its objects in Axis2's contexts, and one
     * that reads {@code MessageContext.getCurrentMessageContext()} needs the context Axis2's engine sets up: both
     * take the engine's road. So does one whose {@code beanPropertyRules} leave bean properties out, which only
     * Axis2's databinding applies.
     */
    public static boolean serves(AxisService service, AxisOperation operation) {
        if (!(operation.getMessageReceiver() instanceof RPCMessageReceiver)
                || !Constants.SCOPE_REQUEST.equals(service.getScope())
                || service.getParameter(Constants.SERVICE_OBJECT_SUPPLIER) != null
                || service.getParameter(BEAN_PROPERTY_RULES) != null) {
            return false;
        }
        try {
            if (AxisContextReferences.in(serviceClass(service, true))) {
                return false;
            }
        } catch (StreamedCallException e) {
            return false;
        }
        for (AxisModule module : service.getAxisConfiguration().getEngagedModules()) {
            if (!HhfrModule.NAME.equals(module.getName())) {
                return false;
            }
        }
        for (AxisModule module : operation.getEngagedModules()) {
            if (!HhfrModule.NAME.equals(module.getName())) {
                return false;
            }
        }
        for (Phase phase : service.getAxisConfiguration().getInFlowPhases()) {
            for (Handler handler : phase.getHandlers()) {
                if (!isDispatcher(handler)) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * Whether a handler of the global in-flow only finds the service and operation (Axis2's dispatchers, which
     * a stream does not need) or is HHFR's; any other (one {@code axis2.xml} puts in a phase, to check a
     * credential, say) must see every call.
     */
    private static boolean isDispatcher(Handler handler) {
        String name = handler.getClass().getName();
        return name.startsWith("org.apache.axis2.dispatchers.") || name.startsWith("org.apache.axis2.jaxws.dispatchers.")
                || name.startsWith("org.hhfr.axis.");
    }

    @Override
    public StreamedCall bind(StreamContext session) throws StreamedCallException {
        AxisService service = ServiceLookup.service(context, session);
        return bind(service, ServiceLookup.operation(service, session));
    }

    /** The route to the Java method behind {@code operation}. */
    StreamedCall bind(AxisService service, AxisOperation operation) throws StreamedCallException {
        Method method = method(service, operation);
        Class<?>[] types = method.getParameterTypes();
        TimeZone dates = dateZone(service);
        return (session, request, messageHeaders) -> {
            Record arguments = request.record();
            if (arguments.type().elements().size() != types.length) {
                throw new StreamedCallException(session.operation().operation() + " takes " + types.length
                        + " arguments, the request has " + arguments.type().elements().size() + " elements", true,
                        null);
            }
            Object[] values = new Object[types.length];
            for (int i = 0; i < types.length; i++) {
                values[i] = PojoValues.toJava(arguments.get(i), types[i],
                        arguments.type().elements().get(i).name().localName());
            }
            return response(session, invoke(method, values), dates);
        };
    }

    /**
     * The zone Axis2 writes a returned {@link java.util.Date} in over SOAP: the service's {@code TimeZone}
     * parameter, or {@code null} for the JVM's.
     */
    private static TimeZone dateZone(AxisService service) {
        Object zone = service.getParameterValue("TimeZone");
        return zone == null ? null : TimeZone.getTimeZone(String.valueOf(zone));
    }

    private static Message response(StreamContext session, Object result, TimeZone dates)
            throws StreamedCallException {
        List<ElementDecl> elements = session.response().root().complexType().elements();
        if (elements.size() != 1) {
            throw new StreamedCallException("the response of " + session.operation().operation()
                    + " is not a single return element", false, null);
        }
        Object value = PojoValues.toMessage(result, elements.get(0), dates);
        try {
            return Message.of(session.response()).set(0, value).build();
        } catch (IllegalArgumentException e) {
            throw new StreamedCallException("the service's result does not fit the response: " + e.getMessage(),
                    false, e);
        }
    }

    private static Object invoke(Method method, Object[] values) throws StreamedCallException {
        Object service;
        try {
            service = method.getDeclaringClass().getConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new StreamedCallException("the service object cannot be created: " + e.getMessage(), false, e);
        }
        try {
            return method.invoke(service, values);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            String reason = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
            throw StreamedCallException.isUnexpected(cause) ? StreamedCallException.serverError(reason, cause)
                    : new StreamedCallException(reason, false, cause);
        } catch (IllegalAccessException e) {
            throw new StreamedCallException(method + " is not accessible", false, e);
        }
    }

    private static Method method(AxisService service, AxisOperation operation) throws StreamedCallException {
        Class<?> type = serviceClass(service, true);
        for (Method method : type.getMethods()) {
            if (method.getName().equals(operation.getName().getLocalPart())) {
                return method;
            }
        }
        throw new StreamedCallException("service class " + type.getName() + " has no method "
                + operation.getName().getLocalPart(), false, null);
    }

    /**
     * Reads the code of the service's class for references to Axis2's contexts now (when the module is engaged on
     * the service, at its deployment), so that the first stream bound to it does not read up to
     * {@value AxisContextReferences#MAX_CLASS_FILES} class files on its event loop. The class is not initialized.
     */
    public static void prepare(AxisService service) {
        if (service.getParameterValue(Constants.SERVICE_CLASS) != null) {
            try {
                AxisContextReferences.in(serviceClass(service, false));
            } catch (StreamedCallException | LinkageError e) {
                // Read when it is bound; a class that cannot load takes the engine's road, which reports why.
            }
        }
    }

    private static Class<?> serviceClass(AxisService service, boolean initialize) throws StreamedCallException {
        Object className = service.getParameterValue(Constants.SERVICE_CLASS);
        try {
            return Class.forName(String.valueOf(className), initialize, service.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new StreamedCallException("service class " + className + " is not loadable", false, e);
        }
    }
}
