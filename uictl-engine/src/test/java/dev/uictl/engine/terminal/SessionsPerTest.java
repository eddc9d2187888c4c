package dev.uictl.engine.terminal;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/** Sessions for one test ({@code @RegisterExtension} on an instance field): all closed after it. */
final class SessionsPerTest implements AfterEachCallback {
    final TerminalSessions sessions = new TerminalSessions();

    @Override
    public void afterEach(ExtensionContext context) {
        sessions.close();
    }
}
