package dev.uictl.core.error;

/** Whether input may have reached the target, so an agent knows if a retry is safe (SPEC §2.1). */
public enum Delivery {
    NOT_DELIVERED, DELIVERY_UNCERTAIN, DELIVERED_UNVERIFIED, DELIVERED_VERIFIED;

    public String wireName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
