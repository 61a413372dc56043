package org.hhfr.axis.module;

import java.io.IOException;
import java.io.InputStream;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.apache.axis2.AxisFault;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.deployment.DeploymentEngine;
import org.apache.axis2.deployment.ModuleBuilder;
import org.apache.axis2.description.AxisDescription;
import org.apache.axis2.description.AxisModule;
import org.apache.axis2.description.AxisOperation;
import org.apache.axis2.description.AxisService;
import org.apache.axis2.description.HandlerDescription;
import org.apache.axis2.description.InOutAxisOperation;
import org.apache.axis2.description.ModuleConfiguration;
import org.apache.axis2.description.Parameter;
import org.apache.axis2.engine.AxisConfiguration;
import org.apache.axis2.engine.Handler;
import org.apache.axis2.engine.Phase;
import org.apache.axis2.modules.Module;
import org.apache.neethi.Assertion;
import org.apache.neethi.Policy;
import org.hhfr.axis.admin.AdminSettings;
import org.hhfr.axis.stream.PojoDispatch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * HHFR as an Axis2 module ({@code hhfr}, described by {@code META-INF/module.xml} in {@code hhfr-VERSION.mar}):
 * {@link OfferHandler} in the operation in-phase, {@link AnswerHandler} in the operation out-phase, and the
 * {@code negotiate} operation added to each service it is engaged on. {@link #init} reads the module's
 * parameters ({@link ModuleSettings}) and starts, once per {@link ConfigurationContext}, the context store,
 * the negotiation and the TCP and UDP stream listeners ({@link ModuleRuntime}); {@link #shutdown} stops them.
 * When they cannot start (a bad parameter, a port in use), init fails with a one-line reason and the module
 * stays inert: the services it is engaged on answer plain SOAP, without an answer to any offer. A service it
 * is not engaged on is an ordinary Axis2 service.
 */
public final class HhfrModule implements Module {
    /** The module's name in the Axis2 configuration. */
    public static final String NAME = "hhfr";

    private static final Logger LOG = LoggerFactory.getLogger(HhfrModule.class);
    private static final String RUNTIME_PROPERTY = ModuleRuntime.class.getName();
    private static final String FAILURE_PROPERTY = HhfrModule.class.getName() + ".failure";

    /**
     * The policy advertising the stream endpoints in the WSDL of the services the module is engaged on, once it
     * runs; {@code null} before, or when it serves no stream.
     */
    private volatile Policy streamEndpoints;

    /** Axis2 makes the module from {@code module.xml}. */
    public HhfrModule() {
    }

    /**
     * Makes the module available in {@code configuration} before its context is created (which starts it):
     * the one the configuration's repository deployed from a {@code .mar}, or else the one on the class path
     * (the same {@code module.xml}, read from this jar); then {@code overrides} replace its parameters as a
     * {@code <moduleConfig name="hhfr">} in {@code axis2.xml} does, and over it.
     */
    public static void provide(AxisConfiguration configuration, Map<String, String> overrides) throws AxisFault {
        if (configuration.getModule(NAME) == null) {
            deployFromClassPath(configuration);
        }
        ModuleConfiguration moduleConfig = configuration.getModuleConfig(NAME);
        if (moduleConfig == null) {
            moduleConfig = new ModuleConfiguration(NAME, configuration);
            configuration.addModuleConfig(moduleConfig);
        }
        for (Map.Entry<String, String> parameter : overrides.entrySet()) {
            moduleConfig.addParameter(new Parameter(parameter.getKey(), parameter.getValue()));
        }
    }

    private static void deployFromClassPath(AxisConfiguration configuration) throws AxisFault {
        AxisModule module = new AxisModule();
        module.setParent(configuration);
        module.setModuleClassLoader(HhfrModule.class.getClassLoader());
        try (InputStream description = HhfrModule.class.getResourceAsStream("module.xml")) {
            if (description == null) {
                throw new AxisFault("module.xml of the HHFR module is missing from the class path");
            }
            new ModuleBuilder(description, module, configuration).populateModule();
        } catch (IOException e) {
            throw AxisFault.makeFault(e);
        }
        DeploymentEngine.addNewModule(module, configuration);
    }

    /** The names of the parameters the module's {@code module.xml} lists with their defaults, in its order. */
    public static Set<String> parameterNames() {
        try (InputStream description = HhfrModule.class.getResourceAsStream("module.xml")) {
            if (description == null) {
                throw new IllegalStateException("module.xml of the HHFR module is missing from the class path");
            }
            NodeList listed = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(description)
                    .getDocumentElement().getElementsByTagName("parameter");
            Set<String> names = new LinkedHashSet<>();
            for (int i = 0; i < listed.getLength(); i++) {
                names.add(((Element) listed.item(i)).getAttribute("name"));
            }
            return Collections.unmodifiableSet(names);
        } catch (IOException | ParserConfigurationException | SAXException e) {
            throw new IllegalStateException("module.xml of the HHFR module cannot be read: " + e.getMessage(), e);
        }
    }

    /** What the module runs for {@code context}, or {@code null} when it is not running there. */
    public static ModuleRuntime runtime(ConfigurationContext context) {
        return context == null ? null : (ModuleRuntime) context.getProperty(RUNTIME_PROPERTY);
    }

    /** Why the module could not start for {@code context}, or {@code null} when it did not fail. */
    public static String failure(ConfigurationContext context) {
        return (String) context.getProperty(FAILURE_PROPERTY);
    }

    @Override
    public void init(ConfigurationContext context, AxisModule module) throws AxisFault {
        try {
            ModuleSettings settings = ModuleSettings.read(name -> parameter(context.getAxisConfiguration(), module,
                    name));
            AdminSettings admin = AdminSettings.read(name -> parameter(context.getAxisConfiguration(), module, name));
            ModuleRuntime runtime = ModuleRuntime.start(context, settings, admin);
            context.setProperty(RUNTIME_PROPERTY, runtime);
            answerOffersToUnengagedServices(context.getAxisConfiguration());
            advertiseStreamEndpoints(context.getAxisConfiguration(), runtime);
        } catch (IOException | RuntimeException e) {
            String reason = "HHFR module not started: " + (e.getMessage() != null ? e.getMessage() : e);
            LOG.error("{} (services engaged with it answer plain SOAP)", reason);
            context.setProperty(FAILURE_PROPERTY, reason);
            throw new AxisFault(reason);
        }
    }

    /** Publishes the stream endpoints in the WSDL of every service the module is engaged on (see engageNotify). */
    private void advertiseStreamEndpoints(AxisConfiguration configuration, ModuleRuntime runtime) {
        Policy policy = StreamEndpointPolicy.of(runtime.advertisedEndpoints());
        streamEndpoints = policy;
        if (policy == null) {
            return;
        }
        for (AxisService service : configuration.getServices().values()) {
            if (service.getOperation(NegotiateReceiver.OPERATION) != null) {
                StreamEndpointPolicy.attachTo(service, policy);
            }
        }
    }

    /**
     * Attaches the stream endpoints' policy to the bindings of {@code service} if the module runs and is engaged
     * on it: for endpoints made after the module started (a repository's services served over https).
     */
    public static void advertiseStreamEndpointsOn(AxisService service) {
        AxisModule axisModule = service.getAxisConfiguration().getModule(NAME);
        if (axisModule != null && axisModule.getModule() instanceof HhfrModule module
                && module.streamEndpoints != null && service.getOperation(NegotiateReceiver.OPERATION) != null) {
            StreamEndpointPolicy.attachTo(service, module.streamEndpoints);
        }
    }

    /**
     * Offers to services that do not engage the module are declined with that reason rather than ignored:
     * {@link UnengagedServiceAnswerHandler} in the global MessageOut phase sees every service's responses.
     */
    private static void answerOffersToUnengagedServices(AxisConfiguration configuration) {
        addToPhase(configuration.getOutFlowPhases(), "MessageOut", new UnengagedServiceAnswerHandler(),
                "HhfrUnengagedServiceAnswer");
    }

    private static void addToPhase(List<Phase> phases, String phaseName, Handler handler, String handlerName) {
        for (Phase phase : phases) {
            if (phase.getPhaseName().equals(phaseName)) {
                HandlerDescription description = new HandlerDescription(handlerName);
                description.setHandler(handler);
                handler.init(description);
                phase.addHandler(handler);
                return;
            }
        }
        LOG.info("axis2.xml has no {} phase: offers to services without the HHFR module get no answer", phaseName);
    }

    /** An override in {@code axis2.xml} ({@code <moduleConfig name="hhfr">}), else module.xml's value. */
    private static String parameter(AxisConfiguration configuration, AxisModule module, String name) {
        ModuleConfiguration overrides = configuration.getModuleConfig(NAME);
        Parameter parameter = overrides == null ? null : overrides.getParameter(name);
        if (parameter == null) {
            parameter = module.getParameter(name);
        }
        return parameter == null || parameter.getValue() == null ? null : parameter.getValue().toString();
    }

    /**
     * Engaging the module on a service (directly, or through its group or the whole configuration) adds the
     * service's {@code negotiate} operation (SOAPAction {@code urn:hhfr:negotiation:1#negotiate}), a control
     * operation that stays out of the WSDL. (An operation declared in module.xml would share its phase lists
     * across services, so each service gets its own.) Once the module runs, the service's WSDL also advertises
     * the stream endpoints ({@link StreamEndpointPolicy}). The service class's code is read here, at deployment,
     * for the fast path's check ({@link PojoDispatch#prepare}), not on a stream's event loop.
     */
    @Override
    public void engageNotify(AxisDescription description) throws AxisFault {
        if (!(description instanceof AxisService service)) {
            return;
        }
        PojoDispatch.prepare(service);
        if (service.getOperation(NegotiateReceiver.OPERATION) != null) {
            return;
        }
        AxisOperation negotiate = new InOutAxisOperation(NegotiateReceiver.OPERATION);
        service.getAxisConfiguration().getPhasesInfo().setOperationPhases(negotiate);
        negotiate.setMessageReceiver(new NegotiateReceiver());
        negotiate.setSoapAction(NegotiateReceiver.ACTION);
        negotiate.setControlOperation(true);
        service.addOperation(negotiate);
        service.mapActionToOperation(NegotiateReceiver.ACTION, negotiate);
        Policy policy = streamEndpoints;
        if (policy != null) {
            StreamEndpointPolicy.attachTo(service, policy);
        }
    }

    @Override
    public boolean canSupportAssertion(Assertion assertion) {
        return false;
    }

    @Override
    public void applyPolicy(Policy policy, AxisDescription description) {
        // HHFR reads no WS-Policy assertions (it publishes its stream endpoints: StreamEndpointPolicy)
    }

    /** Ends the streams and closes the sessions this context's module runs. */
    @Override
    public void shutdown(ConfigurationContext context) {
        ModuleRuntime runtime = runtime(context);
        if (runtime != null) {
            context.removeProperty(RUNTIME_PROPERTY);
            runtime.close();
        }
    }
}
