package dev.uictl.app.daemon;

import dev.uictl.core.error.Delivery;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A client of another installation of uictl (a second checkout, a system-wide install beside a development build)
 * reaches the one daemon of its user and display. An idle daemon gives way to it (see
 * {@link DaemonServer#meetBuild}); one that holds what a restart would end answers with {@link #keeping}.
 */
final class OtherInstallation {
    private OtherInstallation() {
    }

    /** Whether {@code clientHome} names another installation than {@code home} (the same one through a link is not). */
    static boolean differs(String clientHome, Path home) {
        if (clientHome == null) {
            return false;
        }
        Path client = Path.of(clientHome);
        try {
            return !Files.isSameFile(client, home);
        } catch (IOException e) {
            return !client.equals(home);
        }
    }

    /**
     * The refusal: whose daemon this is (its installation and build), what a restart would end, and the command of
     * the caller's installation that ends it and starts its own daemon.
     *
     * @param holds what would end, in words ("2 terminal sessions"); not empty
     */
    static UictlException keeping(long pid, Path daemonHome, String daemonBuild, String clientHome,
                                  String clientBuild, List<String> holds) {
        String ends = holds.size() == 1 ? holds.getFirst()
                : String.join(", ", holds.subList(0, holds.size() - 1)) + " and " + holds.getLast();
        String client = Path.of(clientHome, "bin", "uictl").toString();
        return UictlException.of(ErrorCode.PROTOCOL_VERSION_MISMATCH, "the daemon of this user and display (pid "
                        + pid + ") belongs to another installation of uictl, " + daemonHome + " (build " + daemonBuild
                        + "), and holds " + ends + " that a restart would end, so this installation, " + clientHome
                        + " (build " + clientBuild + "), did not replace it")
                .withHint("Run `" + client + " daemon restart` to end them and start this installation's daemon, "
                        + "once they can go; until then use `" + daemonHome.resolve("bin/uictl") + "`.")
                .withDetail("kind", "other_installation").withDetail("pid", pid)
                .withDetail("daemon_home", daemonHome.toString()).withDetail("daemon_build", daemonBuild)
                .withDetail("client_home", clientHome).withDetail("holds", holds)
                .withDelivery(Delivery.NOT_DELIVERED);
    }
}
