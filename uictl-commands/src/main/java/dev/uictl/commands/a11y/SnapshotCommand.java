package dev.uictl.commands.a11y;

import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.atspi.walk.Bounds;
import dev.uictl.core.envelope.AgentHints;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.call.CallContext;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Category;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.OutputType;
import dev.uictl.core.registry.ParamSpec;
import dev.uictl.core.registry.ParamType;
import dev.uictl.core.registry.Result;
import dev.uictl.commands.daemon.DaemonControl;
import dev.uictl.engine.desktop.a11y.ElementRoles;
import dev.uictl.engine.desktop.a11y.ShortElement;
import dev.uictl.engine.desktop.a11y.SnapshotShot;
import dev.uictl.engine.desktop.capture.ImageFormat;
import dev.uictl.engine.desktop.spi.ScreenCapture;
import dev.uictl.engine.desktop.capture.ScreenshotStore;
import dev.uictl.engine.desktop.model.ScreenSize;
import dev.uictl.engine.desktop.service.DesktopService;
import java.nio.file.Path;
import dev.uictl.engine.desktop.a11y.Snapshot;
import dev.uictl.engine.desktop.a11y.SnapshotRequest;
import dev.uictl.engine.desktop.a11y.SnapshotService;
import java.util.LinkedHashSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

