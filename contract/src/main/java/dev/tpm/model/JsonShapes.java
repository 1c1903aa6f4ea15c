package dev.tpm.model;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import java.io.IOException;

/**
 * How a few values of the records are written as JSON, where the number alone does not say it:
 * the serializers their {@code @JsonSerialize} annotations name. Reading needs none of them.
 */
public final class JsonShapes {
    private JsonShapes() {}

    /** A whole number as an integer ({@code 10}, as data.md writes durations), else as a decimal. */
    public static final class Whole extends StdSerializer<Double> {
        public Whole() {
            super(Double.class);
        }

        @Override
        public void serialize(Double value, JsonGenerator gen, SerializerProvider provider) throws IOException {
            double x = value;
            if (x == Math.rint(x) && Math.abs(x) < 1e15) gen.writeNumber((long) x);
            else gen.writeNumber(x);
        }
    }
}
