package org.hhfr.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Function;

import org.hhfr.client.CallTimeoutException;
import org.hhfr.client.HhfrException;
import org.hhfr.client.ServiceFaultException;
import org.hhfr.schemas.DataStructure;
import org.hhfr.streamer.Message;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code hhfr call}: one session against a running service with the client library, as an app would run
 * it, and what it cost: the mode it ended in, the answer, the time and the bytes on the client's sockets.
 */
@Command(name = "call",
        mixinStandardHelpOptions = true,
        description = {
            "Call an operation once or N times in one session with the HHFR client library.",
            "Reports the mode the session ended in, the result, the time (the session's, and",
            "each message's median and p90 latency) and the bytes. The N messages are",
            "pipelined: sent without waiting while fewer than the stream's agreed window (5",
            "over SOAP) await their answers; --sequential sends each after the answer to the",
            "one before. The request is built from the operation's request structure in the",
            "service's WSDL: every value goes into a repeated element (FloatSum.sum,",
            "StringConcat.concat), or one value per element (PointsOfInterest.list), in its",
            "XML Schema lexical form (dateTime 2024-02-29T12:00:00Z, base64Binary as base64).",
            "A request with structures or attributes is given whole as XML (--request,",
            "--request-file). Unless --mode is soap, the session negotiates a stream when it",
            "opens. Time: from opening the session to the last answer. Bytes: everything the",
            "client's sockets wrote and read from opening to closing (HTTP and stream frames,",
            "from the JDK's socket events; UDP payloads from a counting datagram socket),",
            "without the WSDL fetch."},
        exitCodeListHeading = "Exit codes:%n",
        exitCodeList = {"0:answered", "1:the service answered with a fault",
            "2:wrong arguments, or the service could not be reached or used"})
final class CallCommand implements Callable<Integer> {
    static final int SERVICE_FAULT = 1;
    static final int UNUSABLE = 2;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--url", required = true, paramLabel = "URL",
            description = "the server (http://host:port) or the service URL (.../axis2/services/Service)")
    private String url;

    @Option(names = "--op", required = true, paramLabel = "SERVICE.OPERATION",
            description = "e.g. FloatSum.sum, StringConcat.concat, PointsOfInterest.list")
    private String op;

    @Option(names = "--values", paramLabel = "V1,V2,...", split = ",",
            description = "request values, comma-separated")
    private List<String> values = new ArrayList<>();

    @Option(names = "--value", paramLabel = "V",
            description = "one request value taken as it is (commas, empty strings); repeatable, after --values")
    private List<String> literalValues = new ArrayList<>();

    @Option(names = "--request", paramLabel = "XML",
            description = "the request element as XML, as it appears in the SOAP Body (structures, attributes,"
                    + " nil); instead of --values and --value")
    private String requestXml;

    @Option(names = "--request-file", paramLabel = "FILE",
            description = "as --request, the XML read from FILE")
    private Path requestFile;

    @Option(names = "--mode", paramLabel = "MODE", defaultValue = "auto",
            description = "auto (tcp, then udp, then soap), soap, tcp or udp; a refused stream falls back to "
                    + "soap and the output says so (default: ${DEFAULT-VALUE})")
    private String mode;

    @Option(names = "--messages", paramLabel = "N", defaultValue = "1",
            description = "how many times to send the request in the session (default: ${DEFAULT-VALUE})")
    private int messages;

    @Option(names = "--sequential",
            description = "send each message only after the answer to the one before (default: pipelined)")
    private boolean sequential;

    @Option(names = "--timeout", paramLabel = "MS", defaultValue = "20000",
            description = "each call's deadline in milliseconds (default: ${DEFAULT-VALUE})")
    private long timeoutMillis;

    @Option(names = "--json", description = "print one JSON object instead of a sentence")
    private boolean json;

    @Mixin
    private TrustOptions trust;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        SessionReport report;
        try {
            ServiceAddress address = ServiceAddress.of(url, op);
            CallMode requested = CallMode.parse(mode);
            report = SessionRunner.run(address, requested, requestSource(),
                    new SessionRunner.CallPlan(messages, !sequential, timeoutMillis),
                    trust.context());
        } catch (IllegalArgumentException e) {
            return fail(err, UNUSABLE, e.getMessage());
        } catch (ServiceFaultException e) {
            return fail(err, SERVICE_FAULT, "the service answered with a fault: " + e.code().localName() + ": "
                    + e.reason());
        } catch (CallTimeoutException e) {
            return fail(err, UNUSABLE, "no answer within the call's deadline of " + e.timeoutMillis() + " ms: "
                    + e.getMessage());
        } catch (HhfrException e) {
            return fail(err, UNUSABLE, e.getMessage() + trust.hintFor(e));
        } catch (IOException e) {
            return fail(err, UNUSABLE, "cannot count the bytes: " + e.getMessage());
        }
        if (json) {
            out.println(JsonOutput.line(report.json()));
        } else {
            out.println(report.summary());
            if (report.requestedMode.wantsStream() && "soap".equals(report.mode)) {
                out.println("note: the session used plain SOAP: " + (report.fallbackReason != null
                        ? report.fallbackReason : "no stream was granted or reachable"));
            }
        }
        out.flush();
        return 0;
    }

    /** How the request is built: from the XML of {@code --request} or {@code --request-file}, else the values. */
    private Function<DataStructure, Message> requestSource() {
        if (requestXml == null && requestFile == null) {
            List<String> texts = new ArrayList<>(values);
            texts.addAll(literalValues);
            return structure -> RequestValues.message(structure, texts);
        }
        if (!values.isEmpty() || !literalValues.isEmpty() || requestXml != null && requestFile != null) {
            throw new IllegalArgumentException("--request and --request-file give the whole request; give one,"
                    + " without --values or --value");
        }
        byte[] xml;
        if (requestFile != null) {
            try {
                xml = Files.readAllBytes(requestFile);
            } catch (NoSuchFileException e) {
                throw new IllegalArgumentException(requestFile + ": no such file");
            } catch (IOException e) {
                throw new IllegalArgumentException(requestFile + ": cannot read: " + e.getMessage());
            }
        } else {
            xml = requestXml.getBytes(StandardCharsets.UTF_8);
        }
        return structure -> RequestValues.fromXml(structure, xml);
    }

    private static int fail(PrintWriter err, int code, String message) {
        err.println("error: " + message);
        err.flush();
        return code;
    }
}
