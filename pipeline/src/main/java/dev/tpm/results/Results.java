package dev.tpm.results;

import java.util.List;

/**
 * The whole analysis: one {@link DeviceResults} per device (device-id order) and what compares
 * devices.
 *
 * @param facts what tables, figures and the report show besides the statistics (never data/ itself)
 * @param stackOrder every stack of the paper campaigns in analysis.md's order (first appearance in
 *     campaign.json stacks lists, campaigns in id order)
 * @param loadgenSummary analysis.md 8: every campaign of every study
 * @param memoryCheckpoints analysis.md 6: series of every study, by device, study, stack, t
 * @param sessions analysis.md 9 (version 4): every campaign of every study, by device and campaign
 * @param units analysis.md 11: the models with at least min_units units, by model, mix, metric, stack
 * @param studyReplicates the seed studies' loadgen_summary groups' rps median replicates, for their ratios' intervals
 * @param studyVerdicts analysis.md 7: whether each seed study's published value is comparable on each device that
 *     measured the study, by device, then published.csv's order
 * @param setups what else differs between devices' campaigns (protocol, DELETE table, kernel, dates,
 *     steal, requests per server CPU-second), one per device in device-id order; the units and
 *     devices tables state it under the table
 */
public record Results(
        Facts facts,
        Verification verification,
        List<String> stackOrder,
        List<DeviceResults> devices,
        List<Replication> replication,
        List<ReplicationTau> replicationTau,
        List<LoadgenSummary> loadgenSummary,
        List<MemoryCheckpoint> memoryCheckpoints,
        List<Session> sessions,
        List<Unit> units,
        GroupReplicates studyReplicates,
        List<StudyVerdict> studyVerdicts,
        List<DeviceSetup> setups) {

    public Results {
        setups = setups == null ? List.of() : List.copyOf(setups);
        sessions = List.copyOf(sessions);
        units = List.copyOf(units);
        if (studyReplicates == null) studyReplicates = GroupReplicates.NONE;
        studyVerdicts = studyVerdicts == null ? List.of() : List.copyOf(studyVerdicts);
    }

    /** Results without the devices' setups (the tables then state no setup under them). */
    public Results(Facts facts, Verification verification, List<String> stackOrder, List<DeviceResults> devices,
            List<Replication> replication, List<ReplicationTau> replicationTau, List<LoadgenSummary> loadgenSummary,
            List<MemoryCheckpoint> memoryCheckpoints, List<Session> sessions, List<Unit> units,
            GroupReplicates studyReplicates, List<StudyVerdict> studyVerdicts) {
        this(facts, verification, stackOrder, devices, replication, replicationTau, loadgenSummary, memoryCheckpoints,
                sessions, units, studyReplicates, studyVerdicts, List.of());
    }

    /** The device's setup; empty when the analysis recorded none for it. */
    public java.util.Optional<DeviceSetup> setup(String device) {
        return setups.stream().filter(s -> s.device().equals(device)).findFirst();
    }

    /** Whether a seed study's published value is comparable on the device (true without a verdict). */
    public java.util.Optional<StudyVerdict> studyVerdict(String device, dev.tpm.model.PublishedValue published) {
        return studyVerdicts.stream().filter(v -> v.device().equals(device) && v.published().equals(published)).findFirst();
    }

    /** Results without the seed studies' group replicates. */
    public Results(Facts facts, Verification verification, List<String> stackOrder, List<DeviceResults> devices,
            List<Replication> replication, List<ReplicationTau> replicationTau, List<LoadgenSummary> loadgenSummary,
            List<MemoryCheckpoint> memoryCheckpoints, List<Session> sessions, List<Unit> units) {
        this(facts, verification, stackOrder, devices, replication, replicationTau, loadgenSummary, memoryCheckpoints,
                sessions, units, GroupReplicates.NONE, List.of());
    }

    /** Results without version 4's sessions and units of one model. */
    public Results(Facts facts, Verification verification, List<String> stackOrder, List<DeviceResults> devices,
            List<Replication> replication, List<ReplicationTau> replicationTau, List<LoadgenSummary> loadgenSummary,
            List<MemoryCheckpoint> memoryCheckpoints) {
        this(facts, verification, stackOrder, devices, replication, replicationTau, loadgenSummary, memoryCheckpoints,
                List.of(), List.of());
    }

    /** Results without the tables of every study (loadgen_summary.csv, memory_checkpoints.csv). */
    public Results(Facts facts, Verification verification, List<String> stackOrder, List<DeviceResults> devices,
            List<Replication> replication, List<ReplicationTau> replicationTau) {
        this(facts, verification, stackOrder, devices, replication, replicationTau, List.of(), List.of());
    }

    /** Several devices: per-device tables and figures go to tables/&lt;device&gt;/ and figures/&lt;device&gt;/. */
    public boolean multiDevice() {
        return devices.size() > 1;
    }

    /**
     * Folder prefix of a device's paper tables and figures inside tables/ or figures/: empty with
     * one device, {@code "<device>/"} with several (outputs.md).
     */
    public String devicePrefix(String deviceId) {
        return multiDevice() ? deviceId + "/" : "";
    }
}
