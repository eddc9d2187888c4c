package dev.uictl.atspi.bus;

import java.util.Locale;

/**
 * The toolkit an application's bridge names ({@code org.a11y.atspi.Application} ToolkitName and Version: "gtk" 3.24,
 * "Qt" 5.15, "J2SE-access-bridge", "Chromium", "Gecko", GTK 4's "GTK" 4.8…) and what has been measured about it. Only
 * measured toolkits are trusted with shortcuts; any other is read the slow, live way.
 */
public record Toolkit(String name, String version) {
    public static final Toolkit UNKNOWN = new Toolkit("", "");

    /**
     * Whether {@code Cache.GetItems} says what live reads say: GTK 3 and Qt (walks equal pyatspi's,
     * WalkDifferentialTest). GTK 4's cache gives its application root no children; Firefox's gives page content
     * states it no longer has (a form on screen read as not showing).
     */
    public boolean cacheAgreesWithLiveReads() {
        return gtk3() || name.equalsIgnoreCase("qt");
    }

    /**
     * Whether the application's events cover every change a walk reads, so a walk may be reused until the next one:
     * GTK 3 (SnapshotReuseTest). Java Swing's bridge changes a combo box's name without an event.
     */
    public boolean eventsCoverChanges() {
        return gtk3();
    }

    private boolean gtk3() {
        return name.toLowerCase(Locale.ROOT).equals("gtk") && version.startsWith("3.");
    }
}
