package dev.uictl.engine.desktop.a11y;

import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;
import java.util.List;

@Describe("One element with one-letter keys (--short-keys): i ref, r role, t name, v value, d description, "
        + "b bounds [x,y,w,h], f focused (only when true), e enabled (only when false), s other states, "
        + "a actions, n children not shown, o interactive elements out of view (-i), c children")
public record ShortElement(@Nullable String i, String r, @Nullable String t, @Nullable String v, @Nullable String d,
                           @Nullable List<Integer> b, @Nullable Boolean f, @Nullable Boolean e,
                           @Nullable List<String> s, @Nullable List<String> a, @Nullable Integer n,
                           @Nullable Integer o,
                           @Nullable List<ShortElement> c) {

    public static ShortElement of(Element el) {
        List<String> states = el.states() == null ? List.of() : el.states();
        List<String> rest = states.stream().filter(x -> !x.equals("focused") && !x.equals("disabled")).toList();
        return new ShortElement(el.refId(), el.role(), el.name(), el.value(), el.description(),
                el.bounds() == null ? null : List.of(el.bounds().x(), el.bounds().y(), el.bounds().width(),
                        el.bounds().height()),
                states.contains("focused") ? Boolean.TRUE : null, states.contains("disabled") ? Boolean.FALSE : null,
                rest.isEmpty() ? null : rest, el.actions(), el.childrenCount(), el.outOfView(),
                el.children() == null ? null : el.children().stream().map(ShortElement::of).toList());
    }
}
