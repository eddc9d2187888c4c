package dev.uictl.commands.observe;

import dev.uictl.commands.daemon.DaemonControl;
import dev.uictl.core.envelope.AgentHints;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.file.ArtifactFile;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Category;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.OutputType;
import dev.uictl.core.registry.ParamSpec;
import dev.uictl.core.registry.ParamType;
import dev.uictl.core.registry.Range;
import dev.uictl.core.registry.Result;
import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.core.registry.ToolGroup;
import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;
import dev.uictl.engine.desktop.capture.CaptureArea;
import dev.uictl.engine.desktop.capture.CaptureTarget;
import dev.uictl.engine.desktop.capture.ImageFormat;
import dev.uictl.engine.desktop.spi.ScreenCapture;
import dev.uictl.engine.desktop.capture.ScreenshotStore;
import dev.uictl.engine.desktop.capture.Shot;
import dev.uictl.engine.desktop.capture.ShotRequest;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Set;

public final class ScreenshotCommand implements Command {

    @Describe("A screenshot: where it was written (or the image inline), its size and what it shows")
    public record Screenshot(
            @Describe("absolute path of the written file (mode 0600)") @Nullable String path,
            @Describe("the encoded image, base64, with --base64") @Nullable String base64,
            @Describe("image width in pixels, after scaling") int width,
            @Describe("image height in pixels, after scaling") int height,
            @Describe("png or jpeg") String format,
            @Describe("size of the encoded image in bytes") int bytes,
            @Describe("what was captured: screen, region, window or monitor") String target,
            @Describe("the captured rectangle in screen coordinates, before scaling") Area area,
            @Describe("resize factor applied") double scale,
            @Describe("true when the requested rectangle reached past the screen and was cut to it") boolean clipped,
            @Describe("the window shot with --window/--app") @Nullable WindowRef window,
            @Describe("the monitor shot with --monitor") @Nullable MonitorRef monitor,
            @Describe("numbered boxes drawn with --annotate, in image coordinates") @Nullable List<MarkBox> marks) {
    }

    @Describe("A rectangle in screen pixels")
    public record Area(int x, int y, int width, int height) {
    }

    @Describe("The window a screenshot shows")
    public record WindowRef(String refId, String windowId, @Nullable String title) {
    }

    @Describe("The monitor a screenshot shows")
    public record MonitorRef(int index, String name) {
    }

    @Describe("One set-of-marks box: the label drawn, the window it marks and the box in image pixels")
    public record MarkBox(String label, String refId, String windowId, @Nullable String title, int x, int y,
                          int width, int height) {
    }

    static final CommandSpec SPEC = CommandSpec.builder("screenshot", Category.OBSERVE)
            .toolGroup(ToolGroup.DESKTOP)
            .summary("Capture the screen, a window, a region or a monitor to PNG or JPEG")
            .description("Without PATH the image goes to a private directory (0700) under the uictl runtime "
                    + "directory with a unique name; files are written atomically with mode 0600. --format "
                    + "chooses the encoding (the global --format chooses the output format of the envelope); a PATH "
                    + "ending in .jpg/.jpeg implies jpeg, .png png; a PATH naming another image format (.gif, .webp…) or "
                    + "contradicting --format is refused before the capture. A window is captured as it appears on the screen (client "
                    + "area, anything overlapping it included; parts off-screen are cut and reported as clipped). "
                    + "--annotate draws each visible window's box and @wN ref (set-of-marks for vision models) and "
                    + "renumbers the session's window refs like `list-windows`.")
            .param(ParamSpec.positional("path", ParamType.PATH, "file to write (relative to the working directory)")
                    .asOptional())
            .param(ParamSpec.option("window", ParamType.STRING, "capture this window (selector: @w1, title~=Term…)"))
            .param(ParamSpec.option("app", ParamType.STRING, "capture the window of this application (WM_CLASS)"))
            .param(ParamSpec.option("region", ParamType.STRING, "capture x,y,width,height in screen pixels"))
            .param(ParamSpec.option("monitor", ParamType.STRING, "capture a monitor: index from `get monitors` or name"))
            .param(ParamSpec.option("format", ParamType.ENUM, "image encoding").choices("png", "jpeg"))
            .param(ParamSpec.option("quality", ParamType.INTEGER, "JPEG quality 1..100 (default 80)")
                    .between(1, 100))
            .param(ParamSpec.option("scale", ParamType.NUMBER, "resize factor, e.g. 0.5").defaultsTo("1")
                    .within(new Range(0.01, 4)))
            .param(ParamSpec.flag("base64", "return the image inline as base64 instead of writing a file "
                    + "(a PATH is still written when given)"))
            .param(ParamSpec.flag("annotate", "draw numbered window boxes with their @wN refs"))
            .output(new OutputType("screenshot", Screenshot.class, "Where the screenshot went and what it shows"))
            .example("screenshot", "The whole screen as PNG in the private screenshot directory")
            .example("screenshot --region 0,0,640,480 --scale 0.5", "The top-left 640x480, halved")
            .example("screenshot --format jpeg --quality 60 --base64", "The screen as JPEG, inline")
            .example("screenshot --window @w1 --annotate", "The topmost window with set-of-marks boxes")
            .example("screenshot --monitor 0", "The first monitor")
            .errors(ErrorCode.DEPENDENCY_MISSING, ErrorCode.SELECTOR_INVALID, ErrorCode.SELECTOR_NOT_FOUND,
                    ErrorCode.SELECTOR_AMBIGUOUS, ErrorCode.STALE_REF, ErrorCode.WINDOW_NOT_FOUND, ErrorCode.ACTION_FAILED,
                    ErrorCode.IO_ERROR, ErrorCode.PLATFORM_NOT_SUPPORTED, ErrorCode.TIMEOUT)
            .annotations(ToolAnnotations.readOnly())
            .build();

