/**
 * The records of the data contract: what a data folder holds once read (campaigns, devices,
 * stacks, run rows and records, memory series, mixes, published values, the analysis
 * configuration, the inventory), and the ids of the spec named once ({@link dev.tpm.model.Endpoints},
 * {@link dev.tpm.model.Metrics}, {@link dev.tpm.model.RunColumns}). Imports no other package of the
 * project.
 */
package dev.tpm.model;
