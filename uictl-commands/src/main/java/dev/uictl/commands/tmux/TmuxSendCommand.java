package dev.uictl.commands.tmux;

import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.OutputType;
import dev.uictl.core.registry.ParamSpec;
import dev.uictl.core.registry.ParamType;
import dev.uictl.core.registry.Result;
import dev.uictl.engine.tmux.TmuxService;
import dev.uictl.core.error.Delivery;
import dev.uictl.core.error.UictlException;
import dev.uictl.engine.tmux.TmuxInput;
import dev.uictl.engine.tmux.model.SendResult;

public final class TmuxSendCommand implements Command {
    static final CommandSpec SPEC = TmuxArgs.spec("tmux send", TmuxArgs.SESSION, true, "30000")
            .summary("Send a message to tmux panes and submit it with Enter, reporting evidence of delivery")
            .description("Single-line text goes as literal keys (send-keys -l, 4 KB chunks split on UTF-8 "
                    + "boundaries); multi-line text and text that opens an agent's completion picker (a leading '/' "
                    + "or an '@') goes as a bracketed paste buffer (--keys or --paste force one way). Enter is sent "
                    + "separately once the pane's echo of the text has arrived on the control-mode output stream. "
                    + "Each pane's delivery is delivered_verified only when the screen showed the end of the text and, "
                    + "with Enter, the program wrote output after it; else delivered_unverified "
                    + "(--require-verified turns that into ACTION_FAILED).")
            .param(ParamSpec.option("msg", ParamType.STRING, "The text to send").asRequired())
            .param(ParamSpec.flag("enter", "Submit with Enter after the text (the default)"))
            .param(ParamSpec.flag("no-enter", "Leave the text in the composer without Enter"))
            .param(ParamSpec.flag("paste", "Always use a bracketed paste buffer"))
            .param(ParamSpec.flag("keys", "Always use literal keys (send-keys -l)"))
            .param(ParamSpec.option("verify-ms", ParamType.INTEGER, "Longest wait per pane for the echo and for the "
                    + "reaction to Enter").defaultsTo("1500").between(1, 60_000))
            .param(ParamSpec.flag("require-verified", "Fail with ACTION_FAILED unless every pane is delivered_verified"))
            .output(new OutputType("tmux-sent", SendResult.class, "A message sent to tmux panes, with evidence"))
            .example("tmux send demo --msg 'echo hello' -L uictl-demo", "Type a command in the active pane and run it")
            .example("tmux send demo --panes 0,1 --msg 'ls' -L uictl-demo", "The same message to two panes")
            .example("tmux send demo --pane 1 --msg 'draft' --no-enter -L uictl-demo", "Type without submitting")
            .errors(TmuxArgs.PANE_ERRORS)
            .errors(ErrorCode.PROCESS_EXIT) // a target pane's program has exited: nothing is sent
            .annotations(ToolAnnotations.destructive())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        if (args.flag("enter") && args.flag("no-enter")) {
            throw TmuxArgs.invalid("pass --enter or --no-enter, not both", "Drop one of them.");
        }
        if (args.flag("paste") && args.flag("keys")) {
            throw TmuxArgs.invalid("pass --paste or --keys, not both", "Drop one of them.");
        }
        TmuxInput.Mode mode = args.flag("paste") ? TmuxInput.Mode.PASTE
                : args.flag("keys") ? TmuxInput.Mode.KEYS : TmuxInput.Mode.AUTO;
        SendResult sent = ctx.service(TmuxService.class).input().send(
                TmuxArgs.call(ctx, args), TmuxArgs.server(args),
                TmuxArgs.session(args), TmuxArgs.panes(args), args.string("msg"), !args.flag("no-enter"), mode,
                TmuxArgs.millis(args, "verify-ms"));
        if (args.flag("require-verified") && !sent.delivery().equals(Delivery.DELIVERED_VERIFIED.wireName())) {
            throw UictlException.of(ErrorCode.ACTION_FAILED, "the message was sent but not every pane showed "
                            + "evidence of it").withDetail("panes", sent.panes())
                    .withHint("Look at the pane with `uictl tmux tail " + sent.session() + "` before sending again.")
                    .withDelivery(Delivery.DELIVERED_UNVERIFIED);
        }
        return Result.of(sent);
    }
}
