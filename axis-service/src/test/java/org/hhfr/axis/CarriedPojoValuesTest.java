package org.hhfr.axis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.TimeZone;

import org.hhfr.axis.server.HhfrServer;
import org.hhfr.axis.stream.PojoDispatch;
import org.hhfr.axis.stream.StreamedCallException;
import org.hhfr.contextstore.ResumptionTicketCache;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.contextstore.StreamContext;
import org.hhfr.contextstore.TicketKey;
import org.hhfr.negotiation.HhfrUris;
import org.hhfr.negotiation.NegotiationLimits;
import org.hhfr.negotiation.NegotiationReader;
import org.hhfr.negotiation.Offer;
import org.hhfr.negotiation.client.NegotiationOutcome;
import org.hhfr.negotiation.client.Negotiator;
import org.hhfr.negotiation.soap.MessageBody;
import org.hhfr.negotiation.soap.SoapEnvelopeReader;
import org.hhfr.negotiation.soap.SoapHttpClient;
import org.hhfr.negotiation.soap.SoapLimits;
import org.hhfr.schemas.ComplexType;
import org.hhfr.streamer.DateTime;
import org.hhfr.streamer.Message;
import org.hhfr.streamer.Record;
import org.hhfr.streamer.XmlRepresentation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A value of a built-in type that travels as another reaches a POJO method, and comes back from it, as over SOAP:
 * for each Java type Axis2 2.0 publishes as such a built-in (and xs:dateTime and xs:base64Binary as controls),
 * the same request gives the same response by plain SOAP and by the fast path ({@link PojoDispatch}), taken
 * ({@code inX}) and returned ({@code echoX}). What Axis2 publishes (its ?wsdl):
 *
 * <ul>
 *   <li>java.util.Date, java.sql.Date, XMLGregorianCalendar: xs:date (text); java.sql.Time: xs:time (text), which
 *       Axis2 cannot take over SOAP (a Server fault naming the class) and returns as its date;
 *   <li>java.sql.Timestamp: xs:dateTime, which Axis2 cannot take over SOAP and returns as its date only (not an
 *       xs:dateTime); Calendar: xs:dateTime;
 *   <li>BigInteger: xs:integer (decimal); URI: xs:anyURI (text); char: xs:unsignedShort (int), made of the first
 *       character of the text and written as the character itself; byte[]: xs:base64Binary;
 *   <li>Character, javax.xml.datatype.Duration: xs:anyType, Locale: a bean with an xs:anyType property; none of
 *       them streams. UUID: a bean of its two longs, which streams but Axis2 cannot make over SOAP.
 * </ul>
 *
 * The JVM runs in a zone of its own (+05:30) so that a date's zone shows.
 */
class CarriedPojoValuesTest {
    private static final XmlRepresentation XML = new XmlRepresentation();
    private static final String[] DATES = {"2026-11-28", "2026-11-28+02:00", "2026-11-28-11:00", "1969-12-31Z", ""};
    private static final long[] MILLIS = {1795853730123L, -1000L, 1795906800000L, 1795820399999L};
    private static HhfrServer server;
    private static TimeZone zone;

    @BeforeAll
    static void start() throws IOException {
        zone = TimeZone.getDefault();
        TimeZone.setDefault(TimeZone.getTimeZone("Asia/Kolkata"));
        server = HhfrServer.start(TestServers.loopback().build());
        TestServers.deploy(server, Calendars.class);
        TestServers.deploy(server, CarriedTypes.class);
        TestServers.deploy(server, ZonedCarriedTypes.class).addParameter("TimeZone", "Pacific/Kiritimati");
    }

    @AfterAll
    static void stop() throws IOException {
        try {
            server.close();
        } finally {
            TimeZone.setDefault(zone);
        }
    }

    @Test
    void anXmlGregorianCalendarParameterOfAnXsDateIsTakenByTheFastPathAsOverSoap() throws Exception {
        for (String when : new String[] {"2026-11-28", "2026-11-28+02:00"}) {
            assertSameByBothRoads("Calendars", "day", when);
        }
    }

    @Test
    void anXmlGregorianCalendarReturnedForAnXsDateIsWrittenByTheFastPathAsOverSoap() throws Exception {
        for (String when : new String[] {"2026-11-28", "2026-11-28+02:00"}) {
            assertSameByBothRoads("Calendars", "same", when);
        }
    }

    @Test
    void utilDatesSqlDatesAndXmlCalendarsAreTheSameByBothRoads() throws Exception {
        for (String type : new String[] {"UtilDate", "SqlDate", "XmlCalendar"}) {
            for (String date : DATES) {
                if (type.equals("XmlCalendar") && date.isEmpty()) {
                    assertBothRefuseAsTheClientsFault("CarriedTypes", "in" + type, date);
                    assertBothRefuseAsTheClientsFault("CarriedTypes", "echo" + type, date);
                } else {
                    assertSameByBothRoads("CarriedTypes", "in" + type, date);
                    assertSameByBothRoads("CarriedTypes", "echo" + type, date);
                }
            }
        }
        for (long millis : MILLIS) {
            assertSameByBothRoads("CarriedTypes", "dateAt", millis);
            assertSameByBothRoads("CarriedTypes", "sqlDateAt", millis);
            assertSameByBothRoads("CarriedTypes", "timeAt", millis);
        }
    }

