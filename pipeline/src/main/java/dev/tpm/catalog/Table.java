package dev.tpm.catalog;

import dev.tpm.tables.DeviceTable;
import dev.tpm.tables.SharedTable;
import dev.tpm.tables.StudyTable;
import dev.tpm.tables.TableFormatter;
import java.util.List;
import java.util.Optional;

/**
 * A paper table: one per device ({@link #device}), or one per run ({@link #once}: a table across
 * devices, or a seed study's), in every format of {@link TableFormatter#ALL}.
 *
 * @param regenerates the paper table it regenerates, or what it is when new, as the report's
 *     navigation names it; its caption opens with the same words (a test holds the two together)
 */
public record Table(Optional<DeviceTable> perDevice, Optional<SharedTable> once, String regenerates, List<String> inputs)
        implements Artifact {
    public Table {
        java.util.Objects.requireNonNull(regenerates);
        if (perDevice.isPresent() == once.isPresent()) {
            throw new IllegalArgumentException("a table is either per device or once per run");
        }
        inputs = List.copyOf(inputs);
    }

    public static Table device(DeviceTable table, String regenerates, String... inputs) {
        return new Table(Optional.of(table), Optional.empty(), regenerates, List.of(inputs));
    }

    public static Table once(SharedTable table, String regenerates, String... inputs) {
        return new Table(Optional.empty(), Optional.of(table), regenerates, List.of(inputs));
    }

    @Override
    public String name() {
        return perDevice.map(DeviceTable::name).orElseGet(() -> once.get().name());
    }

    @Override
    public Kind kind() {
        return Kind.TABLE;
    }

    @Override
    public Scope scope() {
        if (perDevice.isPresent()) return Scope.DEVICE;
        return once.get() instanceof StudyTable ? Scope.STUDY : Scope.RUN;
    }

    @Override
    public String study() {
        return once.isPresent() && once.get() instanceof StudyTable s ? s.study() : "";
    }

    @Override
    public Class<?> builder() {
        return perDevice.<Object>map(t -> t).orElseGet(once::get).getClass();
    }

    @Override
    public String folder() {
        return "tables";
    }

    @Override
    public List<String> extensions() {
        return TableFormatter.ALL.stream().map(TableFormatter::extension).toList();
    }
}
