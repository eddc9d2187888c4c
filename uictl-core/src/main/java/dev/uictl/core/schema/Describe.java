package dev.uictl.core.schema;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** A description for a record or record component, carried into its JSON Schema. */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.RECORD_COMPONENT, ElementType.TYPE, ElementType.FIELD, ElementType.PARAMETER,
        ElementType.METHOD})
public @interface Describe {
    String value();
}
