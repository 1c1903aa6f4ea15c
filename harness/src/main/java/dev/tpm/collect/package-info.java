/**
 * The collection harness's protocol definitions: presets ({@link dev.tpm.collect.Presets}: the
 * contract's {@link dev.tpm.model.Preset}, found by name) and the declared mix a {@code mixed} workload draws from. The campaign runner, samplers, stack builds,
 * load generator and conformance check sit in the packages below; the contract's codecs write
 * what they measure.
 */
package dev.tpm.collect;
