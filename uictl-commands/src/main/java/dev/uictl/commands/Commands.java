package dev.uictl.commands;

import dev.uictl.commands.a11y.FindCommand;
import dev.uictl.commands.events.WaitIdleCommand;
import dev.uictl.commands.events.WatchCommand;
import dev.uictl.commands.element.DragCommand;
import dev.uictl.commands.element.ElementActionCommand;
import dev.uictl.commands.element.FillCommand;
import dev.uictl.commands.element.ScrollCommand;
import dev.uictl.commands.element.WaitElementCommand;
import dev.uictl.commands.element.WaitTextCommand;
import dev.uictl.commands.a11y.GetElementCommand;
import dev.uictl.commands.a11y.IsElementCommand;
import dev.uictl.commands.a11y.SnapshotCommand;
import dev.uictl.commands.clipboard.ClipboardClearCommand;
import dev.uictl.commands.clipboard.ClipboardGetCommand;
import dev.uictl.commands.clipboard.ClipboardSetCommand;
import dev.uictl.commands.daemon.BatchCommand;
import dev.uictl.commands.desktop.DesktopDownCommand;
import dev.uictl.commands.desktop.DesktopStatusCommand;
import dev.uictl.commands.desktop.DesktopUpCommand;
import dev.uictl.commands.daemon.DaemonRestartCommand;
import dev.uictl.commands.daemon.DaemonRunCommand;
import dev.uictl.commands.daemon.DaemonStartCommand;
import dev.uictl.commands.daemon.DaemonStatusCommand;
import dev.uictl.commands.daemon.DaemonStopCommand;
import dev.uictl.commands.daemon.ServeCommand;
import dev.uictl.commands.input.ClickCommand;
import dev.uictl.commands.input.DblclickCommand;
import dev.uictl.commands.input.TypeCommand;
import dev.uictl.commands.input.PressCommand;
import dev.uictl.commands.input.HotkeyCommand;
import dev.uictl.commands.input.KeyDownCommand;
import dev.uictl.commands.input.KeyUpCommand;
import dev.uictl.commands.input.MouseMoveCommand;
import dev.uictl.commands.input.MouseClickCommand;
import dev.uictl.commands.input.MouseDownCommand;
import dev.uictl.commands.input.MouseUpCommand;
import dev.uictl.commands.input.MouseScrollCommand;
import dev.uictl.commands.input.MouseDragCommand;
import dev.uictl.commands.mcp.McpCommand;
import dev.uictl.commands.mcp.McpTokenCommand;
import dev.uictl.commands.meta.CapabilitiesCommand;
import dev.uictl.commands.meta.CompletionCommand;
import dev.uictl.commands.meta.DoctorCommand;
import dev.uictl.commands.meta.HelpCommand;
import dev.uictl.commands.meta.OpenApiCommand;
import dev.uictl.commands.meta.ProtocolHelpCommand;
import dev.uictl.commands.meta.SchemaCommand;
import dev.uictl.commands.meta.ToolsCommand;
import dev.uictl.commands.meta.VersionCommand;
import dev.uictl.commands.scenario.TraceCommand;
import dev.uictl.commands.term.TermAttachCommand;
import dev.uictl.commands.term.TermCloseCommand;
import dev.uictl.commands.term.TermKeysCommand;
import dev.uictl.commands.term.TermListCommand;
import dev.uictl.commands.term.TermOpenCommand;
import dev.uictl.commands.term.TermResizeCommand;
import dev.uictl.commands.term.TermScreenCommand;
import dev.uictl.commands.term.TermTranscriptCommand;
import dev.uictl.commands.term.TermTypeCommand;
import dev.uictl.commands.term.TermWaitCommand;
import dev.uictl.commands.observe.ScreenshotCommand;
import dev.uictl.commands.tmux.TmuxActivityCommand;
import dev.uictl.commands.tmux.TmuxHealthCommand;
import dev.uictl.commands.tmux.TmuxInterruptCommand;
import dev.uictl.commands.tmux.TmuxKillCommand;
import dev.uictl.commands.tmux.TmuxSendCommand;
import dev.uictl.commands.tmux.TmuxSpawnCommand;
import dev.uictl.commands.tmux.TmuxStatusCommand;
import dev.uictl.commands.tmux.TmuxTailCommand;
import dev.uictl.commands.tmux.TmuxWaitCommand;
import dev.uictl.commands.window.CloseAppCommand;
import dev.uictl.commands.window.CloseCommand;
import dev.uictl.commands.window.FocusCommand;
import dev.uictl.commands.window.GetActiveWindowCommand;
import dev.uictl.commands.window.GetMonitorsCommand;
import dev.uictl.commands.window.GetMousePositionCommand;
import dev.uictl.commands.window.GetScreenSizeCommand;
import dev.uictl.commands.window.GetSystemInfoCommand;
import dev.uictl.commands.window.LaunchCommand;
import dev.uictl.commands.window.ListAppsCommand;
import dev.uictl.commands.window.ListWindowsCommand;
import dev.uictl.commands.window.MaximizeCommand;
import dev.uictl.commands.window.MinimizeCommand;
import dev.uictl.commands.window.MoveWindowCommand;
import dev.uictl.commands.window.ResizeWindowCommand;
import dev.uictl.commands.window.RestoreCommand;
import dev.uictl.commands.window.WaitFocusCommand;
import dev.uictl.commands.window.WaitWindowCommand;
import dev.uictl.commands.observe.ScreenshotCommand;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandRegistry;
import dev.uictl.commands.scenario.DriverCommand;
import dev.uictl.commands.scenario.ExecCommand;
import dev.uictl.commands.scenario.ReplayCommand;
import dev.uictl.commands.scenario.ReplayReportCommand;
import dev.uictl.commands.scenario.RunCommand;
import java.util.ArrayList;
import java.util.List;

