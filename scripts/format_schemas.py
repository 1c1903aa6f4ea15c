#!/usr/bin/env python3
"""Writes the JSON Schema files of schema/ in the project's one layout: an object or array on one
line when it fits in WIDTH columns, else one key per line. Run after editing a schema by hand or
by script:  python3 scripts/format_schemas.py schema/*.schema.json"""
import json
import sys
from collections import OrderedDict

WIDTH = 160


def layout(value, indent, prefix=0):
    inline = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    if not isinstance(value, (dict, list)) or not value or indent + prefix + len(inline) <= WIDTH:
        return inline
    pad = " " * (indent + 2)
    if isinstance(value, dict):
        lines = []
        for key, item in value.items():
            k = json.dumps(key, ensure_ascii=False) + ": "
            lines.append(pad + k + layout(item, indent + 2, len(k)))
        return "{\n" + ",\n".join(lines) + "\n" + " " * indent + "}"
    if all(not isinstance(item, (dict, list)) for item in value):
        return inline
    return "[\n" + ",\n".join(pad + layout(item, indent + 2) for item in value) + "\n" + " " * indent + "]"


for path in sys.argv[1:]:
    with open(path, encoding="utf-8") as f:
        tree = json.load(f, object_pairs_hook=OrderedDict)
    with open(path, "w", encoding="utf-8") as f:
        f.write(layout(tree, 0) + "\n")
