package org.hhfr.axis.headers;

import java.util.Iterator;

import javax.xml.namespace.QName;

import org.apache.axiom.soap.SOAPHeaderBlock;
import org.apache.axis2.AxisFault;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.description.AxisDescription;
import org.apache.axis2.description.AxisModule;
import org.apache.axis2.description.Flow;
import org.apache.axis2.description.HandlerDescription;
import org.apache.axis2.description.PhaseRule;
import org.apache.axis2.engine.AxisConfiguration;
import org.apache.axis2.handlers.AbstractHandler;
import org.apache.axis2.modules.Module;
import org.apache.neethi.Assertion;
import org.apache.neethi.Policy;

/**
 * A real Axis2 module with one in-flow handler, engaged on one service after HHFR (so its handler runs after
 * HHFR's offer handler in the operation phase): what a service's own credential check or header recorder is.
 */
public final class CallGuard {
    /** What the handler does with each call: throw an AxisFault to refuse it. */
    @FunctionalInterface
    public interface Check {
        void check(MessageContext call) throws AxisFault;
    }

    private CallGuard() {
    }

    public static void engage(AxisConfiguration configuration, String serviceName, String name, Check check)
            throws AxisFault {
        AxisModule module = new AxisModule(name);
        module.setModule(new Module() {
            @Override
            public void init(ConfigurationContext context, AxisModule axisModule) {
            }

            @Override
            public void engageNotify(AxisDescription description) {
            }

            @Override
            public boolean canSupportAssertion(Assertion assertion) {
                return false;
            }

            @Override
            public void applyPolicy(Policy policy, AxisDescription description) {
            }

            @Override
            public void shutdown(ConfigurationContext context) {
            }
        });
        module.setParent(configuration);
        HandlerDescription description = new HandlerDescription(name + "Handler");
        description.setRules(new PhaseRule("OperationInPhase"));
        AbstractHandler handler = new AbstractHandler() {
            @Override
            public InvocationResponse invoke(MessageContext call) throws AxisFault {
                check.check(call);
                return InvocationResponse.CONTINUE;
            }
        };
        description.setHandler(handler);
        handler.init(description);
        Flow in = new Flow();
        in.addHandler(description);
        module.setInFlow(in);
        configuration.addModule(module);
        configuration.getService(serviceName).engageModule(module);
    }

    /** The text of the call's header block {@code {namespace}localName}, or {@code null}. */
    static String headerText(MessageContext call, String namespace, String localName) {
        if (call.getEnvelope().getHeader() == null) {
            return null;
        }
        Iterator<SOAPHeaderBlock> blocks = call.getEnvelope().getHeader().getHeaderBlocksWithName(
                new QName(namespace, localName));
        return blocks.hasNext() ? blocks.next().getText() : null;
    }

    /** Whether the call came on an HHFR stream (rebuilt by the stream dispatch) rather than over HTTP. */
    static boolean streamed(MessageContext call) {
        return "hhfr-stream".equals(call.getIncomingTransportName());
    }
}