    /** Image formats uictl does not write, so a path naming one is a mistake rather than a plain file name. */
    private static final Set<String> OTHER_IMAGE_EXTENSIONS = Set.of("gif", "bmp", "webp", "tif", "tiff", "avif",
            "heic", "ppm", "pnm", "xpm", "xwd", "ico", "svg", "jxl");

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        CaptureTarget target = target(args);
        Path path = args.has("path") ? ctx.cwd().resolve(args.string("path")).normalize() : null;
        ImageFormat format = format(args, path);
        long quality = args.integerOr("quality", 80);
        double scale = args.numberOrNull("scale") == null ? 1 : args.numberOrNull("scale");
        boolean inline = args.flag("base64");
        Shot shot = ctx.service(ScreenCapture.class).shoot(ctx,
                new ShotRequest(target, format, (int) quality, scale, args.flag("annotate")));

        Path written = null;
        if (path != null || !inline) {
            written = path != null ? path
                    : ScreenshotStore.privatePath(ctx.service(DaemonControl.class).runtimeDir(ctx.env()), format);
            ArtifactFile.write(written, shot.encoded());
        }
        List<String> warnings = new ArrayList<>();
        if (shot.clipped()) {
            warnings.add("the requested area reached past the screen; captured only the visible part");
        }
        if (format == ImageFormat.PNG && args.has("quality")) {
            warnings.add("--quality applies to jpeg only; the PNG is lossless");
        }
        Screenshot data = new Screenshot(written == null ? null : written.toString(),
                inline ? Base64.getEncoder().encodeToString(shot.encoded()) : null, shot.width(), shot.height(),
                format.wireName(), shot.encoded().length, target.kind(),
                new Area(shot.area().x(), shot.area().y(), shot.area().width(), shot.area().height()), scale,
                shot.clipped(), windowOf(shot.subject()), monitorOf(shot.subject()), marksOf(shot, args));
        AgentHints hints = AgentHints.summary(shot.width() + "x" + shot.height() + " " + format.wireName()
                + (written != null ? " → " + written : " inline")).withWarnings(warnings);
        return Result.of(data, hints);
    }

    private static CaptureTarget target(Args args) {
        List<String> chosen = List.of("window", "app", "region", "monitor").stream().filter(args::has).toList();
        if (chosen.size() > 1) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "choose one of --window, --app, --region, --monitor; got "
                    + String.join(", ", chosen.stream().map(c -> "--" + c).toList()))
                    .withHint("Run `uictl screenshot --window @w1` or `uictl screenshot --region 0,0,800,600`.");
        }
        if (chosen.isEmpty()) {
            return new CaptureTarget.Screen();
        }
        String value = args.string(chosen.getFirst());
        return switch (chosen.getFirst()) {
            case "window" -> new CaptureTarget.Window(value);
            case "app" -> new CaptureTarget.Window("app=" + value);
            case "region" -> new CaptureTarget.Region(CaptureArea.parse(value));
            default -> new CaptureTarget.Monitor(value);
        };
    }

    /**
     * The encoding: --format, else the file name's extension, else PNG. A name that asks for another image format
     * (shot.gif) or for the other one of ours (shot.png --format jpeg) is refused before the capture: a file whose
     * bytes are not what its name says breaks every program that opens it by name.
     */
    private static ImageFormat format(Args args, Path path) {
        String name = path == null || path.getFileName() == null ? ""
                : path.getFileName().toString().toLowerCase(Locale.ROOT);
        String extension = name.lastIndexOf('.') > 0 ? name.substring(name.lastIndexOf('.') + 1) : "";
        ImageFormat named = switch (extension) {
            case "png" -> ImageFormat.PNG;
            case "jpg", "jpeg" -> ImageFormat.JPEG;
            default -> null;
        };
        if (named == null && OTHER_IMAGE_EXTENSIONS.contains(extension)) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "screenshot writes PNG or JPEG, but '" + path.getFileName()
                            + "' names a ." + extension + " file")
                    .withHint("Name the file .png or .jpg: `uictl screenshot shot.png`.")
                    .withDetail("kind", "unsupported_format").withDetail("path", path.toString());
        }
        if (!args.has("format")) {
            return named == null ? ImageFormat.PNG : named;
        }
        ImageFormat chosen = ImageFormat.valueOf(args.string("format").toUpperCase(Locale.ROOT));
        if (named != null && named != chosen) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "--format " + chosen.wireName() + " conflicts with the "
                            + "file name '" + path.getFileName() + "'")
                    .withHint("Name the file ." + chosen.extension() + " or leave out --format: `uictl screenshot "
                            + "shot." + chosen.extension() + "`.")
                    .withDetail("kind", "format_mismatch").withDetail("path", path.toString());
        }
        return chosen;
    }

    private static WindowRef windowOf(Shot.Subject s) {
        return s != null && s.kind().equals("window") ? new WindowRef(s.refId(), s.windowId(), s.title()) : null;
    }

    private static MonitorRef monitorOf(Shot.Subject s) {
        return s != null && s.kind().equals("monitor") ? new MonitorRef(s.index(), s.name()) : null;
    }

    private static List<MarkBox> marksOf(Shot shot, Args args) {
        if (!args.flag("annotate")) {
            return null;
        }
        return shot.marks().stream().map(m -> new MarkBox(m.label(), m.refId(), m.windowId(), m.title(), m.x(),
                m.y(), m.width(), m.height())).toList();
    }
}
