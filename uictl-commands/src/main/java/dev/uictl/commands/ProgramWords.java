package dev.uictl.commands;

import dev.uictl.core.error.Delivery;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.registry.Args;
import java.util.List;

/**
 * The program and its arguments a command starts (launch, exec, driver, term open), from its COMMAND positional.
 * The first word names the program: none at all is a missing parameter, an empty one a bad value of it (it failed
 * later as APP_NOT_FOUND, POLICY_DENIED or INTERNAL_ERROR, depending on the command); both are told before anything
 * starts.
 */
public final class ProgramWords {
    public static final String PARAMETER = "command";

    private ProgramWords() {
    }

    /** @param example a whole command line that starts a program, for the hints */
    public static List<String> of(Args args, String command, String example) {
        List<String> argv = args.list(PARAMETER);
        if (argv.isEmpty()) {
            throw UictlException.of(ErrorCode.MISSING_REQUIRED, command + " needs the program to run after --")
                    .withHint("E.g. `" + example + "`.").withDetail("missing", List.of("COMMAND"));
        }
        if (argv.getFirst().isEmpty()) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "COMMAND must start with the program to run, not an "
                            + "empty word")
                    .withHint("Name the program first: `" + example + "`.")
                    .withDetail("parameter", PARAMETER)
                    .withDetail("value", argv).withDelivery(Delivery.NOT_DELIVERED);
        }
        return argv;
    }
}
