package dev.uictl.commands.meta;

import dev.uictl.commands.scenario.ScenarioSchemas;
import dev.uictl.core.envelope.Envelope;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Category;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandRegistry;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.OutputType;
import dev.uictl.core.registry.ParamSpec;
import dev.uictl.core.registry.ParamType;
import dev.uictl.core.registry.Result;
import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.SchemaGenerator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

public final class SchemaCommand implements Command {
    /** The schema of the envelope itself, listed beside the output types. */
    public static final String ENVELOPE = "envelope";

    @Describe("JSON Schemas (draft 2020-12) by output type name")
    public record SchemaSet(List<String> types, Map<String, Object> schemas) {
    }

    static final CommandSpec SPEC = CommandSpec.builder("schema", Category.META)
            .summary("Print the JSON Schema of an output type, or of all of them")
            .param(ParamSpec.positional("type", ParamType.STRING, "Output type name (see capabilities), "
                    + "'envelope' or 'all'"))
            .output(new OutputType("schema", SchemaSet.class, "JSON Schemas of output types"))
            .example("schema version", "The schema of `uictl version`'s data")
            .example("schema all --pretty", "Every schema, indented")
            .annotations(ToolAnnotations.readOnly().closedWorld())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    /** Every schema this build can emit, by name; the golden files in docs/schemas pin them. */
    public static Map<String, Object> all(CommandRegistry registry) {
        Map<String, Object> schemas = new LinkedHashMap<>();
        schemas.put(ENVELOPE, SchemaGenerator.document(ENVELOPE, "The envelope every command prints",
                Envelope.class));
        for (OutputType t : registry.outputTypes().values()) {
            schemas.put(t.name(), SchemaGenerator.document(t.name(), t.description(), t.type()));
        }
        schemas.putAll(ScenarioSchemas.all()); // input formats: scenario files and policies
        return schemas;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        String type = args.string("type");
        Map<String, Object> all = all(ctx.service(CommandRegistry.class));
        if (type.equals("all")) {
            return Result.of(new SchemaSet(List.copyOf(all.keySet()), all));
        }
        Object schema = all.get(type);
        if (schema == null) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "unknown output type '" + type + "'")
                    .withHint("Run `uictl schema all` or pick one of: " + String.join(", ", all.keySet()))
                    .withDetail("types", List.copyOf(all.keySet()));
        }
        return Result.of(new SchemaSet(List.of(type), Map.of(type, schema)));
    }
}
