package dev.uictl.core.envelope;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.schema.Nullable;
import java.util.Map;

/** The `error` member of a failed envelope. */
public record ErrorBody(String code, String message, String hint, @Nullable Map<String, Object> details,
                        @Nullable String delivery) {
    public static ErrorBody of(UictlException e) {
        return new ErrorBody(e.code().name(), e.getMessage(), e.hint(),
                e.details().isEmpty() ? null : e.details(),
                e.delivery() == null ? null : e.delivery().wireName());
    }

    public ErrorCode errorCode() {
        return ErrorCode.valueOf(code);
    }
}
