package dev.uictl.atspi.iface;

import java.util.List;
import java.util.Map;
import org.freedesktop.dbus.Struct;
import org.freedesktop.dbus.annotations.Position;

/**
 * {@code (aiia{ss}iaiiasib)}: a {@code Collection.GetMatches} rule: state bitset and match type, attributes and match
 * type, role bitset and match type, interface names and match type, invert. Match types: 1 all, 2 any, 3 none.
 */
public final class MatchRule extends Struct {
    public static final int MATCH_ALL = 1;
    public static final int MATCH_ANY = 2;
    public static final int MATCH_NONE = 3;

    @Position(0)
    public final List<Integer> states;
    @Position(1)
    public final int stateMatch;
    @Position(2)
    public final Map<String, String> attributes;
    @Position(3)
    public final int attributeMatch;
    @Position(4)
    public final List<Integer> roles;
    @Position(5)
    public final int roleMatch;
    @Position(6)
    public final List<String> interfaces;
    @Position(7)
    public final int interfaceMatch;
    @Position(8)
    public final boolean invert;

    public MatchRule(List<Integer> states, int stateMatch, Map<String, String> attributes, int attributeMatch,
                     List<Integer> roles, int roleMatch, List<String> interfaces, int interfaceMatch, boolean invert) {
        this.states = states;
        this.stateMatch = stateMatch;
        this.attributes = attributes;
        this.attributeMatch = attributeMatch;
        this.roles = roles;
        this.roleMatch = roleMatch;
        this.interfaces = interfaces;
        this.interfaceMatch = interfaceMatch;
        this.invert = invert;
    }
}
