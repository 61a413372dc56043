package org.hhfr.contextstore.redis;

import java.util.List;
import java.util.Map;
import org.hhfr.contextstore.CallerIdentity;
import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.contextstore.ReliabilityPolicy;
import org.hhfr.contextstore.ServiceOperation;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.contextstore.StreamCharacteristics;
import org.hhfr.contextstore.StreamContext;
import org.hhfr.schemas.AttributeDecl;
import org.hhfr.schemas.ComplexType;
import org.hhfr.schemas.DataStructure;
import org.hhfr.schemas.ElementDecl;
import org.hhfr.schemas.QualifiedName;
import org.hhfr.schemas.SimpleType;
import org.hhfr.schemas.XsdType;
import org.hhfr.transports.reliability.DeliveryAssurance;

/** A context that uses every part of the stored form: attributes, enumerations, headers, an identity. */
final class SampleContexts {
    static final String NS = "urn:example:points";

    private SampleContexts() {
    }

    static StreamContext points() {
        SimpleType kind = SimpleType.enumeration(new QualifiedName(NS, "Kind"), List.of("cafe", "museum", "park"));
        ComplexType point = new ComplexType(new QualifiedName(NS, "Point"),
                List.of(AttributeDecl.of(new QualifiedName("", "id"), SimpleType.of(XsdType.LONG), true)),
                List.of(ElementDecl.simple(new QualifiedName(NS, "name"), SimpleType.of(XsdType.STRING), 1, 1, true),
                        ElementDecl.simple(new QualifiedName(NS, "kind"), kind, 0, 1, false),
                        ElementDecl.simple(new QualifiedName(NS, "photo"), SimpleType.of(XsdType.BASE64_BINARY), 0,
                                ElementDecl.UNBOUNDED, false)));
        ComplexType response = new ComplexType(null, List.of(),
                List.of(ElementDecl.complex(new QualifiedName(NS, "point"), point, 0, ElementDecl.UNBOUNDED, false)));
        ComplexType request = new ComplexType(null, List.of(),
                List.of(ElementDecl.simple(new QualifiedName(NS, "near"), SimpleType.of(XsdType.DOUBLE), 2, 2, false)));
        return StreamContext.builder()
                .schemeUri("urn:hhfr:1")
                .representationUri("urn:hhfr:rep:binary")
                .transportUri("urn:hhfr:transport:udp")
                .operation(ServiceOperation.of("Points", "near", SoapVersion.SOAP_12, "urn:points#near"))
                .request(new DataStructure(ElementDecl.complex(new QualifiedName(NS, "near"), request, 1, 1, false)))
                .response(new DataStructure(ElementDecl.complex(new QualifiedName(NS, "nearResponse"), response, 1, 1,
                        false)))
                .addStaticHeader(HeaderBlock.of(new QualifiedName("http://www.w3.org/2005/08/addressing", "To"),
                        "<wsa:To xmlns:wsa=\"http://www.w3.org/2005/08/addressing\">http://example.org/p</wsa:To>"))
                .characteristics(StreamCharacteristics.of(ReliabilityPolicy.of(DeliveryAssurance.AT_MOST_ONCE, true,
                        300, 2, 64).toBuilder().validForMillis(5_000).build(), 1 << 20, 1 << 16))
                .identity(CallerIdentity.of("alice", Map.of("Authorization", "Basic YWxpY2U6c2VjcmV0")))
                .encryptedStreams(true)
                .build();
    }

    /** A one-way operation: no response structure. */
    static StreamContext oneWay() {
        StreamContext points = points();
        return StreamContext.builder()
                .schemeUri(points.schemeUri())
                .representationUri(points.representationUri())
                .transportUri("urn:hhfr:transport:tcp")
                .operation(ServiceOperation.of("Points", "report", SoapVersion.SOAP_11, ""))
                .request(points.request())
                .characteristics(StreamCharacteristics.of(ReliabilityPolicy.defaults(), 1 << 20, 1 << 20))
                .build();
    }
}
