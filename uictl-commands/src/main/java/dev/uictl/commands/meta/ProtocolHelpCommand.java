package dev.uictl.commands.meta;

import dev.uictl.commands.scenario.ScriptedHelp;
import dev.uictl.commands.meta.CommandCatalog.CommandInfo;
import dev.uictl.commands.meta.CommandCatalog.ErrorCodeInfo;
import dev.uictl.commands.meta.CommandCatalog.GlobalOptionInfo;
import dev.uictl.core.envelope.Envelope;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

public final class ProtocolHelpCommand implements Command {

    @Describe("A serve --stdio request and what comes back")
    public record Exchange(String request, String response) {
    }

    @Describe("One JSON document describing uictl's protocols for language models")
    public record ProtocolHelp(String name, String contractVersion, String summary, Map<String, String> envelope,
                               List<String> formats, List<String> deliveryValues, List<ErrorCodeInfo> errorCodes,
                               List<GlobalOptionInfo> globalOptions, List<CommandInfo> commands,
                               List<Exchange> serveStdio, List<String> quickstart,
                               ScriptedHelp.Scripted scripted) {
    }

    static final CommandSpec SPEC = CommandSpec.builder("protocol-help", Category.META)
            .summary("One JSON document describing the contract, commands, errors and serve protocol for LLMs")
            .output(new OutputType("protocol-help", ProtocolHelp.class, "Protocol description for LLMs"))
            .example("protocol-help", "Everything an agent needs to drive uictl, in one document")
            .example("protocol-help --format toon", "The same, token-lean")
            .annotations(ToolAnnotations.readOnly().closedWorld())
            .build();

    private static final Map<String, String> ENVELOPE = envelopeFields();

    private static Map<String, String> envelopeFields() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("success", "authoritative; false means a non-zero exit code");
        m.put("command", "the canonical command name");
        m.put("version", "contract version; a major bump means a breaking change");
        m.put("timestamp", "ISO-8601 UTC time of the reply");
        m.put("data", "the command's output; its JSON Schema is `uictl schema <output>`");
        m.put("error", "{code, message, hint, details, delivery} on failure; hint names a runnable next step");
        m.put("_agent_hints", "optional {summary, next_offset, suggested_action, warnings}; dropped by --terse");
        m.put("id", "only on serve --stdio replies: the request's id echoed");
        return m;
    }

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        CommandRegistry registry = ctx.service(CommandRegistry.class);
        List<CommandInfo> commands = registry.specs().stream().map(s -> CommandCatalog.describe(s, true)).toList();
        return Result.of(new ProtocolHelp("uictl", Envelope.CONTRACT_VERSION,
                "uictl gives agents eyes and hands on a Linux desktop, terminal programs and tmux. Every command "
                        + "prints exactly one envelope on stdout (streams print one per line) and exits with the "
                        + "code tabled for its error.",
                ENVELOPE, List.of("json", "text", "toon", "md"),
                List.of("not_delivered", "delivery_uncertain", "delivered_unverified", "delivered_verified"),
                CommandCatalog.errorTable(registry), CommandCatalog.globalOptions(), commands,
                List.of(new Exchange("{\"id\":1,\"argv\":[\"version\"]}",
                                "{\"id\":1,\"success\":true,\"command\":\"version\",...}"),
                        new Exchange("{\"id\":\"a\",\"command\":\"capabilities\",\"args\":{\"compact\":true}}",
                                "{\"id\":\"a\",\"success\":true,\"command\":\"capabilities\",...}"),
                        new Exchange("not json", "{\"success\":false,\"error\":{\"code\":\"PROTOCOL_ERROR\",...}}")),
                List.of("uictl tools            # what is available here",
                        "uictl capabilities --compact",
                        "uictl schema <output>  # the shape of a command's data",
                        "uictl serve --stdio    # one JSON request per line, one envelope per reply"),
                ScriptedHelp.describe()));
    }
}
