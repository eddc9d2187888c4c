package dev.uictl.commands.meta;

import dev.uictl.core.json.Json;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Category;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandRegistry;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.OutputType;
import dev.uictl.core.registry.Result;
import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.core.schema.Describe;
import java.util.List;
import java.util.Map;

/** `uictl openapi`: the HTTP envelope API's OpenAPI 3.1 document ({@link OpenApi}), as docs/openapi.json holds it. */
public final class OpenApiCommand implements Command {

    @Describe("An OpenAPI 3.1 document: POST /v1/call with one variant per command, the envelope as the answer")
    public record OpenApiDocument(String openapi, Map<String, Object> info, Map<String, Object> paths,
                                  Map<String, Object> components, List<Map<String, Object>> security) {
    }

    static final CommandSpec SPEC = CommandSpec.builder("openapi", Category.META)
            .summary("Print the OpenAPI 3.1 document of the HTTP envelope API, generated from the registry")
            .description("One operation, POST /v1/call, whose request body is one command's call "
                    + "({\"command\": NAME, \"args\": {...}}, a oneOf discriminated by command with each command's "
                    + "input schema) and whose answer is the command's envelope. docs/openapi.json is this document.")
            .output(new OutputType("openapi", OpenApiDocument.class, "The OpenAPI document of the HTTP API"))
            .example("openapi", "The document, in the envelope's data")
            .example("openapi --pretty", "Indented")
            .annotations(ToolAnnotations.readOnly().closedWorld())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        return Result.of(Json.mapper().convertValue(OpenApi.document(ctx.service(CommandRegistry.class)),
                OpenApiDocument.class));
    }
}
