package org.hhfr.schemas;

import java.util.Objects;

import org.jspecify.annotations.Nullable;

/**
 * One operation's messages against a {@link Schema}: the request and response elements a service
 * description names, their {@link DataStructure}s when HHFR can represent both, and otherwise why not (the
 * element, and its refusal: type, construct, line:column). A response that may carry a type derived from one its
 * structure declares ({@link Schema#derivable}) is refused too, since the service may write one; a request is
 * not, since the client writes only what the structure declares. Only a request-response operation whose two
 * structures derive can stream; every other one stays on plain SOAP. Immutable.
 */
public final class OperationStructures {
    private final String operation;
    private final @Nullable QualifiedName requestElement;
    private final @Nullable QualifiedName responseElement;
    private final @Nullable DataStructure request;
    private final @Nullable DataStructure response;
    private final @Nullable String refusal;

    private OperationStructures(String operation, @Nullable QualifiedName requestElement,
                                @Nullable QualifiedName responseElement, @Nullable DataStructure request,
                                @Nullable DataStructure response, @Nullable String refusal) {
        this.operation = operation;
        this.requestElement = requestElement;
        this.responseElement = responseElement;
        this.request = request;
        this.response = response;
        this.refusal = refusal;
    }

    /**
     * The structures of {@code operation}'s messages in {@code schema}.
     *
     * @param responseElement {@code null} for a one-way operation
     */
    public static OperationStructures of(String operation, Schema schema, QualifiedName requestElement,
                                         @Nullable QualifiedName responseElement) {
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(requestElement, "requestElement");
        String requestRefusal = refusal(schema, requestElement, "request");
        String responseRefusal = responseElement == null ? null : refusal(schema, responseElement, "response");
        SchemaRefusal derivable = responseElement == null || responseRefusal != null ? null
                : schema.derivable(responseElement);
        if (derivable != null) {
            responseRefusal = "the response element " + responseElement + ": " + derivable;
        }
        if (requestRefusal != null || responseRefusal != null) {
            String both = requestRefusal != null && responseRefusal != null ? requestRefusal + "; " + responseRefusal
                    : requestRefusal != null ? requestRefusal : responseRefusal;
            return new OperationStructures(operation, requestElement, responseElement, null, null, both);
        }
        return new OperationStructures(operation, requestElement, responseElement,
                schema.dataStructure(requestElement),
                responseElement == null ? null : schema.dataStructure(responseElement), null);
    }

    /**
     * An operation whose description names no request element (an RPC-style or otherwise not
     * document/literal operation): it has no structures, for {@code reason}.
     */
    public static OperationStructures withoutElements(String operation, String reason) {
        return new OperationStructures(Objects.requireNonNull(operation, "operation"), null, null, null, null,
                Objects.requireNonNull(reason, "reason"));
    }

    /**
     * This operation refused for {@code reason} instead (a refusal with more said of it), its request and response
     * elements kept.
     */
    public OperationStructures refusedFor(String reason) {
        return new OperationStructures(operation, requestElement, responseElement, null, null,
                Objects.requireNonNull(reason, "reason"));
    }

    private static @Nullable String refusal(Schema schema, QualifiedName element, String message) {
        if (schema.elements().containsKey(element)) {
            return null;
        }
        SchemaRefusal refusal = schema.refusal(element);
        return "the " + message + " element " + element + (refusal != null ? ": " + refusal
                : " is not declared in the schema" + schema.unreadImport(element.namespace()));
    }

    /** The operation's name, as the service description gives it. */
    public String operation() {
        return operation;
    }

    /** The request element; {@code null} when the description names none. */
    public @Nullable QualifiedName requestElement() {
        return requestElement;
    }

    /** The response element; {@code null} for a one-way operation, or when the description names none. */
    public @Nullable QualifiedName responseElement() {
        return responseElement;
    }

    /** Whether the description names a request element and no response element. */
    public boolean isOneWay() {
        return requestElement != null && responseElement == null;
    }

    /** Whether both messages (the request alone, for a one-way operation) have structures. */
    public boolean isDerived() {
        return refusal == null;
    }

    /** Whether the operation can stream: request-response, and both structures derived. */
    public boolean isStreamable() {
        return isDerived() && !isOneWay();
    }

    /**
     * Why the operation cannot stream ({@code "the request element {urn:b}book: 12:9: type {urn:b}Booking:
     * element 'when' has the built-in type xs:date, which is not supported"}); {@code null} if it can.
     */
    public @Nullable String reason() {
        if (refusal != null) {
            return refusal;
        }
        return isOneWay() ? "one-way: only request-response operations stream" : null;
    }

    /** The request structure; {@code null} unless {@link #isDerived()}. */
    public @Nullable DataStructure request() {
        return request;
    }

    /** The response structure; {@code null} for a one-way operation or unless {@link #isDerived()}. */
    public @Nullable DataStructure response() {
        return response;
    }

    @Override
    public String toString() {
        return operation + (isStreamable() ? " (streamable)" : " (not streamable: " + reason() + ")");
    }
}
