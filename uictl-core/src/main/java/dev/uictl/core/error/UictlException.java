package dev.uictl.core.error;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** The one exception commands and services raise; the dispatcher turns it into the error envelope. */
public final class UictlException extends RuntimeException {
    private final ErrorCode code;
    private final String hint;
    private final Map<String, Object> details;
    private final Delivery delivery;

    private UictlException(ErrorCode code, String message, String hint, Map<String, Object> details,
                           Delivery delivery, Throwable cause) {
        super(message, cause);
        this.code = code;
        this.hint = hint;
        this.details = details;
        this.delivery = delivery;
    }

    public static UictlException of(ErrorCode code, String message) {
        return new UictlException(code, message, code.defaultHint(), Map.of(), null, null);
    }

    public UictlException withHint(String newHint) {
        return new UictlException(code, getMessage(), newHint, details, delivery, getCause());
    }

    public UictlException withDetail(String key, Object value) {
        Map<String, Object> copy = new LinkedHashMap<>(details);
        copy.put(key, value);
        return new UictlException(code, getMessage(), hint, copy, delivery, getCause());
    }

    public UictlException withDelivery(Delivery newDelivery) {
        return new UictlException(code, getMessage(), hint, details, newDelivery, getCause());
    }

    public UictlException withCause(Throwable cause) {
        return new UictlException(code, getMessage(), hint, details, delivery, cause);
    }

    public ErrorCode code() {
        return code;
    }

    public String hint() {
        return hint;
    }

    public Map<String, Object> details() {
        return Collections.unmodifiableMap(details);
    }

    /** Null when delivery does not apply (the command sends no input). */
    public Delivery delivery() {
        return delivery;
    }
}
