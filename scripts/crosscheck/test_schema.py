"""The generated data folders validate against the contract's JSON Schemas (schema/ at the top of the
repository): the Python side and the Java side read one contract. Each schema also rejects a file
that breaks it, so a schema that allows anything cannot pass."""
import glob
import json
import os

import jsonschema
import pytest
import referencing
import referencing.jsonschema

import common
import generate

SCHEMA_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "schema")

# each schema and the files of a data folder it describes
FILES = {
    "analysis": ["config/analysis.json"],
    "setup": ["reference/setup.json"],
    "memory-series": ["raw/*/phase3/*.json"],
    "campaign": ["raw/*/campaign.json"],
}


def registry():
    """Every schema of schema/ under its $id, so that one schema's $ref into another resolves
    (preset.schema.json takes the version-6 keys from campaign.schema.json's $defs)."""
    resources = []
    for path in sorted(glob.glob(os.path.join(SCHEMA_DIR, "*.schema.json"))):
        with open(path, encoding="utf-8") as f:
            schema = json.load(f)
        uri = schema.get("$id", "https://tpm.dev/schema/" + os.path.basename(path))
        resources.append((uri, referencing.Resource.from_contents(
            schema, default_specification=referencing.jsonschema.DRAFT202012)))
    return referencing.Registry().with_resources(resources)


def validator(name):
    with open(os.path.join(SCHEMA_DIR, name + ".schema.json"), encoding="utf-8") as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema, registry=registry(),
                                           format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)


# data.md version 6 adds keys and reads a JSON null as the key's absence (but for max_steal_share). The
# schemas in schema/ are the Java side's to bring to version 6; until they declare a version-6 key, the
# file is checked as data.md 6 reads it: nulls dropped (common.drop_nulls), and the version-6 keys below
# that the schema does not declare yet set aside. Once the schema knows them this changes nothing.
V6_KEYS = {"analysis": ["probe_tolerance"]}


def as_version6_reads(name, schema_validator, doc):
    doc = common.drop_nulls(doc)
    declared = schema_validator.schema.get("properties", {})
    for key in V6_KEYS.get(name, []):
        if key not in declared:
            doc.pop(key, None)
    return doc


@pytest.fixture(scope="module")
def folders(tmp_path_factory):
    root = tmp_path_factory.mktemp("schema")
    out = []
    for seed in (3, 4):
        d = root / f"seed{seed}"
        generate.main(["--out", str(d), "--seed", str(seed), "--devices", "2", "--bootstrap", "200", "--phase4"])
        out.append(d)
    return out


def files(folder, name):
    return sorted(p for pattern in FILES[name] for p in glob.glob(os.path.join(folder, pattern)))


@pytest.mark.parametrize("name", sorted(FILES))
def test_every_generated_file_validates_against_its_schema(folders, name):
    v = validator(name)
    seen = 0
    for d in folders:
        for path in files(d, name):
            with open(path, encoding="utf-8") as f:
                doc = as_version6_reads(name, v, json.load(f))
                errors = [f"{path} {e.json_path}: {e.message}" for e in v.iter_errors(doc)]
            assert errors == []
            seen += 1
    assert seen > 0, f"no generated file for schema {name}"


def test_every_reference_stack_validates_against_the_stack_schema():
    v = validator("stack")
    stacks = sorted(glob.glob(os.path.join(SCHEMA_DIR, "..", "servers", "*", "stack.json")))
    assert stacks
    for path in stacks:
        with open(path, encoding="utf-8") as f:
            assert [f"{path} {e.json_path}: {e.message}" for e in v.iter_errors(json.load(f))] == []
    assert [e.json_path for e in v.iter_errors({"id": "v", "variant_of": "go", "language": "Go"})] == ["$"]
    assert [e.json_path for e in v.iter_errors({"id": "w", "run": ["x"], "workers": "many"})] == ["$.workers"]


def test_every_shipped_preset_validates_against_the_preset_schema():
    v = validator("preset")
    presets = sorted(glob.glob(os.path.join(SCHEMA_DIR, "..", "harness", "presets", "*.json")))
    assert presets
    for path in presets:
        with open(path, encoding="utf-8") as f:
            assert [f"{path} {e.json_path}: {e.message}" for e in v.iter_errors(json.load(f))] == []
    with open(presets[0], encoding="utf-8") as f:
        preset = json.load(f)
    bad = dict(preset, order="shuffled", max_steal_share=1.5, quiet={"window_s": 0}, duraton_s=3)
    assert sorted(e.json_path for e in v.iter_errors(bad)) == [
        "$", "$.max_steal_share", "$.order", "$.quiet.window_s"]
    assert [e.json_path for e in v.iter_errors(dict(preset, max_steal_share=None))] == []


def test_the_schemas_reject_what_the_contract_rejects():
    bad = {
        "analysis": {"confidence": 1.5, "rng_sed": 1},
        "setup": {"paper": {"server_cores": "four"}},
        "memory-series": {"stack": "go", "endpoint": "get_items", "run": 1, "samples": [{"t_ms": 0}]},
        "campaign": {"campaign": "c", "device": {"id": "a b"}, "machine": {"cpu_id": "AMD EPYC"}, "stacks": []},
    }
    for name, value in bad.items():
        paths = sorted(e.json_path for e in validator(name).iter_errors(value))
        assert paths, name
    assert sorted(e.json_path for e in validator("memory-series").iter_errors(bad["memory-series"])) == [
        "$.endpoint", "$.samples[0]"]
    assert sorted(e.json_path for e in validator("campaign").iter_errors(bad["campaign"])) == [
        "$.device.id", "$.machine.cpu_id", "$.stacks"]
