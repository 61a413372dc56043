package org.hhfr.axis.module;

import org.apache.axis2.AxisFault;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.description.AxisDescription;
import org.apache.axis2.description.AxisModule;
import org.apache.axis2.description.AxisOperation;
import org.apache.axis2.description.AxisService;
import org.apache.axis2.description.Flow;
import org.apache.axis2.description.HandlerDescription;
import org.apache.axis2.description.InOutAxisOperation;
import org.apache.axis2.description.PhaseRule;
import org.apache.axis2.engine.AxisConfiguration;
import org.apache.axis2.engine.Handler;
import org.apache.axis2.modules.Module;
import org.apache.neethi.Assertion;
import org.apache.neethi.Policy;

/**
 * HHFR as an Axis2 module, built in code (no {@code .mar}, no {@code module.xml}) and engaged per service.
 * Engaging it adds {@link OfferHandler} to the operation in-phase, {@link AnswerHandler} to the operation
 * out-phase and the {@code negotiate} operation ({@link NegotiateReceiver}). (An operation carried by an
 * {@code AxisModule} itself would share its phase lists across services, so each service gets its own.) A service it is not engaged on is an ordinary Axis2 service.
 */
public final class HhfrModule implements Module {
    /** The module's name in the Axis2 configuration. */
    public static final String NAME = "hhfr";

    private static final String OPERATION_IN_PHASE = "OperationInPhase";
    private static final String OPERATION_OUT_PHASE = "OperationOutPhase";

    private final NegotiateReceiver negotiateReceiver;

    private HhfrModule(NegotiateReceiver negotiateReceiver) {
        this.negotiateReceiver = negotiateReceiver;
    }

    /** Builds the module around {@code negotiation} and adds it to the configuration; {@link #engage} it on services. */
    public static AxisModule register(AxisConfiguration configuration, HhfrNegotiation negotiation) throws AxisFault {
        AxisModule module = new AxisModule(NAME);
        module.setModule(new HhfrModule(new NegotiateReceiver(negotiation)));
        module.setModuleClassLoader(HhfrModule.class.getClassLoader());
        module.setParent(configuration);

        Flow in = new Flow();
        in.addHandler(describe(new OfferHandler(negotiation), OfferHandler.NAME, OPERATION_IN_PHASE));
        module.setInFlow(in);
        Flow out = new Flow();
        out.addHandler(describe(new AnswerHandler(), AnswerHandler.NAME, OPERATION_OUT_PHASE));
        module.setOutFlow(out);

        configuration.addModule(module);
        return module;
    }

    /**
     * Engages the module on {@code service} and adds the service's {@code negotiate} operation (SOAPAction
     * {@code urn:hhfr:negotiation:1#negotiate}), a control operation that stays out of the WSDL.
     */
    public static void engage(AxisService service, AxisModule module) throws AxisFault {
        if (!(module.getModule() instanceof HhfrModule)) {
            throw new IllegalArgumentException(module.getName() + " is not the HHFR module");
        }
        service.engageModule(module);
        AxisOperation negotiate = new InOutAxisOperation(NegotiateReceiver.OPERATION);
        service.getAxisConfiguration().getPhasesInfo().setOperationPhases(negotiate);
        negotiate.setMessageReceiver(((HhfrModule) module.getModule()).negotiateReceiver);
        negotiate.setSoapAction(NegotiateReceiver.ACTION);
        negotiate.setControlOperation(true);
        service.addOperation(negotiate);
        service.mapActionToOperation(NegotiateReceiver.ACTION, negotiate);
    }

    private static HandlerDescription describe(Handler handler, String name, String phase) {
        HandlerDescription description = new HandlerDescription(name);
        description.setRules(new PhaseRule(phase));
        description.setHandler(handler);
        description.setClassName(handler.getClass().getName());
        handler.init(description);
        return description;
    }

    @Override
    public void init(ConfigurationContext context, AxisModule module) {
        // everything is wired in register()
    }

    @Override
    public void engageNotify(AxisDescription description) {
        // engaging needs no preparation
    }

    @Override
    public boolean canSupportAssertion(Assertion assertion) {
        return false;
    }

    @Override
    public void applyPolicy(Policy policy, AxisDescription description) {
        // HHFR publishes no WS-Policy assertions
    }

    @Override
    public void shutdown(ConfigurationContext context) {
        // the negotiation (store, purge thread) is closed by the server that created it
    }
}
