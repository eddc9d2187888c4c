package dev.uictl.core.call;

import java.nio.file.Path;
import java.util.Map;

/** A caller's context with a tighter deadline (a command's --timeout); everything else is the caller's. */
public record BoundedCall(CallContext inner, Deadline bound) implements CallContext {
    public static CallContext of(CallContext ctx, long timeoutMs) {
        return new BoundedCall(ctx, ctx.deadline().min(Deadline.afterMillis(timeoutMs)));
    }

    @Override
    public Path cwd() {
        return inner.cwd();
    }

    @Override
    public Map<String, String> env() {
        return inner.env();
    }

    @Override
    public String session() {
        return inner.session();
    }

    @Override
    public Deadline deadline() {
        return bound;
    }

    @Override
    public Cancellation cancellation() {
        return inner.cancellation();
    }

    @Override
    public void onDisconnect(Runnable cleanup) {
        inner.onDisconnect(cleanup);
    }

    /** The innermost context (what window lookups that still need a command context unwrap). */
    public static CallContext unwrap(CallContext ctx) {
        return ctx instanceof BoundedCall b ? unwrap(b.inner()) : ctx;
    }
}
