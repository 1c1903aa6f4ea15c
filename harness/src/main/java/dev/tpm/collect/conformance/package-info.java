/**
 * The API conformance check of spec/servers.md: every row of the API table sent to a running
 * server, with the database counted after writes and deletes.
 */
package dev.tpm.collect.conformance;
