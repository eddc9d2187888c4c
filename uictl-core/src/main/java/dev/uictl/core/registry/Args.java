package dev.uictl.core.registry;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import java.util.List;
import java.util.Map;

/**
 * Parsed parameter values by name, already converted to the declared {@link ParamType}: String, Long, Double,
 * Boolean or List&lt;String&gt;. Absent optional parameters are missing unless they have a default.
 */
public record Args(Map<String, Object> values) {
    public Args {
        values = Map.copyOf(values);
    }

    public boolean has(String name) {
        return values.containsKey(name);
    }

    public String string(String name) {
        Object v = require(name);
        return v.toString();
    }

    public String stringOr(String name, String fallback) {
        Object v = values.get(name);
        return v == null ? fallback : v.toString();
    }

    public long integer(String name) {
        return ((Number) require(name)).longValue();
    }

    public Long integerOrNull(String name) {
        Object v = values.get(name);
        return v == null ? null : ((Number) v).longValue();
    }

    public long integerOr(String name, long fallback) {
        Object v = values.get(name);
        return v == null ? fallback : ((Number) v).longValue();
    }

    public Double numberOrNull(String name) {
        Object v = values.get(name);
        return v == null ? null : ((Number) v).doubleValue();
    }

    public boolean flag(String name) {
        return Boolean.TRUE.equals(values.get(name));
    }

    @SuppressWarnings("unchecked")
    public List<String> list(String name) {
        Object v = values.get(name);
        return v == null ? List.of() : (List<String>) v;
    }

    private Object require(String name) {
        Object v = values.get(name);
        if (v == null) {
            throw UictlException.of(ErrorCode.MISSING_REQUIRED, "missing required parameter '" + name + "'");
        }
        return v;
    }
}
