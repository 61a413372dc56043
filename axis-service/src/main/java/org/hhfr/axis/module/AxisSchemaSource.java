package org.hhfr.axis.module;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import javax.xml.namespace.QName;

import org.apache.axis2.AxisFault;
import org.apache.axis2.description.AxisMessage;
import org.apache.axis2.description.AxisOperation;
import org.apache.axis2.description.AxisService;
import org.apache.axis2.engine.AxisConfiguration;
import org.apache.axis2.wsdl.WSDLConstants;
import org.apache.axis2.wsdl.WSDLUtil;
import org.hhfr.contextstore.ServiceOperation;
import org.hhfr.negotiation.MessageSchema;
import org.hhfr.negotiation.OperationSchemas;
import org.hhfr.negotiation.server.PublishedSchemas;
import org.hhfr.negotiation.server.SchemaSource;
import org.hhfr.schemas.OperationStructures;
import org.hhfr.schemas.QualifiedName;
import org.hhfr.schemas.Schema;
import org.hhfr.schemas.SchemaException;
import org.hhfr.schemas.SchemaLimits;
import org.hhfr.schemas.SchemaParser;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The schemas a service publishes, taken from Axis2 itself: the service's WSDL 1.1 as Axis2 prints it (its
 * {@code wsdl:types} hold the schemas Axis2 generated for a POJO, bean types included) is parsed by HHFR's
 * {@link SchemaParser}, and each operation's request and response structures are the global elements Axis2
 * names for its in and out messages. No XSD is written by hand. The WSDL text is what a client that offered
 * no schemas receives. Computed once per service.
 *
 * <p>The WSDL is parsed per component: an operation whose messages use a construct HHFR cannot represent
 * (say a bean field Axis2 publishes as {@code xs:date}) publishes nothing and keeps its {@link #refusal
 * reason}, logged once at INFO, so offers for it are declined with that reason and it stays on plain SOAP,
 * while the service's other operations stream.
 */
public final class AxisSchemaSource implements SchemaSource {
    private static final Logger LOG = LoggerFactory.getLogger(AxisSchemaSource.class);

    private final AxisConfiguration configuration;
    private final SchemaParser parser = new SchemaParser(SchemaLimits.defaults()).perComponent();
    private final Map<String, ServiceSchemas> services = new ConcurrentHashMap<>();

    /** What one service publishes: per operation name, its schemas, or why it cannot stream. */
    private static final class ServiceSchemas {
        final Map<String, PublishedSchemas> published = new ConcurrentHashMap<>();
        final Map<String, String> refusals = new ConcurrentHashMap<>();
    }

    public AxisSchemaSource(AxisConfiguration configuration) {
        this.configuration = configuration;
    }

    @Override
    public PublishedSchemas published(ServiceOperation operation) {
        return schemasOf(operation).published.get(operation.operation());
    }

    @Override
    public String refusal(ServiceOperation operation) {
        return schemasOf(operation).refusals.get(operation.operation());
    }

    private ServiceSchemas schemasOf(ServiceOperation operation) {
        return services.computeIfAbsent(operation.service(), this::publish);
    }

    private ServiceSchemas publish(String serviceName) {
        ServiceSchemas schemas = new ServiceSchemas();
        try {
            AxisService service = configuration.getService(serviceName);
            if (service == null) {
                return schemas;
            }
            String wsdl = wsdlOf(service);
            Schema schema = parser.parse(wsdl);
            for (Iterator<AxisOperation> it = service.getOperations(); it.hasNext();) {
                AxisOperation operation = it.next();
                if (ServiceOperations.isServiceOperation(operation)) {
                    publish(serviceName, schemas, schema, wsdl, operation);
                }
            }
        } catch (AxisFault | SchemaException e) {
            LOG.warn("service {} publishes no HHFR schemas: {}", serviceName, e.getMessage());
        }
        return schemas;
    }

    private static void publish(String serviceName, ServiceSchemas schemas, Schema schema, String wsdl,
                                AxisOperation operation) {
        String name = operation.getName().getLocalPart();
        QualifiedName in = element(operation, WSDLConstants.MESSAGE_LABEL_IN_VALUE);
        boolean answers = WSDLUtil.isOutputPresentForMEP(operation.getMessageExchangePattern());
        QualifiedName out = answers ? element(operation, WSDLConstants.MESSAGE_LABEL_OUT_VALUE) : null;
        OperationStructures structures;
        if (!answers) {
            structures = OperationStructures.withoutElements(name, "a one-way operation: streams carry "
                    + "request-response operations");
        } else if (in == null) {
            structures = OperationStructures.withoutElements(name, "Axis2 names no request element for it");
        } else {
            structures = OperationStructures.of(name, schema, in, out);
        }
        if (structures.isStreamable()) {
            OperationSchemas text = OperationSchemas.of(MessageSchema.of(in, wsdl), MessageSchema.of(out, wsdl));
            schemas.published.put(name, PublishedSchemas.of(text, structures.request(), structures.response()));
            return;
        }
        String refusal = structures.reason();
        schemas.refusals.put(name, refusal);
        LOG.info("{}.{} stays on plain SOAP: {}", serviceName, name, refusal);
    }

    private static String wsdlOf(AxisService service) throws AxisFault {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        service.printWSDL(out);
        return new String(out.toByteArray(), StandardCharsets.UTF_8);
    }

    private static QualifiedName element(AxisOperation operation, String label) {
        AxisMessage message = operation.getMessage(label);
        QName name = message == null ? null : message.getElementQName();
        return name == null ? null : new QualifiedName(name.getNamespaceURI(), name.getLocalPart());
    }
}
