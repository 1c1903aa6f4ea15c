/**
 * One campaign: the plan of runs (order from the contract's seeds), the runner with its lock,
 * crash recovery and resume (reading its own run CSVs back with ingest's codec), the device facts
 * and campaign.json, and the phase-3 series of each memory run.
 */
package dev.tpm.collect.campaign;