/** The one explicit list of commands; help, capabilities, schemas, completion and docs derive from it. */
public final class Commands {
    private Commands() {
    }

    public static List<Command> all() {
        List<Command> all = new ArrayList<>(List.of(
                new VersionCommand(), new ToolsCommand(), new DoctorCommand(), new CapabilitiesCommand(),
                new SchemaCommand(), new OpenApiCommand(), new ProtocolHelpCommand(), new CompletionCommand(),
                new HelpCommand(),
                new DaemonStartCommand(), new DaemonStopCommand(), new DaemonStatusCommand(),
                new DaemonRestartCommand(), new DaemonRunCommand(), new ServeCommand(), new BatchCommand(),
                new McpCommand(),
                new McpTokenCommand(),
                new TermOpenCommand(), new TermListCommand(), new TermScreenCommand(), new TermTypeCommand(),
                new TermKeysCommand(), new TermResizeCommand(), new TermWaitCommand(), new TermTranscriptCommand(),
                new TermCloseCommand(), new TermAttachCommand(),
                new ExecCommand(), new RunCommand(), new ReplayCommand(), new ReplayReportCommand(),
                new DriverCommand(), new TraceCommand(),
                // tmux panes (NTM robot operations)
                new TmuxStatusCommand(), new TmuxSpawnCommand(), new TmuxSendCommand(), new TmuxTailCommand(),
                new TmuxWaitCommand(), new TmuxInterruptCommand(), new TmuxActivityCommand(), new TmuxHealthCommand(),
                new TmuxKillCommand(),
                // desktop: windows, environment, waits
                new ListWindowsCommand(), new GetActiveWindowCommand(), new GetSystemInfoCommand(),
                new GetMonitorsCommand(), new GetScreenSizeCommand(), new GetMousePositionCommand(),
                new FocusCommand(), new CloseCommand(), new MoveWindowCommand(), new ResizeWindowCommand(),
                new MinimizeCommand(), new MaximizeCommand(), new RestoreCommand(), new LaunchCommand(),
                new ListAppsCommand(), new CloseAppCommand(), new WaitWindowCommand(), new WaitFocusCommand(),
                new DesktopUpCommand(), new DesktopDownCommand(), new DesktopStatusCommand(),
                new ScreenshotCommand(), new ClipboardGetCommand(), new ClipboardSetCommand(),
                new ClipboardClearCommand(),
                // accessibility: snapshots with refs, element queries
                new SnapshotCommand(), new FindCommand(), new GetElementCommand(), new IsElementCommand(),
                // element actions with more shape than a target and one argument (the others: below)
                new FillCommand(), new ScrollCommand(), new DragCommand(), new WaitElementCommand(),
                new WaitTextCommand(),
                // accessibility events: quiet periods and the stream
                new WaitIdleCommand(), new WatchCommand(),
                // input: mouse and keyboard
                new ClickCommand(), new DblclickCommand(), new TypeCommand(), new PressCommand(), new HotkeyCommand(),
                new KeyDownCommand(), new KeyUpCommand(), new MouseMoveCommand(), new MouseClickCommand(),
                new MouseDownCommand(), new MouseUpCommand(), new MouseScrollCommand(), new MouseDragCommand()));
        // element actions: auto-wait, semantic first, physical fallback, verified read-back (one row each)
        all.addAll(ElementActionCommand.ALL);
        return List.copyOf(all);
    }

    public static CommandRegistry registry() {
        return new CommandRegistry(all());
    }
}
