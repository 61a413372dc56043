package org.hhfr.negotiation.soap;

import com.google.auto.value.AutoValue;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.schemas.QualifiedName;
import org.jspecify.annotations.Nullable;

/** A SOAP envelope as read: its version, its header blocks in order and its body as the body reader made it. */
@AutoValue
public abstract class SoapMessage<T> {
    /** @param mustUnderstand names of the header blocks marked {@code mustUnderstand} true */
    public static <T> SoapMessage<T> of(SoapVersion version, List<HeaderBlock> headers,
                                        List<QualifiedName> mustUnderstand, @Nullable T body) {
        return new AutoValue_SoapMessage<>(version, Collections.unmodifiableList(new ArrayList<>(headers)),
                Collections.unmodifiableList(new ArrayList<>(mustUnderstand)), body);
    }

    public abstract SoapVersion version();

    public abstract List<HeaderBlock> headers();

    abstract List<QualifiedName> mustUnderstand();

    public abstract @Nullable T body();

    /** The first header block with that name, or {@code null}. */
    public @Nullable HeaderBlock header(QualifiedName name) {
        for (HeaderBlock header : headers()) {
            if (header.name().equals(name)) {
                return header;
            }
        }
        return null;
    }

    /**
     * The first block marked mustUnderstand whose name is not in {@code understood}, or {@code null}: a
     * receiver must answer a MustUnderstand fault naming it instead of processing the message.
     */
    public @Nullable QualifiedName firstNotUnderstood(Collection<QualifiedName> understood) {
        for (QualifiedName name : mustUnderstand()) {
            if (!understood.contains(name)) {
                return name;
            }
        }
        return null;
    }
}
