package dev.uictl.x11.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class XAuthorityTest {
    private static final byte[] COOKIE_A = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
    private static final byte[] COOKIE_B = {16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1};

    static byte[] entry(int family, String address, String number, String name, byte[] data) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeShort(family);
        for (byte[] field : List.of(address.getBytes(StandardCharsets.ISO_8859_1), number.getBytes(StandardCharsets.ISO_8859_1),
                name.getBytes(StandardCharsets.ISO_8859_1), data)) {
            out.writeShort(field.length);
            out.write(field);
        }
        return bytes.toByteArray();
    }

    @Test
    void picksTheCookieOfTheMatchingHostAndDisplay() throws IOException {
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        file.write(entry(XAuthority.FAMILY_LOCAL, "other", "5", AuthCookie.MIT_MAGIC_COOKIE, COOKIE_B));
        file.write(entry(XAuthority.FAMILY_LOCAL, "box", "4", AuthCookie.MIT_MAGIC_COOKIE, COOKIE_B));
        file.write(entry(XAuthority.FAMILY_LOCAL, "box", "5", AuthCookie.MIT_MAGIC_COOKIE, COOKIE_A));
        List<XAuthority.Entry> entries = XAuthority.parse(file.toByteArray());

        assertThat(entries).hasSize(3);
        assertThat(XAuthority.select(entries, 5, "box").data()).isEqualTo(COOKIE_A);
        assertThat(XAuthority.select(entries, 6, "box")).isEqualTo(AuthCookie.NONE);
    }

    @Test
    void wildcardEntriesMatchAnyHostAndTruncatedTailsAreIgnored() throws IOException {
        byte[] wild = entry(XAuthority.FAMILY_WILD, "", "9", AuthCookie.MIT_MAGIC_COOKIE, COOKIE_A);
        byte[] truncated = new byte[wild.length + 5];
        System.arraycopy(wild, 0, truncated, 0, wild.length);
        truncated[wild.length + 1] = 1;
        truncated[wild.length + 3] = 40;
        List<XAuthority.Entry> entries = XAuthority.parse(truncated);

        assertThat(entries).hasSize(1);
        assertThat(XAuthority.select(entries, 9, "anyhost").data()).isEqualTo(COOKIE_A);
    }

    @Test
    void readsTheFileNamedByXauthorityElseHome(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("auth");
        Files.write(file, entry(XAuthority.FAMILY_WILD, "", "3", AuthCookie.MIT_MAGIC_COOKIE, COOKIE_B));

        assertThat(XAuthority.cookieFor(3, Map.of("XAUTHORITY", file.toString())).data()).isEqualTo(COOKIE_B);
        assertThat(XAuthority.location(Map.of("HOME", "/h"))).contains(Path.of("/h/.Xauthority"));
        assertThat(XAuthority.cookieFor(3, Map.of("XAUTHORITY", dir.resolve("missing").toString())))
                .isEqualTo(AuthCookie.NONE);
    }

    @Test
    void encodedEntriesReadBackAndAWildcardServesEveryLocalDisplay() throws IOException {
        byte[] file = XAuthority.encode(List.of(new XAuthority.Entry(XAuthority.FAMILY_WILD, "", "",
                AuthCookie.MIT_MAGIC_COOKIE, COOKIE_A)));
        assertThat(file).isEqualTo(entry(XAuthority.FAMILY_WILD, "", "", AuthCookie.MIT_MAGIC_COOKIE, COOKIE_A));
        assertThat(XAuthority.select(XAuthority.parse(file), 7, "host").data()).isEqualTo(COOKIE_A);
        assertThat(XAuthority.select(XAuthority.parse(file), 4242, null).data()).isEqualTo(COOKIE_A);
    }
}
