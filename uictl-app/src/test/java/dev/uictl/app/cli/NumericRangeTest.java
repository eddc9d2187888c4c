package dev.uictl.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uictl.app.ContractAssert;
import dev.uictl.app.UictlRun;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.registry.CommandRegistry;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.ParamSpec;
import dev.uictl.core.registry.ParamType;
import dev.uictl.core.registry.Range;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Every numeric parameter of every registered command refuses values outside its range at the edge. */
class NumericRangeTest {
    private static final CommandRegistry REGISTRY = UictlRun.app().dispatcher().registry();

    static Stream<Arguments> numericParameters() {
        List<Arguments> out = new ArrayList<>();
        for (CommandSpec spec : REGISTRY.specs()) {
            for (ParamSpec p : spec.params()) {
                if (p.type() == ParamType.INTEGER || p.type() == ParamType.NUMBER) {
                    out.add(Arguments.of(spec.name(), p.name()));
                }
            }
        }
        assertThat(out).as("the registry has numeric parameters").hasSizeGreaterThan(20);
        return out.stream();
    }

    /** A command checking a range of its own would contradict help and capabilities, which show the declared one. */
    @Test
    void everyIntegerParameterButAProcessIdDeclaresItsRange() {
        List<String> undeclared = new ArrayList<>();
        for (CommandSpec spec : REGISTRY.specs()) {
            for (ParamSpec p : spec.params()) {
                if (p.type() == ParamType.INTEGER && p.range().equals(Range.DEFAULT_INTEGER) && !p.name().equals("pid")) {
                    undeclared.add(spec.name() + " --" + p.name());
                }
            }
        }
        assertThat(undeclared).isEmpty();
    }

    @ParameterizedTest(name = "{0} --{1}")
    @MethodSource("numericParameters")
    void outOfRangeValuesAreInvalidArgsNamingTheRange(String command, String param) {
        CommandSpec spec = REGISTRY.find(command).orElseThrow().spec();
        ParamSpec target = spec.params().stream().filter(p -> p.name().equals(param)).findFirst().orElseThrow();
        Range range = target.range();
        assertThat(range).isNotNull();
        assertThat(range.max()).as("no parameter accepts the whole long range").isLessThan(Long.MAX_VALUE);
        if (target.defaultValue() != null) {
            assertThat(range.contains(new BigDecimal(target.defaultValue()))).as("default in range").isTrue();
        }
        CliParser parser = new CliParser(REGISTRY);
        parser.parse(line(spec, target, number(range.min())));
        parser.parse(line(spec, target, number(range.max())));
        List<String> bad = new ArrayList<>(List.of(number(range.min() - 1), number(range.max() + 1),
                Long.toString(Long.MAX_VALUE), Long.toString(Long.MIN_VALUE), "99999999999999999999"));
        if (target.type() == ParamType.NUMBER) {
            bad.addAll(List.of("NaN", "Infinity", "-Infinity"));
        }
        for (String value : bad) {
            assertThatThrownBy(() -> parser.parse(line(spec, target, value))).as("%s %s=%s", command, param, value)
                    .isInstanceOfSatisfying(UictlException.class, e -> {
                        assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGS);
                        if (!value.startsWith("9999") && !value.contains("Inf") && !value.equals("NaN")
                                || target.type() == ParamType.NUMBER && !value.equals("NaN")) {
                            assertThat(e.getMessage()).contains(range.text());
                        }
                    });
        }
    }

    /** A line that gives every required parameter a valid value and {@code target} the given one. */
    private static List<String> line(CommandSpec spec, ParamSpec target, String value) {
        List<String> argv = new ArrayList<>(spec.words());
        List<String> positionals = new ArrayList<>();
        for (ParamSpec p : spec.params()) {
            String v = p == target ? value : p.required() ? valid(p) : null;
            if (v == null) {
                continue;
            }
            if (p.positional()) {
                positionals.add(v);
            } else {
                argv.add("--" + p.name() + "=" + v);
            }
        }
        argv.add("--");
        argv.addAll(positionals);
        return argv;
    }

    private static String valid(ParamSpec p) {
        return switch (p.type()) {
            case INTEGER, NUMBER -> number(p.range().min());
            case ENUM -> p.choices().getFirst();
            default -> "x1";
        };
    }

    private static String number(double d) {
        return new BigDecimal(d).stripTrailingZeros().toPlainString();
    }

    static Stream<Arguments> reportedCases() {
        return Stream.of(
                Arguments.of(List.of("list-windows", "--limit", "9223372036854775807"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("list-windows", "--offset", "9223372036854775807"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("list-windows", "--limit", "-1"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("mouse", "move", "99999", "5"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("move-window", "@w1", "--", "-9999999", "0"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("resize-window", "@w1", "0", "100"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("resize-window", "@w1", "100000", "100"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("screenshot", "--scale", "1e308"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("term", "wait", "t1", "--timeout", "9223372036854775807", "--exit"),
                        ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("term", "wait", "t1", "--cursor", "99999999999"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("daemon", "run", "--idle-timeout", "9223372036854775807"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("daemon", "stop", "--timeout", "-1"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("term", "open", "--"), ErrorCode.MISSING_REQUIRED),
                Arguments.of(List.of("term", "open"), ErrorCode.MISSING_REQUIRED));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("reportedCases")
    void theReportedInputsGetTheirCodeOnEverySurface(List<String> argv, ErrorCode expected) {
        JsonNode cli = ContractAssert.envelope(UictlRun.run(argv.toArray(String[]::new)));
        assertThat(cli.get("error").get("code").asString()).as(cli.toString()).isEqualTo(expected.name());
        String items = argv.stream().map(a -> "\"" + a + "\"").reduce((a, b) -> a + "," + b).orElseThrow();
        JsonNode batch = ContractAssert.envelope(UictlRun.run("batch", "[[" + items + "]]"));
        assertThat(batch.get("error").get("code").asString()).as(batch.toString()).isEqualTo(expected.name());
        JsonNode served = dev.uictl.core.json.Json.parse(UictlRun.run(java.util.Map.of(),
                "{\"id\":1,\"argv\":[" + items + "]}\n", "serve", "--stdio").stdout().lines().findFirst().orElseThrow());
        assertThat(served.get("error").get("code").asString()).as(served.toString()).isEqualTo(expected.name());
    }

    @Test
    void rangesAreShownInHelpAndCapabilities() {
        assertThat(UictlRun.run("help", "list-windows").stdout()).contains("[0..100000]");
        JsonNode caps = ContractAssert.envelope(UictlRun.run("capabilities", "--command", "mouse move")).get("data");
        assertThat(caps.toString()).contains("\"range\":\"-32768..32767\"");
    }
}
