package dev.uictl.engine.desktop.element;

/** Which mechanisms an action chain may use: semantic first then physical, semantic only, or physical only. */
public enum ChainMode {
    AUTO, SEMANTIC_ONLY, PHYSICAL;

    boolean allows(Mechanism m) {
        return switch (this) {
            case AUTO -> true;
            case SEMANTIC_ONLY -> m == Mechanism.SEMANTIC;
            case PHYSICAL -> m == Mechanism.PHYSICAL;
        };
    }
}
