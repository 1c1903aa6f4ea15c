package dev.tpm.catalog;

/** How many copies of an artifact one run writes. */
public enum Scope {
    /** One per run, at the top of its folder. */
    RUN,
    /** One per device, under the device's prefix (Results.devicePrefix: "" for one device, "&lt;id&gt;/" for several). */
    DEVICE,
    /** One per run, written only when a campaign of its seed study exists (studies.md). */
    STUDY
}
