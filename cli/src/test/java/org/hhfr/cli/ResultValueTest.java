package org.hhfr.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.Arrays;
import java.util.Collections;

import org.hhfr.schemas.AttributeDecl;
import org.hhfr.schemas.ComplexType;
import org.hhfr.schemas.DataStructure;
import org.hhfr.schemas.ElementDecl;
import org.hhfr.schemas.QualifiedName;
import org.hhfr.schemas.SimpleType;
import org.hhfr.schemas.XsdType;
import org.hhfr.streamer.Message;
import org.hhfr.streamer.Nil;
import org.junit.jupiter.api.Test;

/** A response's value in JSON: a nil element that carries attributes stays nil, its attributes with it. */
class ResultValueTest {
    private static final ComplexType PRICE = new ComplexType(null,
            Collections.singletonList(AttributeDecl.of(new QualifiedName("", "currency"),
                    SimpleType.of(XsdType.STRING), false)),
            Arrays.asList(ElementDecl.simple(new QualifiedName("", "amount"), SimpleType.of(XsdType.DECIMAL), 0, 1,
                    false), ElementDecl.simple(new QualifiedName("", "history"), SimpleType.of(XsdType.DECIMAL), 0,
                    ElementDecl.UNBOUNDED, false)));
    private static final DataStructure QUOTE = new DataStructure(ElementDecl.complex(new QualifiedName("", "quote"),
            new ComplexType(null, Collections.<AttributeDecl>emptyList(), Collections.singletonList(
                    ElementDecl.complex(new QualifiedName("", "price"), PRICE, 1, 1, true))), 1, 1, false));

    @Test
    void aNilElementWithAttributesIsNilInJsonNotAnElementWithoutContent() {
        Message.Builder nil = Message.of(QUOTE);
        Message nilInEuros = nil.set("price", nil.child("price").attribute("currency", "EUR").buildNil()).build();
        Message.Builder empty = Message.of(QUOTE);
        Message emptyInEuros = empty.set("price", empty.child("price").attribute("currency", "EUR").build()).build();

        String nilJson = ResultValue.json(ResultValue.of(nilInEuros)).toString();
        assertNotEquals(ResultValue.json(ResultValue.of(emptyInEuros)).toString(), nilJson);
        assertEquals("{\"@currency\":\"EUR\",\"@xsi:nil\":true}", nilJson);
        assertEquals("null", ResultValue.json(ResultValue.of(Message.of(QUOTE).set("price", Nil.NIL).build()))
                .toString());
    }
}
