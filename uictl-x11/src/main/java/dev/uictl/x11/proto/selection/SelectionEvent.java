package dev.uictl.x11.proto.selection;

import dev.uictl.x11.proto.core.SendEvent;
import dev.uictl.x11.wire.X11Event;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Optional;

/** The three events of the selection protocol, decoded from the connection's raw events. */
public sealed interface SelectionEvent {
    int SELECTION_CLEAR = 29;
    int SELECTION_REQUEST = 30;
    int SELECTION_NOTIFY = 31;

    /** Another client took {@code selection} from {@code owner}. */
    record Clear(int time, int owner, int selection) implements SelectionEvent {
    }

    /** {@code requestor} asks the owner to store {@code selection} as {@code target} in {@code property}. */
    record Request(int time, int owner, int requestor, int selection, int target, int property)
            implements SelectionEvent {
        /** An obsolete client names no property; ICCCM says to use the target atom then. */
        public int effectiveProperty() {
            return property != 0 ? property : target;
        }
    }

    /** The conversion is done: the data is in {@code property} of {@code requestor}, or {@code property} is 0 (refused). */
    record Notify(int time, int requestor, int selection, int target, int property) implements SelectionEvent {
        public boolean refused() {
            return property == 0;
        }

        /** The event an owner sends back to the requestor (SendEvent with an empty mask). */
        public SendEvent sendTo() {
            ByteBuffer b = ByteBuffer.allocate(32).order(ByteOrder.LITTLE_ENDIAN);
            b.put((byte) SELECTION_NOTIFY).put((byte) 0).putShort((short) 0).putInt(time).putInt(requestor)
                    .putInt(selection).putInt(target).putInt(property);
            return new SendEvent(false, requestor, 0, b.array());
        }
    }

    /** The selection event in {@code event}, if it is one. */
    static Optional<SelectionEvent> from(X11Event event) {
        if (!(event instanceof X11Event.Raw raw)) {
            return Optional.empty();
        }
        ByteBuffer p = raw.buffer();
        return switch (raw.code()) {
            case SELECTION_CLEAR -> Optional.of(new Clear(p.getInt(4), p.getInt(8), p.getInt(12)));
            case SELECTION_REQUEST -> Optional.of(new Request(p.getInt(4), p.getInt(8), p.getInt(12), p.getInt(16),
                    p.getInt(20), p.getInt(24)));
            case SELECTION_NOTIFY -> Optional.of(new Notify(p.getInt(4), p.getInt(8), p.getInt(12), p.getInt(16),
                    p.getInt(20)));
            default -> Optional.empty();
        };
    }
}
