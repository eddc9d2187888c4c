package dev.uictl.engine.desktop.capture.codec;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;

/**
 * A shared library opened once for the life of the process (the global arena: its code is never unloaded) and the
 * downcall handles into it. Opening fails with {@link UnavailableException} carrying a reason a person can act on,
 * so a caller can fall back instead of failing at class load.
 */
@SuppressWarnings("restricted")
final class NativeLibrary {
    private static final Linker LINKER = Linker.nativeLinker();

    private final String name;
    private final SymbolLookup symbols;

    private NativeLibrary(String name, SymbolLookup symbols) {
        this.name = name;
        this.symbols = symbols;
    }

    /** Opens {@code soname} through the dynamic loader's search path. */
    static NativeLibrary open(String soname) throws UnavailableException {
        try {
            return new NativeLibrary(soname, SymbolLookup.libraryLookup(soname, Arena.global()));
        } catch (IllegalArgumentException | IllegalCallerException e) {
            throw new UnavailableException(soname + " could not be loaded (" + e.getMessage() + ")");
        }
    }

    /** A handle for a call that is quick, never calls back into Java and must not block the caller's thread. */
    MethodHandle function(String symbol, FunctionDescriptor descriptor) throws UnavailableException {
        return LINKER.downcallHandle(find(symbol), descriptor);
    }

    /**
     * A handle whose address arguments may be heap segments ({@link MemorySegment#ofArray}): the pixels and the
     * output go to the library without a copy into native memory. The garbage collector waits while such a call
     * runs (as for JNI critical arrays), which the few milliseconds of one encode allow.
     */
    MethodHandle heapAccessFunction(String symbol, FunctionDescriptor descriptor) throws UnavailableException {
        return LINKER.downcallHandle(find(symbol), descriptor, Linker.Option.critical(true));
    }

    private MemorySegment find(String symbol) throws UnavailableException {
        return symbols.find(symbol).orElseThrow(() -> new UnavailableException(name + " has no " + symbol));
    }

    /** A downcall; {@link #invoke} passes its unchecked failures on and wraps the rest. */
    @FunctionalInterface
    interface Call<T> {
        T call() throws Throwable;
    }

    static <T> T invoke(Call<T> call) {
        try {
            return call.call();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** Why a native encoder cannot be used here. */
    static final class UnavailableException extends Exception {
        UnavailableException(String reason) {
            super(reason);
        }
    }
}
