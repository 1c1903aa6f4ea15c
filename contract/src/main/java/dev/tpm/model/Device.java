package dev.tpm.model;

/**
 * The device of a campaign. {@code id} is the unit of analysis: campaigns with the same device id
 * are pooled. Fields a campaign.json leaves out are null.
 *
 * @param powerSource {@code pmic}, {@code rapl} or {@code none}
 * @param pageSize the kernel's page size in bytes
 */
public record Device(
        String id,
        String model,
        String cpu,
        Integer cores,
        Long memoryMib,
        String arch,
        String os,
        String kernel,
        String firmware,
        String bootloader,
        String pmic,
        String cpuGovernor,
        Integer pageSize,
        String powerSource) {}
