/**
 * Ingest: a data folder read into an immutable {@link dev.tpm.ingest.Dataset} with every rule of
 * spec/data.md checked and every problem reported in one pass. The formats themselves are the
 * contract's codecs (dev.tpm.codec); this package adds the folder's layout and the cross-file
 * rules (stacks of campaign.json, seq unique within a campaign, excluded campaigns).
 */
package dev.tpm.ingest;
