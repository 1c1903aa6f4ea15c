"""What the hand-built data folders of the self-tests share (no tests of its own)."""
import json
import os

import common


def write_config(root, config=None):
    """config/analysis.json (200 bootstrap resamples, then `config`'s keys) and config/mixes.csv with
    one mix, get_only, that weighs get_item alone."""
    os.makedirs(os.path.join(root, "config"))
    cfg = {"bootstrap_resamples": 200}
    cfg.update(config or {})
    with open(os.path.join(root, "config", "analysis.json"), "w") as f:
        json.dump(cfg, f)
    with open(os.path.join(root, "config", "mixes.csv"), "w") as f:
        f.write("mix,endpoint,weight\n")
        for e in common.CRUD_ENDPOINTS:
            f.write(f"get_only,{e},{1 if e == 'get_item' else 0}\n")
