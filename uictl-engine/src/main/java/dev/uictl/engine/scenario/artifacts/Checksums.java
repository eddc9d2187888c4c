package dev.uictl.engine.scenario.artifacts;

import dev.uictl.core.schema.Describe;
import java.util.Map;

/** {@code checksums.json}: SHA-256 of every other artifact file. */
@Describe("SHA-256 (hex) of every artifact file, by path relative to the directory; excludes itself")
public record Checksums(@Describe("Always 1") int checksumsVersion, @Describe("Always sha256") String algorithm,
                        Map<String, String> files) {
}
