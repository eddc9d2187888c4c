package dev.uictl.engine.system;

import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;

@Describe("One backend or external tool and whether it can be used now")
public record ToolStatus(
        String name,
        @Describe("backend (a live service uictl talks to), program (an executable uictl runs) or library (a "
                + "shared library uictl loads)") String kind,
        boolean available,
        @Nullable String version,
        @Nullable String path,
        @Nullable String detail,
        @Describe("a runnable step that makes it available") @Nullable String fix) {
}
