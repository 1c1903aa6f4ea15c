/**
 * The collection harness's protocol definitions: presets ({@link dev.tpm.collect.Preset}) and the
 * declared mix a {@code mixed} workload draws from. The campaign runner, samplers, stack builds,
 * load generator and conformance check sit in the packages below; the contract's codecs write
 * what they measure.
 */
package dev.tpm.collect;
