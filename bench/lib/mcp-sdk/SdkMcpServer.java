import dev.uictl.app.UictlApp;
import dev.uictl.app.dispatch.Invocation;
import dev.uictl.commands.mcp.ToolCatalog;
import dev.uictl.core.envelope.Envelope;
import dev.uictl.core.json.Json;
import dev.uictl.core.registry.CallRequest;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.schema.InputSchemas;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.server.McpSyncServer;
import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import tools.jackson.databind.json.JsonMapper;

/**
 * For bench/mcp.sh only: the same tools as `uictl mcp` (uictl's registry, input schemas and in-process dispatcher)
 * served by the official Java MCP SDK 2.1.0 over stdio, so the SDK's start-up and per-call cost can be measured
 * beside uictl's own protocol code. Each call's result is the envelope as text and structured content.
 */
public final class SdkMcpServer {
    public static void main(String[] args) throws Exception {
        UictlApp app = new UictlApp(UictlApp.defaultInstallation());
        JacksonMcpJsonMapper mapper = new JacksonMcpJsonMapper(JsonMapper.builder().build());
        Invocation parent = new Invocation(List.of(), Path.of(".").toAbsolutePath(), System.getenv(),
                new ByteArrayInputStream(new byte[0]), new ByteArrayOutputStream(),
                new PrintStream(new ByteArrayOutputStream()), false, r -> { });
        List<SyncToolSpecification> tools = new ArrayList<>();
        for (CommandSpec spec : app.dispatcher().registry().specs()) {
            McpSchema.Tool tool = McpSchema.Tool.builder().name(ToolCatalog.toolName(spec.name()))
                    .description(spec.summary()).inputSchema(mapper, Json.write(InputSchemas.of(spec))).build();
            String command = spec.name();
            tools.add(new SyncToolSpecification(tool, (exchange, request) -> {
                Envelope e = app.dispatcher().call(CallRequest.of(command, Json.tree(request.arguments())), parent);
                String text = Json.write(e);
                return McpSchema.CallToolResult.builder().addTextContent(text).structuredContent(mapper, text)
                        .isError(!e.success()).build();
            }));
        }
        CountDownLatch endOfInput = new CountDownLatch(1);
        InputStream in = new FilterInputStream(System.in) {
            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                int n = super.read(b, off, len);
                if (n < 0) {
                    endOfInput.countDown();
                }
                return n;
            }
        };
        McpSyncServer server = McpServer.sync(new StdioServerTransportProvider(mapper, in, System.out))
                .serverInfo("uictl-sdk-probe", "1")
                .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
                .tools(tools).build();
        endOfInput.await(); // the client closed the session, as `uictl mcp` ends at end of input
        server.closeGracefully();
        System.exit(0);
    }
}