public final class SnapshotCommand implements Command {
    static final CommandSpec SPEC = CommandSpec.builder("snapshot", Category.OBSERVE)
            .alias("read")
            .summary("The accessibility tree of a window or application, with refs (@e1…) for its interactive "
                    + "elements")
            .description("Reads the element tree over AT-SPI. Without a scope it covers the focused window and lists "
                    + "every window, saying which are accessible. Interactive elements (buttons, text fields, check "
                    + "boxes, menu items, tabs, sliders, list/tree items, cells, anything with an action) get refs: "
                    + "use them as @e3 (this session's latest snapshot) or @<snapshot_id>:e3 with click, get, is, "
                    + "find --root and snapshot --root. -i keeps the interactive elements in view under their named "
                    + "containers (unnamed groups give way to their children; elements scrolled away or in closed "
                    + "menus are counted as (+N out of view): scroll their container, open the menu, or find them); "
                    + "--compact drops unnamed single-child wrappers; --skeleton is a depth-3 overview whose cut "
                    + "named containers get refs to drill into with --root. --since ID answers with what changed "
                    + "(added, removed, changed) since that snapshot of this session. The text format is a "
                    + "Playwright-style tree: - button \"Save\" [ref=e3].")
            .param(ParamSpec.option("app", ParamType.STRING, "snapshot this application (accessible name, e.g. "
                    + "gtk3-demo)"))
            .param(ParamSpec.option("window", ParamType.STRING, "snapshot this window (selector: @w1, title~=Editor…)"))
            .param(ParamSpec.option("pid", ParamType.INTEGER, "snapshot the application with this process id"))
            .param(ParamSpec.option("root", ParamType.STRING, "snapshot only the subtree under this element (ref or "
                    + "element query)"))
            .param(ParamSpec.flag("interactive", "only interactive elements in view, under their named containers")
                    .alias("-i"))
            .param(ParamSpec.option("depth", ParamType.INTEGER, "levels below the root to read").between(1, 64))
            .param(ParamSpec.flag("compact", "collapse unnamed single-child wrappers"))
            .param(ParamSpec.flag("include-bounds", "add each element's screen rectangle"))
            .param(ParamSpec.option("roles", ParamType.STRING, "only these canonical roles (and their ancestors), "
                    + "comma-separated: button,textfield"))
            .param(ParamSpec.option("bbox", ParamType.STRING, "only elements intersecting x,y,width,height (and their "
                    + "ancestors)"))
            .param(ParamSpec.flag("skeleton", "depth-3 overview; cut named containers get refs for --root"))
            .param(ParamSpec.flag("short-keys", "one-letter keys (i r t v d b f e s a n c) in short_tree"))
            .param(ParamSpec.flag("screenshot", "also capture the snapshot's window (PNG, private screenshot "
                    + "directory); implies --include-bounds"))
            .param(ParamSpec.flag("annotate", "like --screenshot, with a numbered box per ref (set-of-marks)"))
            .param(ParamSpec.option("since", ParamType.STRING, "answer with the changes since this snapshot id"))
            .param(ParamSpec.option("max-nodes", ParamType.INTEGER, "node budget (default 5000); a cut tree says "
                    + "complete:false").between(1, 50_000))
            .param(A11yParams.TIMEOUT)
            .output(new OutputType("snapshot", Snapshot.class, "An accessibility tree with element refs"))
            .example("snapshot -i", "Interactive elements of the focused window")
            .example("snapshot --app gtk3-demo -i --compact --text", "A compact text tree of an application")
            .example("snapshot --window @w1 --include-bounds", "A window's full tree with rectangles")
            .example("snapshot --skeleton", "A shallow overview; drill in with --root @e4")
            .example("snapshot --annotate", "The focused window's tree and a PNG with a numbered box per ref")
            .example("snapshot --since s1a2", "What changed since snapshot s1a2")
            .errors(A11yParams.A11Y_ERRORS).errors(ErrorCode.APP_NOT_FOUND)
            .errors(ErrorCode.WINDOW_NOT_FOUND)
            .annotations(ToolAnnotations.readOnly())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext command) {
        CallContext ctx = A11yParams.bounded(args, command);
        A11yParams.scopeOption(args, List.of("app", "window", "pid", "root"));
        Integer depth = args.has("depth") ? Math.toIntExact(args.integerOr("depth", 64)) : null;
        int maxNodes = Math.toIntExact(args.integerOr("max-nodes", SnapshotRequest.DEFAULT_MAX_NODES));
        Long pid = args.integerOrNull("pid");
        if (pid != null && (pid < 1 || pid > Integer.MAX_VALUE)) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "--pid must be a process id, got " + pid);
        }
        boolean picture = args.flag("screenshot") || args.flag("annotate");
        if (picture && args.has("since")) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "--since answers with a diff; it takes no screenshot")
                    .withHint("Run `uictl snapshot --annotate` separately.");
        }
        SnapshotRequest request = new SnapshotRequest(args.stringOr("app", null), args.stringOr("window", null), pid,
                args.stringOr("root", null), args.flag("interactive"), depth, args.flag("compact"),
                args.flag("include-bounds") || picture, roles(args), bbox(args), args.flag("skeleton"),
                args.flag("short-keys") && !picture, args.stringOr("since", null), maxNodes);
        Snapshot s = command.service(SnapshotService.class).snapshot(ctx, request);
        if (picture) {
            s = withPicture(s, args.flag("annotate"), args.flag("short-keys"), command);
        }
        String where = s.window() != null ? "\"" + s.window().title() + "\"" : s.app();
        AgentHints hints = AgentHints.summary(s.refCount() + " refs, " + s.nodeCount() + " elements in " + where
                + " (snapshot " + s.snapshotId() + ")");
        List<String> warnings = new ArrayList<>(s.warnings() == null ? List.of() : s.warnings());
        if (!s.complete()) {
            warnings.add("the tree was cut by a budget: drill in with --root REF or raise --max-nodes");
        }
        if (!warnings.isEmpty()) {
            hints = hints.withWarnings(warnings);
        }
        return Result.of(s, hints);
    }

    /** Captures the snapshot's window (set-of-marks boxes with --annotate) into the private screenshot directory. */
    private static Snapshot withPicture(Snapshot s, boolean annotate, boolean shortKeys, CommandContext command) {
        ScreenSize screen = command.service(DesktopService.class).screenSize(command);
        Path file = ScreenshotStore.privatePath(command.service(DaemonControl.class).runtimeDir(command.env()),
                ImageFormat.PNG);
        SnapshotShot.write(command.service(ScreenCapture.class), command.env(), s.tree(), screen.width(),
                screen.height(), annotate, file);
        return new Snapshot(s.snapshotId(), s.app(), s.pid(), s.window(), s.refCount(), s.nodeCount(), s.complete(),
                shortKeys ? null : s.tree(), shortKeys ? ShortElement.of(s.tree()) : null, s.windows(),
                file.toString(), s.diff(), s.warnings());
    }

    private static Set<String> roles(Args args) {
        if (!args.has("roles")) {
            return Set.of();
        }
        Set<String> out = new LinkedHashSet<>();
        for (String r : args.string("roles").split(",")) {
            String role = r.strip().toLowerCase(Locale.ROOT);
            if (role.isEmpty()) {
                continue;
            }
            if (role.length() > 40 || ElementRoles.numbersOf(role).isEmpty()) {
                throw UictlException.of(ErrorCode.INVALID_ARGS, "unknown role '" + role + "'")
                        .withHint("Use canonical roles as the snapshot shows them: button, textfield, checkbox, "
                                + "menuitem, label, …");
            }
            out.add(role);
        }
        return out;
    }

    static Bounds bbox(Args args) {
        if (!args.has("bbox")) {
            return null;
        }
        String[] parts = args.string("bbox").split(",");
        try {
            if (parts.length != 4) {
                throw new NumberFormatException();
            }
            int[] v = new int[4];
            for (int i = 0; i < 4; i++) {
                v[i] = Integer.parseInt(parts[i].strip());
                if (Math.abs(v[i]) > 1_000_000) {
                    throw new NumberFormatException();
                }
            }
            if (v[2] <= 0 || v[3] <= 0) {
                throw new NumberFormatException();
            }
            return new Bounds(v[0], v[1], v[2], v[3]);
        } catch (NumberFormatException e) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "--bbox must be x,y,width,height with positive size, got '"
                    + args.string("bbox") + "'").withHint("Use e.g. `uictl snapshot --bbox 0,0,800,600`.");
        }
    }
}
