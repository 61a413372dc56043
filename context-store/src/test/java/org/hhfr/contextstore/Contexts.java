package org.hhfr.contextstore;

import java.util.Collections;
import org.hhfr.schemas.AttributeDecl;
import org.hhfr.schemas.ComplexType;
import org.hhfr.schemas.DataStructure;
import org.hhfr.schemas.ElementDecl;
import org.hhfr.schemas.QualifiedName;
import org.hhfr.schemas.SimpleType;
import org.hhfr.schemas.XsdType;

/** Sample stream contexts: the paper's float-sum operation over a binary TCP stream. */
final class Contexts {
    static final String NS = "urn:example:floatsum";
    static final String SCHEME = "urn:hhfr:1";
    static final String BINARY = "urn:hhfr:rep:binary";
    static final String TCP = "urn:hhfr:transport:tcp";

    private Contexts() {
    }

    static StreamContext floatSum() {
        return floatSumBuilder().build();
    }

    static StreamContext.Builder floatSumBuilder() {
        return StreamContext.builder()
                .schemeUri(SCHEME)
                .representationUri(BINARY)
                .transportUri(TCP)
                .operation(ServiceOperation.of("FloatSum", "sum", SoapVersion.SOAP_11, "urn:example:floatsum#sum"))
                .request(structure("sum", ElementDecl.simple(new QualifiedName(NS, "value"),
                        SimpleType.of(XsdType.FLOAT), 0, ElementDecl.UNBOUNDED, false)))
                .response(structure("sumResponse", ElementDecl.simple(new QualifiedName(NS, "total"),
                        SimpleType.of(XsdType.DOUBLE), 1, 1, false)))
                .addStaticHeader(HeaderBlock.of(new QualifiedName("http://www.w3.org/2005/08/addressing", "To"),
                        "<wsa:To xmlns:wsa=\"http://www.w3.org/2005/08/addressing\">http://example.org/sum</wsa:To>"))
                .characteristics(StreamCharacteristics.of(ReliabilityPolicy.defaults(), 1 << 20, 1 << 16));
    }

    private static DataStructure structure(String rootName, ElementDecl child) {
        ComplexType type = new ComplexType(null, Collections.<AttributeDecl>emptyList(), Collections.singletonList(child));
        return new DataStructure(ElementDecl.complex(new QualifiedName(NS, rootName), type, 1, 1, false));
    }
}
