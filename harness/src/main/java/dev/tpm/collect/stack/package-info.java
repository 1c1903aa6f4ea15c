/**
 * The stacks: stack.json, building each reference server, starting it on a free port, seeding
 * and resetting its SQLite database (the only use of sqlite-jdbc), and the toolchain versions
 * recorded in campaign.json.
 */
package dev.tpm.collect.stack;
