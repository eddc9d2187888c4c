package dev.uictl.engine.desktop.clipboard;

import dev.uictl.core.call.CallContext;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.engine.desktop.spi.Selections;
import dev.uictl.engine.desktop.service.DesktopErrors;
import dev.uictl.engine.desktop.connection.DisplayConnections;
import dev.uictl.engine.desktop.connection.PerConnection;
import dev.uictl.x11.wire.X11Exception;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * Reads, sets and clears the X selections. Setting makes this process the selection owner through a hidden
 * window that answers other clients' requests for as long as the process runs — in the daemon, until it stops.
 * One agent (a window on the display's shared connection) per display.
 */
public final class ClipboardService implements Selections {
    private final PerConnection<SelectionAgent> agents;

    public ClipboardService(DisplayConnections connections) {
        this.agents = new PerConnection<>(connections, (display, x) -> new SelectionAgent(x), SelectionAgent::close);
    }

    /** Text the daemon serves would vanish with it, so an owned selection keeps it alive. */
    @Override
    public Optional<String> liveState() {
        return agents.all().anyMatch(SelectionAgent::ownsAny) ? Optional.of("a clipboard selection it serves")
                : Optional.empty();
    }

    /** What {@code selection} holds, asking its owner for text; the wait ends early when the call is cancelled. */
    @Override
    public Content get(CallContext call, Selection selection, Duration timeout) {
        return withAgent(call.env(), agent -> {
            int owner = agent.owner(selection);
            if (owner == 0) {
                return new Content(selection, "", 0, null, false);
            }
            String ours = owner == agent.window() ? agent.ownedText(selection) : null;
            if (ours != null) {
                return new Content(selection, ours, owner, "UTF8_STRING", true);
            }
            SelectionAgent.Received received;
            try {
                received = agent.convert(selection, timeout, call.cancellation());
            } catch (TimeoutException e) {
                throw UictlException.of(ErrorCode.TIMEOUT, "the owner of " + selection.atomName()
                        + " (window 0x" + Integer.toHexString(owner) + ") did not answer within "
                        + timeout.toMillis() + " ms").withHint("Retry with a longer --timeout, or check the owning "
                        + "application with `uictl list-windows`.").withDetail("kind", "clipboard")
                        .withDetail("timeout_ms", timeout.toMillis())
                        .withDetail("owner", "0x" + Integer.toHexString(owner));
            }
            if (received == null) {
                throw UictlException.of(ErrorCode.ACTION_FAILED, "the owner of " + selection.atomName()
                        + " offers no text (it may hold an image or files)")
                        .withHint("Copy text in the application, then run `uictl clipboard get` again.")
                        .withDetail("owner", "0x" + Integer.toHexString(owner));
            }
            return new Content(selection, received.text(), owner, received.target(), false);
        });
    }

    @Override
    public int set(Map<String, String> env, Selection selection, String text, Duration timeout) {
        return withAgent(env, agent -> {
            if (!agent.own(selection, text, timeout)) {
                throw UictlException.of(ErrorCode.ACTION_FAILED, "the X server did not give " + selection.atomName()
                        + " to uictl (another client took it at the same moment)")
                        .withHint("Run `uictl clipboard set` again.");
            }
            return agent.window();
        });
    }

    @Override
    public int clear(Map<String, String> env, Selection selection, Duration timeout) {
        return withAgent(env, agent -> agent.clear(selection, timeout));
    }

    private <T> T withAgent(Map<String, String> env, Function<SelectionAgent, T> action) {
        String display = env.get("DISPLAY");
        if (display == null || display.isBlank()) {
            throw DesktopErrors.noDisplay();
        }
        try {
            return action.apply(agents.get(display, env));
        } catch (X11Exception e) {
            if (!(e instanceof X11Exception.Protocol)) {
                agents.forget(display);
            }
            throw DesktopErrors.map(e, display);
        }
    }

    @Override
    public void close() {
        agents.close();
    }
}
