package dev.uictl.engine.scenario.model;

import java.util.List;

/** A parsed scenario (scenario_version 1). {@code policy} is the inline policy JSON or null. */
public record Scenario(String name, String description, RunSpec run, List<Step> steps) {
    public Scenario {
        steps = List.copyOf(steps);
    }

    /**
     * The program to run. {@code policy} is the inline policy object (a JSON tree) or null; {@code policyPath} is a
     * policy file the scenario refers to (resolved against the scenario's directory), or null.
     */
    public record RunSpec(String command, List<String> args, String cwd, int rows, int cols, Object policy,
                          String policyPath) {
        public RunSpec {
            args = List.copyOf(args);
        }

        public List<String> argv() {
            java.util.ArrayList<String> all = new java.util.ArrayList<>();
            all.add(command);
            all.addAll(args);
            return all;
        }
    }
}
