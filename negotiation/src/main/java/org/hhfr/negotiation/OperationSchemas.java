package org.hhfr.negotiation;

import com.google.auto.value.AutoValue;

/** The request and response schemas of the one operation a stream carries. */
@AutoValue
public abstract class OperationSchemas {
    public static OperationSchemas of(MessageSchema request, MessageSchema response) {
        return new AutoValue_OperationSchemas(request, response);
    }

    public abstract MessageSchema request();

    public abstract MessageSchema response();

    @Override
    public final String toString() {
        return "request " + request() + ", response " + response();
    }
}
