package org.hhfr.negotiation;

import org.hhfr.transports.reliability.DeliveryAssurance;


/** The WS-RM Policy names of the delivery assurances, as the negotiation vocabulary spells them. */
final class DeliveryAssuranceNames {
    private DeliveryAssuranceNames() {
    }

    static String wireName(DeliveryAssurance assurance) {
        switch (assurance) {
            case EXACTLY_ONCE:
                return "ExactlyOnce";
            case AT_MOST_ONCE:
                return "AtMostOnce";
            default:
                throw new IllegalArgumentException("no wire name for " + assurance);
        }
    }

    /** The assurance named {@code name}, or {@code null}. */
    static DeliveryAssurance forWireName(String name) {
        for (DeliveryAssurance assurance : DeliveryAssurance.values()) {
            if (wireName(assurance).equals(name)) {
                return assurance;
            }
        }
        return null;
    }
}
