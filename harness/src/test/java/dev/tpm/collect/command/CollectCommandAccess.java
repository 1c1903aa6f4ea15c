package dev.tpm.collect.command;

import dev.tpm.collect.campaign.PresetEstimate;
import dev.tpm.model.Preset;

/** collect's package-private decisions, for tests of other packages. */
public final class CollectCommandAccess {
    private CollectCommandAccess() {}

    public static String unresolvable(Preset p, PresetEstimate.Resolution r, boolean accepted) {
        return CollectCommand.unresolvable(p, r, accepted);
    }
}
