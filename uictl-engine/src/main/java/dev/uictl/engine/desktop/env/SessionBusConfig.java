package dev.uictl.engine.desktop.env;

import dev.uictl.protocol.Identity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A private D-Bus session bus whose only activatable service is the accessibility bus launcher: no portals, no
 * FUSE mounts, nothing that outlives the desktop. Only its owner may connect: the socket lies in the desktop's
 * 0700 directory, authentication is EXTERNAL (the kernel's peer credentials) and the policy admits one uid.
 */
final class SessionBusConfig {
    static final Path A11Y_SERVICE = Path.of("/usr/share/dbus-1/services/org.a11y.Bus.service");

    private SessionBusConfig() {
    }

    /** Writes {@code bus.conf} and {@code services/} into {@code dir}; returns the config file. */
    static Path write(Path dir) throws IOException {
        Path services = Files.createDirectories(dir.resolve("services"));
        Files.copy(A11Y_SERVICE, services.resolve(A11Y_SERVICE.getFileName()));
        Path conf = dir.resolve("bus.conf");
        Files.writeString(conf, """
                <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
                 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
                <busconfig>
                  <type>session</type>
                  <listen>unix:dir=%s</listen>
                  <auth>EXTERNAL</auth>
                  <servicedir>%s</servicedir>
                  <policy context="default">
                    <allow user="%s"/>
                    <allow send_destination="*" eavesdrop="true"/>
                    <allow eavesdrop="true"/>
                    <allow own="*"/>
                  </policy>
                </busconfig>
                """.formatted(xml(dir.toString()), xml(services.toString()), Identity.uid()));
        return conf;
    }

    private static String xml(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
