package org.hhfr.axis.module;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import javax.wsdl.Definition;
import javax.xml.namespace.QName;

import org.apache.axis2.description.AxisEndpoint;
import org.apache.axis2.description.AxisService;
import org.apache.axis2.description.Parameter;
import org.apache.axis2.wsdl.WSDLConstants;
import org.apache.neethi.All;
import org.apache.neethi.ExactlyOne;
import org.apache.neethi.Policy;
import org.apache.neethi.builders.PrimitiveAssertion;
import org.hhfr.negotiation.HhfrUris;
import org.hhfr.negotiation.description.AdvertisedEndpoint;

/**
 * The WS-Policy through which a service the module is engaged on advertises its stream endpoints in its WSDL:
 * one {@code hhfr:StreamEndpoint} assertion per transport served, each marked {@code wsp:Optional} (a SOAP stack
 * that does not know them may ignore them), in a policy {@value #ID} that every SOAP binding references. A
 * client that reads the WSDL, or a description compiled from it, knows where the service streams before its
 * first negotiation, so its first session opens the stream while it negotiates.
 */
final class StreamEndpointPolicy {
    /** The policy's {@code wsu:Id} in the WSDL. */
    static final String ID = "HhfrStreamEndpoints";
    private static final QName ASSERTION = new QName(HhfrUris.NAMESPACE, AdvertisedEndpoint.ELEMENT, "hhfr");

    private StreamEndpointPolicy() {
    }

    /** The policy advertising {@code endpoints}; {@code null} when there are none. */
    static Policy of(List<AdvertisedEndpoint> endpoints) {
        if (endpoints.isEmpty()) {
            return null;
        }
        All all = new All();
        for (AdvertisedEndpoint endpoint : endpoints) {
            Map<QName, String> attributes = new HashMap<>();
            attributes.put(new QName("transport"), endpoint.transportUri());
            attributes.put(new QName("port"), Integer.toString(endpoint.port()));
            if (endpoint.host() != null) {
                attributes.put(new QName("host"), endpoint.host());
            }
            all.addPolicyComponent(new PrimitiveAssertion(ASSERTION, true, false, attributes));
        }
        ExactlyOne alternatives = new ExactlyOne();
        alternatives.addPolicyComponent(all);
        Policy policy = new Policy();
        policy.setId(ID);
        policy.addPolicyComponent(alternatives);
        return policy;
    }

    /**
     * Attaches {@code policy} to each binding of {@code service} (its WSDL references it from each), and writes
     * it into the WSDL the service serves as its author wrote it, if it does, holding the service's lock as
     * Axis2 does while it prints that WSDL.
     */
    static void attachTo(AxisService service, Policy policy) {
        for (AxisEndpoint endpoint : service.getEndpoints().values()) {
            endpoint.getBinding().getPolicySubject().attachPolicy(policy);
        }
        Parameter written = service.getParameter(WSDLConstants.WSDL_4_J_DEFINITION);
        if (service.isUseUserWSDL() && written != null && written.getValue() instanceof Definition) {
            synchronized (service) {
                UserWsdlPolicy.attach((Definition) written.getValue(), policy);
            }
        }
    }
}
