package org.hhfr.axis.staffing;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;

import javax.xml.namespace.QName;

import org.apache.axiom.om.OMElement;
import org.apache.axiom.om.OMNamespace;
import org.apache.axiom.soap.SOAPEnvelope;
import org.apache.axiom.soap.SOAPFactory;
import org.apache.axis2.AxisFault;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.receivers.AbstractInOutMessageReceiver;

/**
 * The Staffing service's {@code Get_Workers} (its WSDL is {@code Staffing.wsdl} next to this class), written on
 * the request's XML, no databinding: it answers from what the request holds, so whatever reached it wrongly shows
 * in the answer. A worker per reference (its identifiers upper-cased, its descriptor as its name, matched by its
 * position), or one per criteria (an employee named after the prefix, matched by it, inactive as the criteria ask);
 * the paging and the version as they came.
 */
public final class WorkersReceiver extends AbstractInOutMessageReceiver {
    public static final String NS = "urn:org.hhfr/staffing";
    public static final String WSDL = "Staffing.wsdl";

    @Override
    public void invokeBusinessLogic(MessageContext in, MessageContext out) throws AxisFault {
        SOAPFactory factory = getSOAPFactory(in);
        SOAPEnvelope envelope = factory.getDefaultEnvelope();
        envelope.getBody().addChild(answer(factory, in.getEnvelope().getBody().getFirstElement()));
        out.setEnvelope(envelope);
    }

    private static OMElement answer(SOAPFactory factory, OMElement request) {
        OMNamespace wd = factory.createOMNamespace(NS, "wd");
        OMElement response = factory.createOMElement("Get_Workers_Response", wd);
        copyAttribute(request, response, "version", wd);
        List<OMElement> workers = new ArrayList<>();
        List<OMElement> references = children(request, "Worker_Reference");
        for (int i = 0; i < references.size(); i++) {
            OMElement reference = references.get(i);
            String descriptor = reference.getAttributeValue(new QName(NS, "Descriptor"));
            List<OMElement> ids = children(reference, "ID");
            String name = descriptor != null ? descriptor : ids.isEmpty() ? "unknown" : ids.get(0).getText();
            OMElement worker = worker(factory, wd, reference, name);
            child(factory, worker, wd, "Matched_By_Reference", Integer.toString(i + 1));
            workers.add(worker);
        }
        for (OMElement criteria : children(request, "Request_Criteria")) {
            String prefix = children(criteria, "Name_Prefix").get(0).getText();
            OMElement reference = factory.createOMElement("Worker_Reference", wd);
            OMElement id = child(factory, reference, wd, "ID", prefix + "-1");
            id.addAttribute("type", "Employee_ID", wd);
            OMElement worker = worker(factory, wd, reference, prefix);
            child(factory, worker, wd, "Matched_By_Criteria", prefix);
            for (OMElement exclude : children(criteria, "Exclude_Inactive_Workers")) {
                worker.addAttribute("Inactive", Boolean.toString(!Boolean.parseBoolean(exclude.getText())), wd);
            }
            workers.add(worker);
        }
        OMElement results = factory.createOMElement("Response_Results", wd, response);
        for (String paging : new String[] {"Page", "Count"}) {
            for (OMElement given : children(request, paging)) {
                child(factory, results, wd, paging, given.getText());
            }
        }
        child(factory, results, wd, "Total_Results", Integer.toString(workers.size()));
        workers.forEach(response::addChild);
        return response;
    }

    /** A worker of {@code name} whose reference is {@code reference}'s descriptor and upper-cased identifiers. */
    private static OMElement worker(SOAPFactory factory, OMNamespace wd, OMElement reference, String name) {
        OMElement worker = factory.createOMElement("Worker", wd);
        OMElement echoed = factory.createOMElement("Worker_Reference", wd, worker);
        copyAttribute(reference, echoed, "Descriptor", wd);
        for (OMElement id : children(reference, "ID")) {
            OMElement upper = child(factory, echoed, wd, "ID", id.getText().toUpperCase(Locale.ROOT));
            copyAttribute(id, upper, "type", wd);
        }
        child(factory, worker, wd, "Name", name);
        return worker;
    }

    private static OMElement child(SOAPFactory factory, OMElement parent, OMNamespace wd, String name, String text) {
        OMElement child = factory.createOMElement(name, wd, parent);
        child.setText(text);
        return child;
    }

    private static void copyAttribute(OMElement from, OMElement to, String name, OMNamespace wd) {
        String value = from.getAttributeValue(new QName(NS, name));
        if (value != null) {
            to.addAttribute(name, value, wd);
        }
    }

    private static List<OMElement> children(OMElement parent, String name) {
        List<OMElement> children = new ArrayList<>();
        for (Iterator<OMElement> it = parent.getChildrenWithName(new QName(NS, name)); it.hasNext();) {
            children.add(it.next());
        }
        return children;
    }
}
