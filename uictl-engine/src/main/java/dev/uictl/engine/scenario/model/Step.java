package dev.uictl.engine.scenario.model;

import java.util.List;

/**
 * One scenario step. {@code retries} re-observations of the screen are allowed (within {@code timeoutMs}) before
 * failing assertions fail the step; input is sent once.
 */
public record Step(String id, String name, Action action, List<Assertion> assertions, long timeoutMs, int retries,
                   Object actionJson, List<Object> assertionJson) {
    public Step {
        assertions = List.copyOf(assertions);
        assertionJson = List.copyOf(assertionJson);
    }
}
