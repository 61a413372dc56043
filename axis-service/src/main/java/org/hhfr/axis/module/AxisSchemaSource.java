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
import org.hhfr.contextstore.ServiceOperation;
import org.hhfr.negotiation.MessageSchema;
import org.hhfr.negotiation.OperationSchemas;
import org.hhfr.negotiation.server.PublishedSchemas;
import org.hhfr.negotiation.server.SchemaSource;
import org.hhfr.schemas.DataStructure;
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
 * no schemas receives. Computed once per service; an operation whose messages HHFR cannot represent
 * publishes nothing, so offers for it are declined with that reason.
 */
public final class AxisSchemaSource implements SchemaSource {
    private static final Logger LOG = LoggerFactory.getLogger(AxisSchemaSource.class);

    private final AxisConfiguration configuration;
    private final SchemaParser parser = new SchemaParser(SchemaLimits.defaults());
    private final Map<String, Map<String, PublishedSchemas>> services = new ConcurrentHashMap<>();

    public AxisSchemaSource(AxisConfiguration configuration) {
        this.configuration = configuration;
    }

    @Override
    public PublishedSchemas published(ServiceOperation operation) {
        return services.computeIfAbsent(operation.service(), this::publish).get(operation.operation());
    }

    private Map<String, PublishedSchemas> publish(String serviceName) {
        Map<String, PublishedSchemas> operations = new ConcurrentHashMap<>();
        try {
            AxisService service = configuration.getService(serviceName);
            if (service == null) {
                return operations;
            }
            String wsdl = wsdlOf(service);
            Schema schema = parser.parse(wsdl);
            for (Iterator<AxisOperation> it = service.getOperations(); it.hasNext();) {
                AxisOperation operation = it.next();
                PublishedSchemas published = published(schema, wsdl, operation);
                if (published != null) {
                    operations.put(operation.getName().getLocalPart(), published);
                }
            }
        } catch (AxisFault | SchemaException e) {
            LOG.warn("service {} publishes no HHFR schemas: {}", serviceName, e.getMessage());
        }
        return operations;
    }

    private static String wsdlOf(AxisService service) throws AxisFault {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        service.printWSDL(out);
        return new String(out.toByteArray(), StandardCharsets.UTF_8);
    }

    private static PublishedSchemas published(Schema schema, String wsdl, AxisOperation operation) {
        QualifiedName in = element(operation, WSDLConstants.MESSAGE_LABEL_IN_VALUE);
        QualifiedName out = element(operation, WSDLConstants.MESSAGE_LABEL_OUT_VALUE);
        if (in == null || out == null || !schema.elements().containsKey(in) || !schema.elements().containsKey(out)) {
            return null;
        }
        DataStructure request = schema.dataStructure(in);
        DataStructure response = schema.dataStructure(out);
        OperationSchemas text = OperationSchemas.of(MessageSchema.of(in, wsdl), MessageSchema.of(out, wsdl));
        return PublishedSchemas.of(text, request, response);
    }

    private static QualifiedName element(AxisOperation operation, String label) {
        AxisMessage message = operation.getMessage(label);
        QName name = message == null ? null : message.getElementQName();
        return name == null ? null : new QualifiedName(name.getNamespaceURI(), name.getLocalPart());
    }
}
