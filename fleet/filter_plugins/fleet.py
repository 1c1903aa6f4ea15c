"""The fleet playbook's one filter: the commands a stack's build and run need (servers/*/stack.json)."""

import json
import os

from ansible.errors import AnsibleFilterError


def fleet_toolchain(stack_id, servers_dir):
    """stack.json's `toolchain` of a stack, its base's for a variant (`variant_of`), [] when absent."""
    seen = []
    current = stack_id
    while current not in seen:
        seen.append(current)
        path = os.path.join(servers_dir, current, "stack.json")
        try:
            with open(path, encoding="utf-8") as f:
                spec = json.load(f)
        except OSError as e:
            raise AnsibleFilterError("stack '%s': %s: %s" % (stack_id, path, e.strerror)) from e
        except ValueError as e:
            raise AnsibleFilterError("stack '%s': %s: %s" % (stack_id, path, e)) from e
        if "toolchain" in spec:
            return list(spec["toolchain"])
        if "variant_of" not in spec:
            return []
        current = spec["variant_of"]
    raise AnsibleFilterError("stack '%s': variant_of forms a cycle: %s" % (stack_id, " -> ".join(seen)))


class FilterModule:
    def filters(self):
        return {"fleet_toolchain": fleet_toolchain}
