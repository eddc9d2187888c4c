package dev.uictl.x11.io;

/** Credentials for the connection setup, e.g. {@code MIT-MAGIC-COOKIE-1} and its 16 bytes. */
public record AuthCookie(String name, byte[] data) {
    public static final String MIT_MAGIC_COOKIE = "MIT-MAGIC-COOKIE-1";
    public static final AuthCookie NONE = new AuthCookie("", new byte[0]);
}
