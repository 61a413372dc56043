package org.hhfr.axis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;

import org.hhfr.axis.server.HhfrServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

/**
 * A client that knows nothing of HHFR gets correct answers from the HHFR-enabled server: hand-written SOAP 1.1
 * and 1.2 envelopes over raw HTTP, with and without SOAPAction, one connection per request (no keep-alive).
 */
class PlainSoapInteropTest {
    private static HhfrServer server;

    @BeforeAll
    static void start() throws IOException {
        server = HhfrServer.start(TestServers.loopback().build());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static RawHttp.Response soap11(String service, String action, String body) throws IOException {
        return RawHttp.postSoap11(server.port(), "/axis2/services/" + service, action,
                Envelopes.envelope(Envelopes.SOAP11, body));
    }

    private static RawHttp.Response soap12(String service, String action, String body) throws IOException {
        return RawHttp.postSoap12(server.port(), "/axis2/services/" + service, action,
                Envelopes.envelope(Envelopes.SOAP12, body));
    }

    @Test
    void floatSumAnswersSoap11() throws Exception {
        RawHttp.Response response = soap11("FloatSum", "urn:sum", Envelopes.sum("1.5", "2.25"));
        assertEquals(200, response.status, response::toString);
        assertTrue(response.headers.get("content-type").startsWith("text/xml"));
        assertEquals("3.75", Envelopes.singleReturn(response.body));
    }

    @Test
    void floatSumAnswersSoap12() throws Exception {
        RawHttp.Response response = soap12("FloatSum", "urn:sum", Envelopes.sum("1.5", "2.25"));
        assertEquals(200, response.status, response::toString);
        assertTrue(response.headers.get("content-type").startsWith("application/soap+xml"));
        assertTrue(response.body.contains(Envelopes.SOAP12));
        assertEquals("3.75", Envelopes.singleReturn(response.body));
    }

    @Test
    void aSoap11RequestWithoutSoapActionIsStillSoap() throws Exception {
        RawHttp.Response response = soap11("FloatSum", null, Envelopes.sum("1", "2"));
        assertEquals(200, response.status, response::toString);
        assertEquals("3.0", Envelopes.singleReturn(response.body));
    }

    @Test
    void floatSumRoundsInFloatArithmetic() throws Exception {
        // 0.1f + 0.2f is 0.3f + 1 ulp in float, and 16777216f + 1f is 16777216f
        assertEquals(String.valueOf(0.1f + 0.2f), Envelopes.singleReturn(soap11("FloatSum", "urn:sum",
                Envelopes.sum("0.1", "0.2")).body));
        assertEquals("1.6777216E7", Envelopes.singleReturn(soap11("FloatSum", "urn:sum",
                Envelopes.sum("16777216", "1")).body));
    }

    @Test
    void floatSumOfNoValuesIsZero() throws Exception {
        assertEquals("0.0", Envelopes.singleReturn(soap11("FloatSum", "urn:sum", Envelopes.sum()).body));
    }

    @Test
    void stringConcatKeepsNonAsciiText() throws Exception {
        RawHttp.Response response = soap11("StringConcat", "urn:concat",
                Envelopes.concat("Aníbal ", "Cunha, nº 84 ", "– 東京 😀"));
        assertEquals(200, response.status, response::toString);
        assertEquals("Aníbal Cunha, nº 84 – 東京 😀", Envelopes.singleReturn(response.body));
    }

    @Test
    void stringConcatSkipsNilPartsAndEscapesMarkup() throws Exception {
        assertEquals("a<b>&c", Envelopes.singleReturn(soap12("StringConcat", "urn:concat",
                Envelopes.concat("a", null, "<b>", null, "&c")).body));
    }

    @Test
    void stringConcatOfNoPartsIsEmpty() throws Exception {
        assertEquals("", Envelopes.singleReturn(soap11("StringConcat", "urn:concat", Envelopes.concat()).body));
    }

    @Test
    void pointsOfInterestReturnsTheRequestedRecords() throws Exception {
        RawHttp.Response response = soap11("PointsOfInterest", "urn:list", Envelopes.list(3));
        assertEquals(200, response.status, response::toString);
        Document document = Envelopes.parse(response.body);
        NodeList records = document.getElementsByTagNameNS("*", "return");
        assertEquals(3, records.getLength());
        assertEquals("1", document.getElementsByTagNameNS("*", "id").item(0).getTextContent());
        assertEquals("3", document.getElementsByTagNameNS("*", "id").item(2).getTextContent());
        assertEquals(3, document.getElementsByTagNameNS("*", "description").getLength());
    }

    @Test
    void pointsOfInterestRefusesANegativeCountWithAReadableFaultAndNoStackTrace() throws Exception {
        RawHttp.Response response = soap11("PointsOfInterest", "urn:list", Envelopes.list(-1));
        assertEquals(500, response.status);
        String[] fault = Envelopes.fault(response.body);
        assertTrue(fault[1].contains("count must be between 0 and"), fault[1]);
        assertNoStackTrace(response.body);
    }

    @Test
    void anUnknownOperationIsAFault() throws Exception {
        RawHttp.Response response = soap11("FloatSum", "urn:nosuch", "<ns:nosuch xmlns:ns=\"urn:x\"/>");
        assertEquals(500, response.status);
        assertTrue(Envelopes.fault(response.body)[0].endsWith("Client"), response.body);
        assertNoStackTrace(response.body);
    }

    @Test
    void pointsOfInterestIsTheSameOverSoap11AndSoap12() throws Exception {
        List<String> eleven = Envelopes.returns(soap11("PointsOfInterest", "urn:list", Envelopes.list(5)).body);
        List<String> twelve = Envelopes.returns(soap12("PointsOfInterest", "urn:list", Envelopes.list(5)).body);
        assertEquals(eleven, twelve);
    }

    static void assertNoStackTrace(String body) {
        assertTrue(!body.contains("\tat ") && !body.contains("at org.") && !body.contains("at java.")
                && !body.contains("Exception"), () -> "stack trace or exception class in: " + body);
    }
}
