package dev.uictl.commands.mcp;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Category;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.OutputType;
import dev.uictl.core.registry.ParamSpec;
import dev.uictl.core.registry.Result;
import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.core.schema.Describe;
import java.nio.file.Path;

/** `uictl mcp token`: the bearer token `mcp --http` requires, created on first use; `--rotate` replaces it. */
public final class McpTokenCommand implements Command {

    @Describe("The bearer token of `uictl mcp --http`")
    public record TokenInfo(@Describe("send as `Authorization: Bearer TOKEN`") String token,
                            @Describe("the file holding it (mode 0600, directory 0700)") String path,
                            @Describe("true when this call made a new one") boolean rotated) {
    }

    static final CommandSpec SPEC = CommandSpec.builder("mcp token", Category.DAEMON)
            .summary("Print the bearer token HTTP clients of `uictl mcp --http` send; --rotate makes a new one")
            .description("256 random bits, created on first use in $XDG_CONFIG_HOME/uictl/http-token (else "
                    + "~/.config/uictl/http-token), readable only by you. Every request to `mcp --http` needs "
                    + "`Authorization: Bearer TOKEN`. A rotated token takes effect when the server next starts. "
                    + "A token file others can read is refused with PERMISSION_DENIED.")
            .param(ParamSpec.flag("rotate", "replace the token with a new random one"))
            .errors(ErrorCode.IO_ERROR, ErrorCode.PERMISSION_DENIED)
            .output(new OutputType("mcp-token", TokenInfo.class, "The bearer token of `uictl mcp --http`"))
            .example("mcp token --text", "Print the token")
            .example("mcp token --rotate", "Replace the token (restart `mcp --http` servers to use it)")
            .annotations(ToolAnnotations.destructive().closedWorld())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        Path file = BearerToken.file(ctx.env());
        boolean rotate = args.flag("rotate");
        BearerToken token = rotate ? BearerToken.rotate(file) : BearerToken.load(file);
        return Result.of(new TokenInfo(token.text(), file.toString(), rotate));
    }
}