    /** Axis2 writes a returned date in the service's TimeZone parameter, if it has one. */
    @Test
    void aDateIsReturnedInTheServicesTimeZoneByBothRoads() throws Exception {
        for (long millis : MILLIS) {
            assertSameByBothRoads("ZonedCarriedTypes", "dateAt", millis);
            assertSameByBothRoads("ZonedCarriedTypes", "sqlDateAt", millis);
            assertSameByBothRoads("ZonedCarriedTypes", "timeAt", millis);
        }
        for (String date : DATES) {
            assertSameByBothRoads("ZonedCarriedTypes", "echoUtilDate", date);
        }
    }

    @Test
    void calendarsAreTheSameByBothRoads() throws Exception {
        for (String time : new String[] {"2026-11-28T10:15:30.123+02:00", "1969-12-31T23:59:59Z",
                "2026-11-28T10:15:30", "2026-11-28T10:15:30.123456789Z", "2026-11-28T10:15:30.5-03:30"}) {
            assertSameByBothRoads("CarriedTypes", "inCalendar", DateTime.parse(time));
            assertSameByBothRoads("CarriedTypes", "echoCalendar", DateTime.parse(time));
        }
        for (long millis : MILLIS) {
            for (String zone : new String[] {"UTC", "Asia/Kolkata", "America/St_Johns"}) {
                assertSameByBothRoads("CarriedTypes", "calendarAt", millis, zone);
            }
        }
    }

    @Test
    void bigIntegersAreTheSameByBothRoads() throws Exception {
        for (String value : new String[] {"123456789012345678901234567890", "-98765432109876543210", "0", "-1",
                "1E+3"}) {
            assertSameByBothRoads("CarriedTypes", "inBigInteger", new BigDecimal(value));
            assertSameByBothRoads("CarriedTypes", "echoBigInteger", new BigDecimal(value));
        }
        assertBothRefuseAsTheClientsFault("CarriedTypes", "inBigInteger", new BigDecimal("5.0"));
    }

    @Test
    void urisAreTheSameByBothRoads() throws Exception {
        for (String uri : new String[] {"http://example.org/a?b=c#d", "urn:isbn:0451450523", "relative/path%20x",
                ""}) {
            assertSameByBothRoads("CarriedTypes", "inUri", uri);
            assertSameByBothRoads("CarriedTypes", "echoUri", uri);
        }
        assertBothRefuseAsTheClientsFault("CarriedTypes", "inUri", "a b");
    }

    /** Axis2 takes a char as the first character of the number's text and writes it as the character itself. */
    @Test
    void charsAreTheSameByBothRoads() throws Exception {
        for (int code : new int[] {65, 0x20AC, 65535, 0}) {
            assertSameByBothRoads("CarriedTypes", "inChar", code);
            assertSameByBothRoads("CarriedTypes", "echoChar", code);
        }
        assertSameByBothRoads("CarriedTypes", "charOf", (int) '5');
    }

    /** A char that is no digit makes a response the client cannot read over SOAP; the fast path says why. */
    @Test
    void aCharThatIsNoDigitIsTheServicesFault() throws Exception {
        StreamContext session = session("CarriedTypes", "charOf");
        StreamedCallException refused = assertThrows(StreamedCallException.class, () -> fast(session,
                Message.of(session.request()).set(0, (int) 'A').build()));
        assertFalse(refused.senderFault());
        assertTrue(refused.getMessage().contains("'A'"), refused.getMessage());
    }

    @Test
    void byteArraysAreTheSameByBothRoads() throws Exception {
        for (byte[] bytes : new byte[][] {{-1, 0, 127}, {}}) {
            assertSameByBothRoads("CarriedTypes", "inBytes", (Object) bytes);
            assertSameByBothRoads("CarriedTypes", "echoBytes", (Object) bytes);
        }
    }

    @Test
    void arraysOfDatesAndBigIntegersAreTheSameByBothRoads() throws Exception {
        for (String[] dates : new String[][] {{"2026-11-28", "1969-12-31+02:00"}, {"2026-11-28-11:00", null}}) {
            assertSameByBothRoads("CarriedTypes", "inUtilDates", (Object) dates);
            assertSameByBothRoads("CarriedTypes", "echoUtilDates", (Object) dates);
        }
        BigDecimal[] numbers = {new BigDecimal("123456789012345678901234567890"),
            new BigDecimal("-98765432109876543210"), null};
        assertSameByBothRoads("CarriedTypes", "inBigIntegers", (Object) numbers);
        assertSameByBothRoads("CarriedTypes", "echoBigIntegers", (Object) numbers);
    }

    /**
     * A bean of a Date, a BigInteger, a URI and an XMLGregorianCalendar: taken with all four, returned without
     * the XMLGregorianCalendar (which Axis2 fails to write in a bean over SOAP).
     */
    @Test
    void aBeanOfCarriedValuesIsTheSameByBothRoads() throws Exception {
        ComplexType holder = session("CarriedTypes", "inHolder").request().root().complexType().elements().get(0)
                .complexType();
        Record full = Record.builder(holder).set("count", new BigDecimal("-123456789012345678901234567890"))
                .set("day", "2026-11-28+02:00").set("link", "urn:x:y").set("when", "2026-11-28-05:00").build();
        Record some = Record.builder(holder).set("count", new BigDecimal("99999999999999999999"))
                .set("day", "1969-12-31-11:00").set("link", "http://example.org/").build();
        assertSameByBothRoads("CarriedTypes", "inHolder", full);
        assertSameByBothRoads("CarriedTypes", "inHolder", some);
        assertSameByBothRoads("CarriedTypes", "echoHolder", some);
    }

    @Test
    void typesAxis2PublishesAsAnyTypeDoNotStream() throws Exception {
        for (String operation : new String[] {"inCharacter", "echoCharacter", "inLocale", "inDuration"}) {
            NegotiationOutcome outcome = negotiate("CarriedTypes", operation);
            assertFalse(outcome.streaming(), operation);
            assertTrue(outcome.reason().contains("xs:anyType"), outcome::reason);
        }
    }

    private static NegotiationOutcome negotiate(String service, String operation) throws Exception {
        String url = server.serviceUrl("127.0.0.1", service);
        Negotiator negotiator = new Negotiator(new SoapHttpClient(new URL(url), 2_000, 10_000, SoapLimits.defaults()),
                SoapVersion.SOAP_11, new NegotiationReader(NegotiationLimits.defaults()), new ResumptionTicketCache());
        return negotiator.negotiate(TicketKey.of(url, operation, "-"),
                Offer.builder().action("urn:" + operation).transports(List.of(HhfrUris.TRANSPORT_TCP)).build(),
                List.of());
    }

    private static StreamContext session(String service, String operation) throws Exception {
        NegotiationOutcome outcome = negotiate(service, operation);
        assertTrue(outcome.streaming(), () -> operation + ": " + outcome.reason());
        return server.negotiation().admit(outcome.answer().sessionId().text(), outcome.answer().token().text());
    }

    private static Message request(StreamContext session, Object... arguments) {
        Message.Builder request = Message.of(session.request());
        for (int i = 0; i < arguments.length; i++) {
            request.set(i, arguments[i]);
        }
        return request.build();
    }

    private static RawHttp.Response overSoap(String service, StreamContext session, Message request)
            throws IOException {
        String body = XML.encodeToString(request).replaceFirst("^<\\?xml[^>]*\\?>", "");
        return RawHttp.postSoap11(server.port(), "/axis2/services/" + service, session.operation().soapAction(),
                Envelopes.envelope(Envelopes.SOAP11, body));
    }

    private static Message fast(StreamContext session, Message request) throws IOException {
        return new PojoDispatch(server.axisContext()).bind(session).call(session, request, Collections.emptyList());
    }

    private static void assertSameByBothRoads(String service, String operation, Object... arguments)
            throws Exception {
        StreamContext session = session(service, operation);
        Message request = request(session, arguments);
        String shown = operation + " " + Arrays.deepToString(arguments);
        RawHttp.Response response = overSoap(service, session, request);
        assertEquals(200, response.status, () -> shown + ": " + response);
        Message soap = new SoapEnvelopeReader(SoapLimits.defaults()).read(new ByteArrayInputStream(
                response.body.getBytes(StandardCharsets.UTF_8)), MessageBody.reader(XML, session.response())).body();
        assertEquals(soap, fast(session, request), shown);
    }

    private static void assertBothRefuseAsTheClientsFault(String service, String operation, Object... arguments)
            throws Exception {
        StreamContext session = session(service, operation);
        Message request = request(session, arguments);
        String shown = operation + " " + Arrays.deepToString(arguments);
        RawHttp.Response response = overSoap(service, session, request);
        assertEquals(500, response.status, () -> shown + ": " + response);
        assertTrue(response.body.contains(":Client</faultcode>"), () -> shown + ": " + response.body);
        StreamedCallException refused = assertThrows(StreamedCallException.class, () -> fast(session, request),
                shown);
        assertTrue(refused.senderFault(), shown);
        assertFalse(refused.getMessage().contains("\tat "), refused.getMessage());
    }
}
